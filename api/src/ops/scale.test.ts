import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, seedCatalog } from '@graphonic/music';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpProxy, type Exchange, type HttpProxy } from '../../../test-support/http-proxy';
import { createTestDatabase } from '../../../test-support/postgres';
import { freePort, startService, type ServiceProcess } from '../../../test-support/processes';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasPostgres, hasRedis, REDIS_URL } from '../../../test-support/services';
import { signIn, type Jar } from '../../../test-support/sign-in';

/**
 * The scaled deployment without Docker: two api processes and one music service on the
 * machine's PostgreSQL (a database of this test's own) and Redis (a key prefix of its own),
 * behind a small proxy on loopback. Between each api and the music service sits a counting
 * proxy, so that every upstream call of each instance is seen from outside.
 */

const budget = 24;
const musicRateLimit = '8/2s';
const available = (await hasPostgres()) && (await hasRedis());

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[];
}

describe.runIf(available)('two api instances sharing Redis, in front of the music service on PostgreSQL', () => {
  const prefix = testKeyPrefix('scale');
  const scratch = mkdtempSync(join(tmpdir(), 'graphonic-scale-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let music: ServiceProcess | undefined;
  const apis: ServiceProcess[] = [];
  const proxies: HttpProxy[] = [];
  let front: HttpProxy;
  let upstream: [HttpProxy, HttpProxy];
  let redis: RedisClientType | undefined;
  let trackIds: string[] = [];
  let jar: Jar;
  const listeners = new Set<(exchange: Exchange & { instance: 0 | 1 }) => void>();

  beforeAll(async () => {
    database = await createTestDatabase('scale');
    const db = await openDatabase({ url: database.url });
    try {
      await migrate(db);
      await seedCatalog(db, { tracks: 200, albums: 12, artists: 6, playlists: 2, shows: 1, episodes: 2 });
      const { rows } = await db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 80');
      trackIds = rows.map((row) => row.id);
    } finally {
      await db.close();
    }

    const [musicPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
    const musicUrl = `http://127.0.0.1:${musicPort}`;
    front = await startHttpProxy([`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]);
    upstream = [
      await startHttpProxy([musicUrl], {
        onExchange: (exchange) => listeners.forEach((tell) => tell({ ...exchange, instance: 0 })),
      }),
      await startHttpProxy([musicUrl], {
        onExchange: (exchange) => listeners.forEach((tell) => tell({ ...exchange, instance: 1 })),
      }),
    ];
    proxies.push(front, ...upstream);

    music = startService('music/src/cli.ts', ['serve'], {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      MUSIC_HOST: '127.0.0.1',
      MUSIC_PORT: String(musicPort),
      MUSIC_PUBLIC_URL: musicUrl,
      MUSIC_CLIENT_REDIRECT_URIS: `${front.url}/auth/callback`,
      MUSIC_RATE_LIMIT: musicRateLimit,
      LOG_LEVEL: 'warn',
    });
    await music.ready(`${musicUrl}/readyz`);

    const api = (port: number, via: HttpProxy): ServiceProcess =>
      startService('api/src/main.ts', [], {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: front.url,
        MUSIC_API_URL: `${via.url}/v1`,
        MUSIC_ACCOUNTS_URL: musicUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        SESSION_SECRET: 'a-session-secret-shared-by-both-instances',
        MUSIC_RATE_BUDGET: `${budget}/30s`,
        // One listener drives every test: the whole budget is theirs to take (their share is tested on its own).
        MUSIC_RATE_SHARE: '100',
        SESSION_DIR: join(scratch, `sessions-${port}`),
        WEB_DIST: join(scratch, 'no-web'),
        LOG_LEVEL: 'warn',
      });
    apis.push(api(portA, upstream[0]), api(portB, upstream[1]));
    await Promise.all([
      apis[0]?.ready(`http://127.0.0.1:${portA}/healthz`),
      apis[1]?.ready(`http://127.0.0.1:${portB}/healthz`),
    ]);

    const client: RedisClientType = createClient({ url: REDIS_URL });
    await client.connect();
    redis = client;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await music?.stop();
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await deleteKeys(prefix);
    if (redis?.isOpen) redis.destroy();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  /** Runs an operation through the front proxy on instance `backend` (0 is A, 1 is B) with the session. */
  async function query(backend: 0 | 1, document: string): Promise<GraphqlAnswer> {
    const response = await fetch(`${front.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header(), 'x-backend': String(backend) },
      body: JSON.stringify({ query: document }),
      signal: AbortSignal.timeout(20_000),
    });
    return (await response.json()) as GraphqlAnswer;
  }

  const v1 = (instance: 0 | 1): Exchange[] => upstream[instance].exchanges.filter((e) => e.url.startsWith('/v1/'));
  const trackQuery = (id: string): string => `{ track(id: "${id}") { id name } }`;

  it('keeps a person signed in at A working through B', async () => {
    front.route = 0;
    ({ jar } = await signIn(front.url));
    // Sign-in through A learnt the listener from the ID token (no music v1 call); from here on, B does the work
    // with the same cookie.
    expect(v1(0).map((e) => e.url)).toEqual([]);
    const me = await query(1, '{ me { id } }');
    expect(me).toEqual({ data: { me: { id: 'demo' } } });
    expect(v1(1).map((e) => e.url)).toEqual(['/v1/me']);
    // The request id of each call reached the music service.
    expect(v1(1)[0]?.requestId).toMatch(/^[\w.:-]+$/);
  }, 60_000);

  it('serves B from the shared cache what A fetched: B makes no upstream call for it', async () => {
    const id = trackIds[0] ?? '';
    const fromA = await query(0, trackQuery(id));
    expect(fromA.errors).toBeUndefined();
    expect(v1(0).filter((e) => e.url.startsWith('/v1/tracks') && e.url.includes(id))).toHaveLength(1);
    const beforeB = v1(1).length;
    const fromB = await query(1, trackQuery(id));
    expect(fromB).toEqual(fromA);
    expect(v1(1).slice(beforeB)).toEqual([]);
  }, 30_000);

  it('pauses the listener on both instances when the upstream answers one of them 429 with Retry-After', async () => {
    let seen: (Exchange & { instance: 0 | 1 }) | undefined;
    const first429 = new Promise<Exchange & { instance: 0 | 1 }>((resolve) => {
      const listener = (exchange: Exchange & { instance: 0 | 1 }): void => {
        if (exchange.status !== 429) return;
        seen = exchange;
        listeners.delete(listener);
        resolve(exchange);
      };
      listeners.add(listener);
    });
    // A asks for track after track until the music service's rate limit answers 429.
    const flood = (async () => {
      for (const id of trackIds.slice(1, 20)) {
        if (seen) break;
        await query(0, trackQuery(id));
      }
    })();
    const limited = await first429;
    expect(limited.instance).toBe(0);
    // A put the pause in Redis for every instance: the listener's own, since the local music service does not say
    // that its limit is the app's (docs/decisions/024-fair-use-of-the-upstream.md).
    const pauseOf = async (): Promise<number> => {
      const [key] = (await redis?.keys(`${prefix}rate:pause:*`)) ?? [];
      return key === undefined ? 0 : ((await redis?.pTTL(key)) ?? 0);
    };
    let pauseMs = 0;
    await expect.poll(async () => (pauseMs = await pauseOf()), { timeout: 2000, interval: 5 }).toBeGreaterThan(0);
    expect(await redis?.pTTL(`${prefix}rate:pause`)).toBeLessThan(0);
    const pauseEnds = Date.now() + pauseMs;
    const beforeB = v1(1).length;
    const started = Date.now();
    const fromB = await query(1, trackQuery(trackIds[30] ?? ''));
    await flood;
    // B waited for the pause: not one of its calls went out before the pause ended.
    const callsOfB = v1(1).slice(beforeB);
    expect(callsOfB.length).toBeGreaterThan(0);
    for (const call of callsOfB) expect(call.at).toBeGreaterThanOrEqual(pauseEnds - 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(pauseMs - 50);
    expect(fromB.data ?? fromB.errors?.[0]?.extensions?.code).toBeTruthy();
  }, 60_000);

  it('never lets the instances together exceed the request budget of a 30 s window', async () => {
    // Both instances at once, each asking for tracks no one has fetched yet.
    const ids = trackIds.slice(40, 72);
    const answers = await Promise.all(ids.map((id, index) => query((index % 2) as 0 | 1, trackQuery(id))));
    const codes = answers.flatMap((answer) => answer.errors ?? []).map((error) => error.extensions?.code);
    const budgetRefusals = answers
      .flatMap((answer) => answer.errors ?? [])
      .filter((error) => error.extensions?.code === 'RATE_LIMITED' && /request budget/.test(error.message));
    expect(budgetRefusals.length, `codes: ${codes.join(', ')}`).toBeGreaterThan(0);
    expect(budgetRefusals[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(0);

    // Every budgeted call either instance sent (sign-in made none: the ID token named the listener).
    const calls = [...v1(0), ...v1(1)].map((e) => e.at).sort((a, b) => a - b);
    const busiestWindow = Math.max(
      ...calls.map((start) => calls.filter((at) => at >= start && at < start + 30_000).length),
    );
    expect(busiestWindow).toBe(budget);
  }, 90_000);
});
