import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { assertSafeBaseUrl, MusicClient, upstreamAnswers, type MusicClientOptions, type TokenSource } from './client';
import { MusicApiError } from './errors';
import { LocalRateGate } from './rate-gate';

/** A scripted upstream: each path answers from a queue of responses, and logs every call. */
let calls: { method: string; path: string; authorization: string | undefined; body: unknown }[] = [];
let script: Record<string, ((req: Request, res: Response) => void)[]> = {};
let upstream: RunningServer;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.all('/v1/{*path}', (req, res) => {
    calls.push({
      method: req.method,
      path: req.path,
      authorization: req.get('authorization'),
      body: req.body as unknown,
    });
    const next = script[req.path]?.shift();
    if (next) next(req, res);
    else res.json({ ok: true, query: req.query });
  });
  upstream = await listen(app);
});
afterAll(() => upstream.close());
beforeEach(() => {
  calls = [];
  script = {};
});

function tokens(): TokenSource & { refreshes: number } {
  const source = {
    refreshes: 0,
    current: 'token-1',
    accessToken: () => Promise.resolve(source.current),
    refresh: () => {
      source.refreshes += 1;
      source.current = `token-${source.refreshes + 1}`;
      return Promise.resolve(source.current);
    },
  };
  return source;
}

const waits: number[] = [];
/** The clients' clock: it stands still but for their waits, which pass at once. */
let clockMs = 0;
function client(overrides: Partial<MusicClientOptions> = {}): MusicClient {
  waits.length = 0;
  return new MusicClient({
    baseUrl: `${upstream.url}/v1`,
    tokens: tokens(),
    gate: new LocalRateGate({ now: () => clockMs }),
    sleep: (ms) => {
      waits.push(ms);
      clockMs += ms;
      return Promise.resolve();
    },
    random: () => 1,
    ...overrides,
  });
}

const status =
  (
    code: number,
    body: unknown = { error: { status: code, message: `status ${code}` } },
    headers: Record<string, string> = {},
  ) =>
  (_req: Request, res: Response) => {
    res.status(code).set(headers).json(body);
  };

describe('the music v1 client', () => {
  it('sends the bearer token and query, and parses JSON', async () => {
    const result = await client().get<{ ok: boolean; query: unknown }>('/tracks', { ids: 'a,b', market: undefined });
    expect(result).toEqual({ ok: true, query: { ids: 'a,b' } });
    expect(calls).toEqual([{ method: 'GET', path: '/v1/tracks', authorization: 'Bearer token-1', body: undefined }]);
  });

  it('sends JSON bodies and treats 204 and empty 2xx bodies as no result', async () => {
    script['/v1/me/player/play'] = [
      (_req, res) => {
        res.status(204).end();
      },
    ];
    script['/v1/me/player/pause'] = [
      (_req, res) => {
        res.status(200).end();
      },
    ];
    const music = client();
    await expect(music.put('/me/player/play', { body: { uris: ['spotify:track:x'] } })).resolves.toBeUndefined();
    await expect(music.put('/me/player/pause')).resolves.toBeUndefined();
    expect(calls[0]?.body).toEqual({ uris: ['spotify:track:x'] });
  });

  it('refreshes the token once on 401 and retries once, never looping', async () => {
    script['/v1/me'] = [status(401), (_req, res) => res.json({ id: 'demo' })];
    const source = tokens();
    expect(await client({ tokens: source }).get('/me')).toEqual({ id: 'demo' });
    expect(source.refreshes).toBe(1);
    expect(calls.map((call) => call.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);

    calls = [];
    script['/v1/me'] = [status(401), status(401), status(401)];
    const again = tokens();
    await expect(client({ tokens: again }).get('/me')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(again.refreshes).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('waits for Retry-After within its budget, then answers RATE_LIMITED with the wait', async () => {
    script['/v1/search'] = [
      status(429, { error: { status: 429, message: 'API rate limit exceeded' } }, { 'retry-after': '2' }),
    ];
    expect(await client().get('/search')).toMatchObject({ ok: true });
    expect(waits).toEqual([2000]);

    script['/v1/search'] = [status(429, { error: { status: 429, message: 'slow down' } }, { 'retry-after': '30' })];
    const error = (await client()
      .get('/search')
      .catch((caught: unknown) => caught)) as MusicApiError;
    expect(error).toBeInstanceOf(MusicApiError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 30 });
  });

  it('makes every call wait while the shared gate is closed', async () => {
    const gate = new LocalRateGate();
    await gate.closeFor(60_000);
    calls = [];
    await expect(client({ gate }).get('/tracks')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 60,
    });
    expect(calls).toHaveLength(0);
  });

  it('holds only the listener whose own token was told to wait, unless the upstream says the app is limited', async () => {
    const gate = new LocalRateGate();
    const foreign = { gate, limitsApp: () => false, rateLimitBudgetMs: 1000 };
    script['/v1/me'] = [status(429, { error: { status: 429, message: 'slow down' } }, { 'retry-after': '30' })];
    await expect(client({ ...foreign, listener: 'token:greedy' }).get('/me')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 30,
    });
    // The greedy token waits without calling; another listener's call goes, and is answered.
    calls = [];
    await expect(client({ ...foreign, listener: 'token:greedy' }).get('/me')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(calls).toHaveLength(0);
    await expect(client({ ...foreign, listener: 'user:other' }).get('/me')).resolves.toMatchObject({ ok: true });
    expect(calls).toHaveLength(1);

    // A quota answer for the app's own token: every listener waits.
    const own = { gate, limitsApp: (reason?: string) => reason === 'QUOTA_EXCEEDED', rateLimitBudgetMs: 1000 };
    script['/v1/me'] = [
      status(
        429,
        { error: { status: 429, message: 'Too many requests', reason: 'QUOTA_EXCEEDED' } },
        { 'retry-after': '30' },
      ),
    ];
    await expect(client({ ...own, listener: 'user:first' }).get('/me')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    calls = [];
    await expect(client({ ...own, listener: 'user:other' }).get('/me')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(calls).toHaveLength(0);
  });

  it("keeps each listener within their share of the budget, so that one cannot get another's calls rated", async () => {
    const gate = new LocalRateGate({
      now: () => 0,
      budget: { requests: 4, windowMs: 60_000 },
      listenerSharePercent: 50,
    });
    const greedy = client({ gate, listener: 'user:greedy' });
    await greedy.get('/tracks');
    await greedy.get('/tracks');
    const refused = await greedy.get('/tracks').catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 60 });
    expect((refused as MusicApiError).message).toMatch(/your whole share/);
    await expect(client({ gate, listener: 'user:other' }).get('/tracks')).resolves.toMatchObject({ ok: true });
    expect(calls).toHaveLength(3);
  });

  it('keeps calls within the request budget: waits for a place when it fits, else RATE_LIMITED unsent', async () => {
    let now = 0;
    const gate = new LocalRateGate({ now: () => now, budget: { requests: 2, windowMs: 4000 } });
    const slept: number[] = [];
    const sleep = (ms: number): Promise<void> => {
      slept.push(ms);
      now += ms;
      return Promise.resolve();
    };
    const patient = client({ gate, rateLimitBudgetMs: 3000, sleep });
    await patient.get('/tracks');
    now = 1000;
    await patient.get('/tracks');
    expect(slept).toEqual([]);
    // The window is full until the first call leaves it, 3 s from now: within the budget, so the call waits, then goes.
    await patient.get('/tracks');
    expect(slept).toEqual([3000]);
    expect(calls).toHaveLength(3);
    // Full again for 1 s, more than this client's budget allows: refused at once, and nothing is sent.
    const refused = await client({ gate, rateLimitBudgetMs: 500, sleep })
      .get('/tracks')
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(MusicApiError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect((refused as MusicApiError).message).toMatch(/request budget/);
    expect(slept).toEqual([3000]);
    expect(calls).toHaveLength(3);
  });

  it('retries 5xx with backoff for idempotent calls only', async () => {
    script['/v1/albums'] = [status(502), status(503), (_req, res) => res.json({ albums: [] })];
    expect(await client().get('/albums')).toEqual({ albums: [] });
    expect(waits).toEqual([100, 200]);

    script['/v1/me/playlists'] = [status(500)];
    calls = [];
    await expect(client().post('/me/playlists', { body: { name: 'x' } })).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 500,
    });
    expect(calls).toHaveLength(1);
  });

  it('never sends a write again unless it says it is idempotent: a reorder goes once after a 5xx', async () => {
    const reorder = { body: { range_start: 0, insert_before: 3, range_length: 1 }, idempotent: false };
    script['/v1/playlists/p/items'] = [status(502), status(200, { snapshot_id: 'twice' })];
    await expect(client().put('/playlists/p/items', reorder)).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 502,
    });
    expect(calls).toEqual([
      { method: 'PUT', path: '/v1/playlists/p/items', authorization: 'Bearer token-1', body: reorder.body },
    ]);
    expect(waits).toEqual([]);

    // A write without a word about it is not resent either; one that says it is idempotent is.
    calls = [];
    script['/v1/playlists/p'] = [status(503), status(503), status(200, {})];
    await expect(client().put('/playlists/p', { body: { name: 'x' } })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    calls = [];
    await expect(client().put('/playlists/p', { body: { name: 'x' }, idempotent: true })).resolves.toEqual({});
    expect(calls).toHaveLength(2);
  });

  it('sends a reorder once when the music service does not answer, and says the outcome is unknown', async () => {
    script['/v1/playlists/p/items'] = [() => undefined, () => undefined];
    // Attempts as the client made them: on a busy machine a 50 ms attempt may end before the upstream has read it.
    const attempts: (number | 'error')[] = [];
    const music = client({ timeoutMs: 50, onRequest: (event) => attempts.push(event.status) });
    await expect(
      music.put('/playlists/p/items', { body: { range_start: 0, insert_before: 3 }, idempotent: false }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The music service did not answer in time. The change may or may not have been made.',
    });
    expect(attempts).toEqual(['error']);
  });

  it('gives up after its retries with UPSTREAM_UNAVAILABLE', async () => {
    script['/v1/albums'] = [status(500), status(500), status(500), status(500)];
    await expect(client().get('/albums')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    // Counted by path: a request of the test before, given up on before it arrived, may arrive now.
    expect(calls.filter((call) => call.path === '/v1/albums')).toHaveLength(3);
  });

  it('times out a silent upstream', async () => {
    script['/v1/slow'] = [() => undefined, () => undefined];
    // Attempts as the client made them: on a busy machine a 50 ms attempt may end before the upstream (in this
    // same process) has even read it.
    const attempts: (number | 'error')[] = [];
    const music = client({ timeoutMs: 50, maxRetries: 1, onRequest: (event) => attempts.push(event.status) });
    await expect(music.get('/slow')).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The music service did not answer in time.',
    });
    expect(attempts).toEqual(['error', 'error']);
  });

  it('maps player reasons and statuses through one table', async () => {
    script['/v1/me/player/pause'] = [
      status(404, { error: { status: 404, message: 'No active device', reason: 'NO_ACTIVE_DEVICE' } }),
    ];
    script['/v1/me/player/play'] = [
      status(403, { error: { status: 403, message: 'Premium required', reason: 'PREMIUM_REQUIRED' } }),
    ];
    script['/v1/albums/x'] = [status(404)];
    script['/v1/tracks'] = [status(400)];
    const music = client();
    await expect(music.put('/me/player/pause')).rejects.toMatchObject({
      code: 'NO_ACTIVE_DEVICE',
      reason: 'NO_ACTIVE_DEVICE',
    });
    await expect(music.put('/me/player/play')).rejects.toMatchObject({ code: 'PREMIUM_REQUIRED' });
    await expect(music.get('/albums/x')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'status 404' });
    await expect(music.get('/tracks')).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('reports every attempt', async () => {
    script['/v1/albums'] = [status(503)];
    const events: unknown[] = [];
    await client({ onRequest: (event) => events.push({ ...event, ms: 0 }) }).get('/albums');
    expect(events).toEqual([
      { method: 'GET', path: '/v1/albums', status: 503, ms: 0 },
      { method: 'GET', path: '/v1/albums', status: 200, ms: 0 },
    ]);
  });
});

describe('upstream URLs', () => {
  it('allow https anywhere and http only to loopback', () => {
    expect(assertSafeBaseUrl('https://api.spotify.com/v1').host).toBe('api.spotify.com');
    expect(assertSafeBaseUrl('http://127.0.0.1:4100/v1').port).toBe('4100');
    expect(assertSafeBaseUrl('http://[::1]:4100/v1').hostname).toBe('[::1]');
    expect(() => assertSafeBaseUrl('http://music.example.org/v1')).toThrow(/must use https/);
    expect(() => assertSafeBaseUrl('ftp://127.0.0.1/v1')).toThrow(/must use https/);
    expect(() => new MusicClient({ baseUrl: 'http://10.0.0.5/v1', tokens: tokens() })).toThrow(/must use https/);
  });

  it('say whether the upstream answers at all, whatever the status, and never ask a refused address', async () => {
    script['/v1/'] = [(_req, res) => res.status(401).json({ error: { status: 401, message: 'No token provided' } })];
    expect(await upstreamAnswers(`${upstream.url}/v1`, 2000)).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.path} ${String(call.authorization)}`)).toEqual([
      'GET /v1/ undefined',
    ]);
    const gone = await listen((_req, res) => res.end());
    await gone.close();
    expect(await upstreamAnswers(`${gone.url}/v1`, 2000)).toBe(false);
    expect(await upstreamAnswers('http://music.example.org/v1', 2000)).toBe(false);
  });
});

describe('paths', () => {
  it('refuse an id that is a dot segment, which would name another resource, and send nothing', async () => {
    for (const id of ['.', '..']) {
      const call = client().get(`/browse/categories/${encodeURIComponent(id)}`);
      await expect(call).rejects.toBeInstanceOf(MusicApiError);
      await expect(call).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    }
    // Counted by path, as above: a request given up on earlier may still arrive.
    const categories = () => calls.map((call) => call.path).filter((path) => path.startsWith('/v1/browse/'));
    expect(categories()).toEqual([]);
    // Dots inside a segment are ordinary characters.
    await client().get(`/browse/categories/${encodeURIComponent('a.b')}`);
    expect(categories()).toEqual(['/v1/browse/categories/a.b']);
  });
});
