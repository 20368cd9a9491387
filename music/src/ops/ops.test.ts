import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { issueTokens, createUser, registerConfiguredClient } from '../accounts/service';
import { Browser, field } from '../accounts/testing';
import { createMusicApp } from '../app';
import { seedCatalog } from '../catalog/seed';
import { loadMusicConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database, QueryResult, Row } from '../db/types';
import { createLogger, safeUrl } from './logger';
import { handleShutdown } from '@graphonic/ops';

/** The music service's operations surface: metrics and their access rule, logs, and graceful shutdown. */

const db = await openDatabase({});
const lines: string[] = [];
let server: RunningServer;
let token = '';
let trackIds: string[] = [];

beforeAll(async () => {
  await migrate(db);
  await seedCatalog(db, { tracks: 20, albums: 2, artists: 1, playlists: 1, shows: 1, episodes: 1 });
  trackIds = (await db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 3')).rows.map((row) => row.id);
  const holder: { app?: ReturnType<typeof createMusicApp>['app'] } = {};
  server = await listen((req, res) => {
    holder.app?.(req, res);
  });
  const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_PUBLIC_URL: server.url });
  await registerConfiguredClient(db, config.client);
  const built = createMusicApp(config, {
    db,
    logger: createLogger({
      level: 'info',
      service: 'music',
      destination: { write: (line: string) => lines.push(line) },
    }),
  });
  holder.app = built.app;
  await createUser(db, { id: 'ops', displayName: 'Ops' });
  ({ access_token: token } = await issueTokens(db, {
    userId: 'ops',
    clientId: 'graphonic',
    scopes: [],
    ttlSeconds: 600,
    withRefreshToken: false,
  }));
}, 60_000);

afterAll(async () => {
  await server.close();
  await db.close();
});

describe('the music service metrics', () => {
  it('count requests by route pattern and status, and multi-get batch sizes', async () => {
    const ids = trackIds.join(',');
    expect(
      (await fetch(`${server.url}/v1/tracks?ids=${ids}`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    const single = await fetch(`${server.url}/v1/tracks/${trackIds[0] ?? ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(single.status).toBe(200);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('graphonic_music_requests_total{method="GET",route="/v1/tracks",status="200"} 1');
    expect(text).toContain('graphonic_music_requests_total{method="GET",route="/v1/tracks/:id",status="200"} 1');
    expect(text).toContain('graphonic_music_batch_size_bucket{le="2",route="/v1/tracks"} 0');
    expect(text).toContain('graphonic_music_batch_size_bucket{le="5",route="/v1/tracks"} 1');
    expect(text).toMatch(/^graphonic_music_active_access_tokens [1-9]/m);
    expect(text).toMatch(/^graphonic_music_active_sessions \d+$/m);
    // No id ever becomes a label.
    expect(text).not.toContain(trackIds[0]);
  });

  it('are not for strangers: a relayed request gets 404', async () => {
    const relayed = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.status).toBe(404);
  });

  it('answer only the bearer of METRICS_TOKEN when one is set', async () => {
    const metricsToken = 'music-metrics-token-of-some-length';
    const guarded = await listen(
      createMusicApp(loadMusicConfig({ NODE_ENV: 'test', METRICS_TOKEN: metricsToken }), { db }).app,
    );
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(404);
      const allowed = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(allowed.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('the music service logs', () => {
  it('keep the caller request id and never hold a token, a link token or a header', async () => {
    await fetch(`${server.url}/v1/me`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'from-the-api-42' },
    });
    await fetch(`${server.url}/login/email/a-one-time-link-token-0123456789`);
    await fetch(`${server.url}/authorize?client_id=graphonic&state=state-value-123456&code_challenge=challenge-abcdef`);
    const everything = lines.join('');
    expect(everything).toContain('"id":"from-the-api-42"');
    expect(everything).toContain('/login/email/[redacted]');
    for (const secret of [token, 'a-one-time-link-token-0123456789', 'state-value-123456', 'challenge-abcdef']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/authorization|cookie/i);
  });

  it('mask sign-in link tokens in paths', () => {
    expect(safeUrl('/login/email/abc?x=1')).toBe('/login/email/[redacted]?x=1');
    expect(safeUrl('/v1/tracks/abc')).toBe('/v1/tracks/abc');
  });
});

describe('unexpected errors', () => {
  const password = 'a-password-that-must-stay-out-of-logs';
  const errorLines: string[] = [];
  let failing: RunningServer;

  beforeAll(async () => {
    /** The store fails on users, as a library fails: its error carries the request it was given. */
    const store: Database = {
      ...db,
      query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
        if (!/\bFROM users\b/.test(sql)) return db.query<T>(sql, params);
        const error = Object.assign(new Error('the store went away'), {
          request: { headers: { authorization: `Bearer ${token}` }, body: { password } },
          password,
        });
        return Promise.reject(error);
      },
    };
    const config = loadMusicConfig({ NODE_ENV: 'test' });
    const logger = createLogger({
      level: 'error',
      service: 'music',
      destination: { write: (line: string) => errorLines.push(line) },
    });
    failing = await listen(createMusicApp(config, { db: store, logger }).app);
  });

  afterAll(async () => {
    await failing.close();
  });

  /** The log lines naming the request with this id. */
  function linesOf(requestId: string): Record<string, unknown>[] {
    return errorLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => (line.req as { id?: unknown } | undefined)?.id === requestId);
  }

  it('of a music v1 handler are logged with the request id, and without the token or any header', async () => {
    const response = await fetch(`${failing.url}/v1/me`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'v1-failure-7', cookie: 'sid=cookie-value-42' },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { status: 500, message: 'Server error.' } });
    const logged = linesOf('v1-failure-7');
    const line = logged.find((entry) => entry.msg === 'unexpected error');
    expect(line).toMatchObject({ level: 50, err: { type: 'Error', message: 'the store went away' } });
    const everything = errorLines.join('');
    for (const secret of [token, password, 'cookie-value-42']) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/authorization|cookie/i);
  });

  it('of a sign-in form are logged with the request id, and without the password', async () => {
    const browser = new Browser(failing.url);
    const page = await (await browser.get('/login')).text();
    const response = await browser.fetch('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'sign-in-failure-9' },
      body: new URLSearchParams({
        csrf: field(page, 'csrf'),
        continue: '',
        username: 'ops',
        password,
      }).toString(),
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Something went wrong on our side.');
    const line = linesOf('sign-in-failure-9').find((entry) => entry.msg === 'unexpected error');
    expect(line).toMatchObject({ err: { message: 'the store went away' }, req: { method: 'POST', url: '/login' } });
    const everything = errorLines.join('');
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(field(page, 'csrf'));
    expect(everything).not.toMatch(/authorization|cookie/i);
  });
});

describe('a graceful shutdown of the music service', () => {
  it('finishes the request in flight, refuses new connections, and closes the store last', async () => {
    const other = await openDatabase({});
    await migrate(other);
    const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_LATENCY_MS: '800' });
    await registerConfiguredClient(other, config.client);
    await createUser(other, { id: 'late', displayName: 'Late' });
    const { access_token: late } = await issueTokens(other, {
      userId: 'late',
      clientId: 'graphonic',
      scopes: ['user-read-private'],
      ttlSeconds: 600,
      withRefreshToken: false,
    });
    const http: Server = createServer(createMusicApp(config, { db: other }).app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const events: string[] = [];
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    const shutdown = handleShutdown({
      server: http,
      timeoutMs: 5000,
      logger: createLogger({ level: 'silent', service: 'music' }),
      close: async () => {
        events.push('store closed');
        await other.close();
      },
      exit,
    });
    // An answer 800 ms away (the latency switch), and SIGTERM while it is on its way.
    http.on('request', (_req, res: ServerResponse) => res.once('finish', () => events.push('answered')));
    const slow = fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${late}` } }).then(
      (response) => response.status,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = shutdown('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await fetch(`${url}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    expect(await slow).toBe(200);
    await stopping;
    expect(await exited).toBe(0);
    expect(events).toEqual(['answered', 'store closed']);
  }, 30_000);
});
