import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, seedCatalog } from '@graphonic/music';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test-support/postgres';
import { freePort, startService, type ServiceProcess } from '../../../test-support/processes';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasPostgres, hasRedis, POSTGRES_URL, REDIS_URL } from '../../../test-support/services';
import { signIn, type Jar } from '../../../test-support/sign-in';
import { startTcpProxy, type TcpProxy } from '../../../test-support/tcp-proxy';

/**
 * Redis and PostgreSQL restarting while the api and the music service run: each process reaches
 * its server through a TCP proxy of this test's own, which the test cuts and restores (the
 * machine's servers, shared with other tests, are never stopped). During an outage a request
 * gets UPSTREAM_UNAVAILABLE, nothing crashes, and service comes back by itself.
 */

const available = (await hasPostgres()) && (await hasRedis());

interface GraphqlAnswer {
  data?: { me: { id: string } | null } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

function port(url: string, fallback: number): number {
  return Number(new URL(url).port || fallback);
}

describe.runIf(available)('stores restarting under a running api', () => {
  const prefix = testKeyPrefix('outage');
  const scratch = mkdtempSync(join(tmpdir(), 'graphonic-outage-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let redisLink: TcpProxy | undefined;
  let postgresLink: TcpProxy | undefined;
  let music: ServiceProcess | undefined;
  let api: ServiceProcess | undefined;
  let apiUrl = '';
  let musicUrl = '';
  let jar: Jar;

  beforeAll(async () => {
    database = await createTestDatabase('outage');
    const db = await openDatabase({ url: database.url });
    try {
      await migrate(db);
      await seedCatalog(db, { tracks: 60, albums: 4, artists: 2, playlists: 1, shows: 1, episodes: 1 });
    } finally {
      await db.close();
    }
    redisLink = await startTcpProxy({ host: new URL(REDIS_URL).hostname, port: port(REDIS_URL, 6379) });
    postgresLink = await startTcpProxy({ host: new URL(POSTGRES_URL).hostname, port: port(POSTGRES_URL, 5432) });
    const [musicPort, apiPort] = await Promise.all([freePort(), freePort()]);
    musicUrl = `http://127.0.0.1:${musicPort}`;
    apiUrl = `http://127.0.0.1:${apiPort}`;
    music = startService('music/src/cli.ts', ['serve'], {
      NODE_ENV: 'test',
      DATABASE_URL: postgresLink.via(database.url),
      MUSIC_PORT: String(musicPort),
      MUSIC_PUBLIC_URL: musicUrl,
      MUSIC_CLIENT_REDIRECT_URIS: `${apiUrl}/auth/callback`,
      LOG_LEVEL: 'error',
    });
    await music.ready(`${musicUrl}/readyz`);
    api = startService('api/src/main.ts', [], {
      NODE_ENV: 'test',
      PORT: String(apiPort),
      PUBLIC_URL: apiUrl,
      MUSIC_API_URL: `${musicUrl}/v1`,
      MUSIC_ACCOUNTS_URL: musicUrl,
      REDIS_URL: redisLink.via(REDIS_URL),
      REDIS_KEY_PREFIX: prefix,
      WEB_DIST: join(scratch, 'no-web'),
      LOG_LEVEL: 'error',
    });
    await api.ready(`${apiUrl}/healthz`);
    ({ jar } = await signIn(apiUrl));
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    await music?.stop();
    await redisLink?.close();
    await postgresLink?.close();
    await deleteKeys(prefix);
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  async function me(
    withSession = true,
    query = '{ me { id } }',
  ): Promise<{ status: number; body: GraphqlAnswer; ms: number }> {
    const started = Date.now();
    const response = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(withSession ? { cookie: jar.header() } : {}) },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: (await response.json()) as GraphqlAnswer, ms: Date.now() - started };
  }

  const alive = (process: ServiceProcess | undefined): boolean =>
    process?.child.exitCode === null && process.child.signalCode === null;

  it('answers UPSTREAM_UNAVAILABLE while Redis is down, and serves the same session again when it is back', async () => {
    expect((await me()).body).toEqual({ data: { me: { id: 'demo' } } });
    redisLink?.cut();
    try {
      const during = await me();
      expect(during.status).toBe(503);
      expect(during.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(during.ms).toBeLessThan(3000);
      // Without a session nothing needs the store: an anonymous visitor is simply not signed in.
      expect((await me(false)).body).toEqual({ data: { me: null } });
      expect((await fetch(`${apiUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${apiUrl}/readyz`)).status).toBe(503);
    } finally {
      redisLink?.restore();
    }
    await expect
      .poll(async () => (await me()).body, { timeout: 10_000, interval: 200 })
      .toEqual({
        data: { me: { id: 'demo' } },
      });
    expect((await fetch(`${apiUrl}/readyz`)).status).toBe(200);
    expect(alive(api)).toBe(true);
  }, 60_000);

  it('answers UPSTREAM_UNAVAILABLE while PostgreSQL is down, and comes back by itself', async () => {
    // The listener's library, which the music service reads from its store each time.
    const library = '{ me { id savedTracks(first: 1) { totalCount } } }';
    const before = await me(true, library);
    expect(before.body.errors).toBeUndefined();
    postgresLink?.cut();
    try {
      const during = await me(true, library);
      expect(during.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(during.ms).toBeLessThan(10_000);
      expect((await fetch(`${musicUrl}/readyz`)).status).toBe(503);
      expect((await fetch(`${musicUrl}/healthz`)).status).toBe(200);
    } finally {
      postgresLink?.restore();
    }
    // The session survived the outage: the same cookie works again.
    await expect
      .poll(async () => (await me(true, library)).body, { timeout: 15_000, interval: 250 })
      .toEqual(before.body);
    expect((await fetch(`${musicUrl}/readyz`)).status).toBe(200);
    expect(alive(api)).toBe(true);
    expect(alive(music)).toBe(true);
  }, 60_000);
});
