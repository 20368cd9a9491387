import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { freePort, startService, type ServiceProcess } from '../../../test-support/processes';

/**
 * SIGTERM to a running api process, with a request in flight against the local music service
 * (slowed down by its latency switch): the request completes, new connections are refused, and
 * the process exits in time; one slower than the shutdown timeout is cut at the deadline.
 */

const scratch = mkdtempSync(join(tmpdir(), 'graphonic-shutdown-'));
let music: LocalMusic;
let token = '';
let trackId = '';

beforeAll(async () => {
  music = await startLocalMusic({
    catalog: { tracks: 20, albums: 2, artists: 1, playlists: 1, shows: 1, episodes: 1 },
    env: { MUSIC_LATENCY_MS: '1500' },
  });
  const { rows } = await music.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 1');
  trackId = rows[0]?.id ?? '';
  token = await music.listenerToken('stopper', ['user-read-private'], { ttlSeconds: 600 });
}, 60_000);

afterAll(async () => {
  await music.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function startApi(shutdownTimeout: number): Promise<{ api: ServiceProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = startService('api/src/main.ts', [], {
    // Not `test`: outside tests, libraries (Apollo Server) install signal handlers of their own.
    NODE_ENV: 'development',
    PORT: String(port),
    MUSIC_API_URL: `${music.url}/v1`,
    MUSIC_ACCOUNTS_URL: music.url,
    SESSION_DIR: join(scratch, `sessions-${port}`),
    WEB_DIST: join(scratch, 'no-web'),
    SHUTDOWN_TIMEOUT: String(shutdownTimeout),
    LOG_LEVEL: 'info',
  });
  await api.ready(`${url}/healthz`);
  return { api, url };
}

function slowQuery(url: string): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: `{ track(id: "${trackId}") { id } }` }),
  });
}

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code === 'ECONNREFUSED';
  }
}

describe('shutting the api down', () => {
  it('finishes the request in flight, refuses new connections, and exits in time', async () => {
    const { api, url } = await startApi(10);
    const inFlight = slowQuery(url);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    await expect.poll(() => refused(url), { timeout: 2000, interval: 50 }).toBe(true);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { track: { id: trackId } } });
    expect(await api.exited).toBe(0);
    // The upstream's 1.5 s, and little more: nowhere near the 10 s allowed.
    expect(Date.now() - signalled).toBeLessThan(5000);
    expect(api.output()).toMatch(/"msg":"shutting down"/);
  }, 60_000);

  it('cuts a request that outlasts the shutdown timeout and exits soon after it', async () => {
    const { api, url } = await startApi(1);
    // An upstream slower than the 1 s the shutdown allows.
    music.app.faults.set({ latencyMs: { min: 5000, max: 5000 } });
    const inFlight = slowQuery(url).then(
      (response) => response.status,
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(4000);
    expect(await inFlight).toBe('cut');
  }, 60_000);
});
