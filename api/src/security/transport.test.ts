import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, removeSessionDirs, startApi, startMusic, type Api, type Music } from './harness';

/**
 * The GraphQL transport as a hostile page would use it: a signed-in browser's cookie rides
 * along on every request, so a request that is not preflighted must run nothing. "Nothing
 * runs" is proven at the music service: it receives no call at all.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

let music: Music;
let api: Api;
let browser: Browser;
const me = '{ me { id } }';

beforeAll(async () => {
  music = await startMusic();
  api = await startApi(music);
  browser = new Browser(api.url);
  await browser.signIn();
}, 60_000);

afterAll(async () => {
  await api.stop();
  await music.stop();
  removeSessionDirs();
});

/** Runs `send` and answers its response with the music v1 calls it caused. */
async function sent(send: () => Promise<Response>): Promise<{ status: number; text: string; calls: string[] }> {
  music.forget();
  // Each request as the first of its session: its profile read proves it ran.
  api.forgetListeners();
  const response = await send();
  const text = await response.text();
  return { status: response.status, text, calls: music.v1.map((call) => `${call.method} ${call.url}`) };
}

describe('requests a hostile page can send without a preflight', () => {
  it.each([
    ['text/plain', JSON.stringify({ query: me })],
    ['application/x-www-form-urlencoded', new URLSearchParams({ query: me }).toString()],
  ])('POST as %s: 400, and nothing runs', async (type, body) => {
    const result = await sent(() =>
      browser.fetch('/graphql', { method: 'POST', headers: { 'content-type': type }, body }),
    );
    expect(result.status).toBe(400);
    expect(result.text).toMatch(/CSRF/);
    expect(result.calls).toEqual([]);
  });

  it('POST as multipart/form-data: 400, and nothing runs', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: me }));
    form.set('query', me);
    const result = await sent(() => browser.fetch('/graphql', { method: 'POST', body: form }));
    expect(result.status).toBe(400);
    expect(result.text).toMatch(/CSRF/);
    expect(result.calls).toEqual([]);
  });

  it('GET with a query and no preflight header: 400, and nothing runs', async () => {
    const result = await sent(() => browser.fetch(`/graphql?query=${encodeURIComponent(me)}`));
    expect(result.status).toBe(400);
    expect(result.calls).toEqual([]);
  });

  it('a simple content type with the preflight header still runs nothing: only JSON bodies are read', async () => {
    const result = await sent(() =>
      browser.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({ query: me }),
      }),
    );
    expect(result.status).toBe(400);
    expect(result.calls).toEqual([]);
  });
});

describe('requests only the app itself can send', () => {
  it('POST as application/json runs, with the cookie', async () => {
    const result = await sent(() =>
      browser.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: me }),
      }),
    );
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toEqual({ data: { me: { id: 'demo' } } });
    expect(result.calls).toEqual(['GET /v1/me']);
  });

  it.each([['apollo-require-preflight'], ['x-apollo-operation-name']])(
    'GET with the %s header runs a query',
    async (header) => {
      const result = await sent(() =>
        browser.fetch(`/graphql?query=${encodeURIComponent(me)}`, { headers: { [header]: 'Me' } }),
      );
      expect(result.status).toBe(200);
      expect(JSON.parse(result.text)).toEqual({ data: { me: { id: 'demo' } } });
      expect(result.calls).toEqual(['GET /v1/me']);
    },
  );

  it('GET never runs a mutation: 405, and nothing runs', async () => {
    const mutation = 'mutation { createPlaylist(input: { name: "By GET" }) { playlist { id } } }';
    const result = await sent(() =>
      browser.fetch(`/graphql?query=${encodeURIComponent(mutation)}`, {
        headers: { 'apollo-require-preflight': 'true' },
      }),
    );
    expect(result.status).toBe(405);
    expect(result.calls).toEqual([]);
  });

  it('refuses a batch (an array of operations) with a clear error, and nothing runs', async () => {
    const result = await sent(() =>
      browser.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ query: me }, { query: me }]),
      }),
    );
    expect(result.status).toBe(400);
    expect(result.text).toMatch(/batching/i);
    expect(result.calls).toEqual([]);
  });

  it('answers a body of 1 MB with 413 before GraphQL reads it, and nothing runs', async () => {
    const result = await sent(() =>
      browser.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `${me} # ${'x'.repeat(1024 * 1024)}` }),
      }),
    );
    expect(result.status).toBe(413);
    expect(result.calls).toEqual([]);
    // Just under the cap, the same operation runs.
    const small = await sent(() =>
      browser.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `${me} # ${'x'.repeat(90 * 1024)}` }),
      }),
    );
    expect(small.status).toBe(200);
    expect(small.calls).toEqual(['GET /v1/me']);
  });
});

describe('CORS', () => {
  const preflight = (origin: string): Promise<Response> =>
    fetch(`${api.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('gives another origin no allow-origin, on a preflight or on a request', async () => {
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('access-control-allow-credentials')).toBeNull();
    expect(refused.status).toBe(403);
    const answer = await browser.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ query: '{ upstream { name } }' }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('vary')).toMatch(/Origin/i);
  });

  it('allows the app’s own origin (PUBLIC_URL) with credentials, never with *', async () => {
    const allowed = await preflight(api.url);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(api.url);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    // A look-alike origin is another origin.
    for (const origin of [`${api.url}.evil.example`, api.url.replace('http:', 'https:'), 'null']) {
      const other = await preflight(origin);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
