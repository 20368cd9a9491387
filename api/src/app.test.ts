import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { productionSecrets } from '../../test-support/secrets';
import { createApp } from './app';
import { requestedScopes } from './auth/scopes';
import { loadConfig } from './config';

const shell = '<!doctype html><title>Graphonic</title><div id="root"></div>';

async function startApi(env: NodeJS.ProcessEnv): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const { app, stop } = await createApp(loadConfig(env));
  const server = await listen(app);
  return {
    server,
    stop: async () => {
      await server.close();
      await stop();
    },
  };
}

function postGraphql(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const webDist = mkdtempSync(join(tmpdir(), 'graphonic-web-'));
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

describe('the api', () => {
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), shell);
    writeFileSync(join(webDist, 'app.js'), 'console.log("graphonic")');
    api = await startApi({ NODE_ENV: 'test', WEB_DIST: webDist, SESSION_DIR: join(webDist, 'sessions') });
  });

  afterAll(async () => {
    await api.stop();
  });

  it('answers GraphQL queries at /graphql', async () => {
    const response = await postGraphql(api.server.url, { query: '{ upstream { provider name } }' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { upstream: { provider: 'LOCAL', name: 'Graphonic Music' } } });
  });

  it('lets no cache keep a GraphQL answer: no-store on answers, errors and refusals alike', async () => {
    const answers = [
      await postGraphql(api.server.url, { query: '{ upstream { name } }' }),
      await postGraphql(api.server.url, { query: '{ me { id } }' }),
      await postGraphql(api.server.url, { query: '{ nope }' }),
      await postGraphql(api.server.url, { query: `{ upstream { name } } # ${'x'.repeat(1024 * 1024)}` }),
      await fetch(`${api.server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 413, 400]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the web client and its assets, with the app shell for client-side routes', async () => {
    const home = await fetch(`${api.server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(shell);
    const asset = await fetch(`${api.server.url}/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    const deepLink = await fetch(`${api.server.url}/album/4aawyAB9vmqN3uQ7FjRGTy`);
    expect(await deepLink.text()).toBe(shell);
  });

  it('refuses a simple cross-site POST that a hostile page could send with the cookie', async () => {
    const response = await fetch(`${api.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ upstream { name } }' }),
    });
    expect(response.status).toBe(400);
  });

  it('answers a body over the limit with 413 before GraphQL parses it', async () => {
    const query = `{ upstream { name } } # ${'x'.repeat(1024 * 1024)}`;
    const response = await postGraphql(api.server.url, { query });
    expect(response.status).toBe(413);
  });

  it('creates no session, and sets no cookie, for an anonymous visitor', async () => {
    const response = await postGraphql(api.server.url, { query: '{ upstream { name } }' });
    expect(response.headers.get('set-cookie')).toBeNull();
    // Starting a sign-in sets only its own short-lived cookie, for the callback alone; no session yet.
    const login = await fetch(`${api.server.url}/auth/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.getSetCookie()).toHaveLength(1);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^graphonic\.signin=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/auth\/callback;/);
    expect(cookie).toMatch(/Max-Age=600;/);
    expect(cookie).not.toMatch(/Domain=|Secure/);
  });

  it('starts sign-in with a one-time state, PKCE S256 and only the reviewed scopes', async () => {
    const login = await fetch(`${api.server.url}/auth/login?returnTo=/search`, { redirect: 'manual' });
    const location = new URL(login.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:4100/authorize');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe('graphonic');
    expect(location.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:4000/auth/callback');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')?.length).toBeGreaterThanOrEqual(16);
    const again = new URL(
      (await fetch(`${api.server.url}/auth/login`, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    expect(again.searchParams.get('state')).not.toBe(location.searchParams.get('state'));
    const scopes = (location.searchParams.get('scope') ?? '').split(' ');
    expect(scopes).toEqual(requestedScopes);
  });

  it('refuses a callback whose state it did not issue, without asking for a token', async () => {
    const response = await fetch(`${api.server.url}/auth/callback?code=stolen&state=forged`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth/error?code=state_mismatch');
  });

  it('sends a refused consent to a friendly page', async () => {
    const response = await fetch(`${api.server.url}/auth/callback?error=access_denied&state=x`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe('/auth/error?code=access_denied');
  });

  it('signs out only by POST', async () => {
    expect((await fetch(`${api.server.url}/auth/logout`, { method: 'POST' })).status).toBe(204);
    const viaGet = await fetch(`${api.server.url}/auth/logout`, { redirect: 'manual' });
    expect(await viaGet.text()).toBe(shell);
  });

  it('sends security headers and hides the framework', async () => {
    const response = await fetch(`${api.server.url}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });
});

describe('the api in production', () => {
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    api = await startApi({
      NODE_ENV: 'production',
      // Production logs every request at `info`; these tests need only what goes wrong.
      LOG_LEVEL: 'warn',
      SESSION_SECRET: productionSecrets.session,
      MUSIC_CLIENT_SECRET: productionSecrets.client,
      WEB_DIST: webDist,
      SESSION_DIR: join(webDist, 'production-sessions'),
      // These requests send operations of their own; trusted documents have their own tests.
      GRAPHQL_TRUSTED_DOCUMENTS: 'off',
    });
  });

  afterAll(async () => {
    await api.stop();
  });

  it('answers a malformed body with a plain 400, no stack trace and no file names', async () => {
    const response = await fetch(`${api.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "{ upstream { name } }"',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/at |\.ts|\.js|node_modules|SyntaxError/);
  });

  it('keeps the schema to itself over HTTP: no introspection, no suggestions, no stack traces', async () => {
    const introspection = await postGraphql(api.server.url, { query: '{ __schema { types { name } } }' });
    expect(introspection.status).toBe(400);
    const refused = (await introspection.json()) as { data?: unknown; errors: { extensions: object }[] };
    expect(refused.data).toBeUndefined();
    const typo = await postGraphql(api.server.url, { query: '{ upstream { nam } }' });
    const text = await typo.text();
    expect(text).toMatch(/Cannot query field/);
    expect(text).not.toMatch(/Did you mean|stacktrace/);
  });
});

describe('the api without a built web client', () => {
  it('says how to build it instead of failing silently', async () => {
    const api = await startApi({
      NODE_ENV: 'test',
      WEB_DIST: join(tmpdir(), 'graphonic-missing-dist'),
      SESSION_DIR: join(webDist, 'sessions'),
    });
    try {
      const response = await fetch(`${api.server.url}/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/npm run build/);
    } finally {
      await api.stop();
    }
  });
});
