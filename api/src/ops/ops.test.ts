import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { signIn, visit } from '../../../test-support/sign-in';
import { createApp } from '../app';
import { developmentClientSecret, developmentSessionSecret, loadConfig } from '../config';
import { createLogger } from './logger';
import { endpointOf } from './metrics';

/**
 * The api's operations surface against the real local music service: logs (what they hold and
 * what they never hold), the request id across both services, metrics and their access rule,
 * and readiness. The shared pieces are tested on their own in ops/src (@graphonic/ops).
 */

function capture(): { lines: string[]; stream: { write: (line: string) => void } } {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => lines.push(line) } };
}

const scratch = mkdtempSync(join(tmpdir(), 'graphonic-ops-'));
const apiLog = capture();
const musicLog = capture();
let music: LocalMusic;
let api: RunningServer;
let stopApi: () => Promise<void>;
let trackIds: string[] = [];
let bearer = '';

beforeAll(async () => {
  const holderApi: { app?: Awaited<ReturnType<typeof createApp>>['app'] } = {};
  api = await listen((req, res) => {
    holderApi.app?.(req, res);
  });
  music = await startLocalMusic({
    demoUser: true,
    env: { MUSIC_CLIENT_REDIRECT_URIS: `${api.url}/auth/callback` },
    logger: createLogger({ level: 'debug', service: 'music', destination: musicLog.stream }),
  });
  trackIds = (await music.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 5')).rows.map(
    (row) => row.id,
  );
  const built = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: api.url,
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_DIR: join(scratch, 'sessions'),
      WEB_DIST: join(scratch, 'no-web'),
    }),
    { logger: createLogger({ level: 'debug', service: 'api', destination: apiLog.stream }) },
  );
  holderApi.app = built.app;
  stopApi = built.stop;
  bearer = await music.listenerToken('metered', ['user-read-private'], { ttlSeconds: 600 });
}, 60_000);

afterAll(async () => {
  await api.close();
  await stopApi();
  await music.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function graphql(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('logs', () => {
  it('never hold a token, a code, a state, a secret or a cookie, through a whole sign-in', async () => {
    const signedIn = await signIn(api.url);
    const cookie = signedIn.jar.header();
    const me = await graphql({ query: '{ me { id } }' }, { cookie });
    expect(await me.json()).toEqual({ data: { me: { id: 'demo' } } });
    await graphql({ query: '{ me { id } }' }, { authorization: `Bearer ${bearer}` });
    // A replayed callback and a sign-out write their own lines.
    await visit(signedIn.jar, `${api.url}/auth/callback?code=${signedIn.code}&state=${signedIn.state}`);
    const stored = readdirSync(join(scratch, 'sessions'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => readFileSync(join(scratch, 'sessions', name), 'utf8'))
      .join('\n');
    const tokens = [...stored.matchAll(/"(?:accessToken|refreshToken)":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    await visit(signedIn.jar, `${api.url}/auth/logout`, { method: 'POST' });

    const everything = [...apiLog.lines, ...musicLog.lines].join('');
    // The log did record the traffic: requests with their paths and statuses.
    expect(everything).toContain('/auth/callback?code=[redacted]&state=[redacted]');
    expect(everything).toContain('"statusCode":303');
    const secrets = [
      ...tokens,
      bearer,
      signedIn.code,
      signedIn.state,
      cookie.replace(/^[^=]+=/, ''),
      decodeURIComponent(cookie.replace(/^[^=]+=/, '')),
      developmentClientSecret,
      developmentSessionSecret,
    ];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything).not.toContain(secret);
    }
  }, 60_000);

  it('carry one request id from the api into the music service', async () => {
    const id = 'trace-7f3a9c21';
    const response = await graphql(
      { query: `{ track(id: "${trackIds[0] ?? ''}") { id } }` },
      { authorization: `Bearer ${bearer}`, 'x-request-id': id },
    );
    expect(response.headers.get('x-request-id')).toBe(id);
    type Line = { service?: string; req?: { id?: string; url?: string }; res?: unknown };
    const withId = (lines: string[]): Line[] =>
      lines.map((line) => JSON.parse(line) as Line).filter((line) => line.req?.id === id && line.res);
    expect(withId(apiLog.lines)).toMatchObject([
      { service: 'api', req: { method: 'POST', url: '/graphql' }, res: { statusCode: 200 } },
    ]);
    const musicLines = withId(musicLog.lines);
    expect(musicLines).toHaveLength(1);
    expect(musicLines[0]?.service).toBe('music');
    expect(musicLines[0]?.req?.url).toMatch(/^\/v1\/tracks/);
  });
});

describe('metrics', () => {
  async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
    const response = await fetch(`${api.url}/metrics`, { headers });
    return { status: response.status, text: await response.text() };
  }

  /** The value of one series (its name and labels as printed), 0 when absent. */
  const value = (text: string, series: string): number => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('count upstream calls, batches, cache hits and misses, and operations by name', async () => {
    const before = (await scrape()).text;
    const ids = trackIds.slice(1, 4);
    const document = `query ThreeTracks { ${ids.map((id, index) => `t${index}: track(id: "${id}") { id }`).join(' ')} }`;
    for (let round = 0; round < 2; round += 1) {
      const response = await graphql({ query: document }, { authorization: `Bearer ${bearer}` });
      expect(response.status).toBe(200);
    }
    const { status, text } = await scrape();
    expect(status).toBe(200);
    const grew = (series: string): number => value(text, series) - value(before, series);
    // One batched call for three ids; the second round came from the cache.
    expect(grew('graphonic_upstream_requests_total{method="GET",endpoint="/v1/tracks",status="200"}')).toBe(1);
    expect(grew('graphonic_upstream_batch_size_bucket{le="2",endpoint="/v1/tracks"}')).toBe(0);
    expect(grew('graphonic_upstream_batch_size_bucket{le="5",endpoint="/v1/tracks"}')).toBe(1);
    expect(grew('graphonic_catalog_cache_misses_total{type="track"}')).toBe(3);
    expect(grew('graphonic_catalog_cache_hits_total{type="track"}')).toBe(3);
    expect(grew('graphonic_graphql_operations_total{operation="ThreeTracks",type="query",outcome="ok"}')).toBe(2);
    expect(grew('graphonic_graphql_operation_duration_seconds_count{operation="ThreeTracks",type="query"}')).toBe(2);
    expect(text).toMatch(/^graphonic_active_sessions \d+$/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it('name upstream endpoints without their ids', () => {
    expect(endpointOf('/v1/albums/4aawyAB9vmqN3uQ7FjRGTy/tracks')).toBe('/v1/albums/{id}/tracks');
    expect(endpointOf('/v1/me/tracks/contains')).toBe('/v1/me/tracks/contains');
    expect(endpointOf('/v1/browse/categories/rock/playlists')).toBe('/v1/browse/categories/{id}/playlists');
    expect(endpointOf('/v1/users/demo/playlists')).toBe('/v1/users/{id}/playlists');
  });

  it('are not for strangers: a request relayed by a proxy on this machine gets 404', async () => {
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await scrape({ forwarded: 'for=203.0.113.9' })).status).toBe(404);
  });

  it('answer only the bearer of METRICS_TOKEN when one is set', async () => {
    const token = 'a-metrics-token-of-thirty-two-chars!';
    const built = await createApp(
      loadConfig({
        NODE_ENV: 'test',
        METRICS_TOKEN: token,
        SESSION_DIR: join(scratch, 'sessions-token'),
        WEB_DIST: join(scratch, 'no-web'),
      }),
      { logger: createLogger({ level: 'silent', service: 'api' }) },
    );
    const server = await listen(built.app);
    try {
      const get = (headers: Record<string, string>) =>
        fetch(`${server.url}/metrics`, { headers }).then((response) => response.status);
      expect(await get({})).toBe(404);
      expect(await get({ authorization: 'Bearer wrong-token-wrong-token-wrong-token' })).toBe(404);
      expect(await get({ authorization: `Bearer ${token}` })).toBe(200);
    } finally {
      await server.close();
      await built.stop();
    }
  });
});

describe('health', () => {
  it('is alive and ready while its store and upstream answer', async () => {
    expect(await (await fetch(`${api.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', upstream: 'ok' } });
  });

  it('is not ready while its upstream cannot be reached', async () => {
    const gone = await listen(() => undefined);
    const url = gone.url;
    await gone.close();
    const built = await createApp(
      loadConfig({
        NODE_ENV: 'test',
        MUSIC_API_URL: `${url}/v1`,
        SESSION_DIR: join(scratch, 'sessions-gone'),
        WEB_DIST: join(scratch, 'no-web'),
      }),
      { logger: createLogger({ level: 'silent', service: 'api' }) },
    );
    const server = await listen(built.app);
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', checks: { store: 'ok', upstream: 'unavailable' } });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
      await built.stop();
    }
  });
});
