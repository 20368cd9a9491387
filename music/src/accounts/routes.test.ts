import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { createMusicApp } from '../app';
import { seedCatalog } from '../catalog/seed';
import { loadMusicConfig, type MusicConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { accountCookie } from './routes';
import { createClient, createUser } from './service';

const redirectUri = 'http://127.0.0.1:4000/auth/callback';
let db: Database;
let server: RunningServer;
let config: MusicConfig;
let trackId: string;
let publicClient: string;

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  await seedCatalog(db, { tracks: 50, albums: 5, artists: 3, playlists: 2, shows: 1, episodes: 2 });
  config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_ACCESS_TOKEN_TTL: '1' });
  const { registerConfiguredClient } = await import('./service');
  await registerConfiguredClient(db, config.client);
  await createUser(db, { id: 'ana', password: 'correct horse', email: 'ana@example.org' });
  publicClient = (await createClient(db, { name: 'Pocket Player', redirectUris: [redirectUri], confidential: false }))
    .clientId;
  trackId = (await db.query<{ id: string }>('SELECT id FROM tracks LIMIT 1')).rows[0]?.id ?? '';
  server = await listen(createMusicApp(config, { db }).app);
}, 60_000);

afterAll(async () => {
  await server.close();
  await db.close();
});

/** A browser's cookie jar, for one person's walk through the pages. */
class Browser {
  private cookie = '';

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(path.startsWith('http') ? path : `${server.url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(this.cookie ? { cookie: this.cookie } : {}) },
    });
    const set = response.headers.get('set-cookie');
    if (set?.startsWith(`${accountCookie}=`)) this.cookie = set.split(';')[0] ?? '';
    return response;
  }

  post(path: string, form: Record<string, string>): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  get session(): string {
    return this.cookie;
  }
}

function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} field in the page`);
  return match[1]
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(params: Record<string, string>): string {
  return `/authorize?${new URLSearchParams({ response_type: 'code', redirect_uri: redirectUri, state: 'st4te', ...params }).toString()}`;
}

/** Signs in and consents; resolves with the redirect's URL. */
async function signIn(browser: Browser, params: Record<string, string>, password = 'correct horse'): Promise<URL> {
  const page = await browser.fetch(authorizeUrl(params));
  expect(page.status).toBe(200);
  const html = await page.text();
  const login = await browser.post('/login', {
    csrf: field(html, 'csrf'),
    continue: field(html, 'continue'),
    username: 'ana',
    password,
  });
  if (login.status === 303) return new URL(login.headers.get('location') ?? '');
  const consent = await login.text();
  expect(consent).toContain('Allow');
  const decision = await browser.post('/authorize/decision', {
    csrf: field(consent, 'csrf'),
    request: field(consent, 'request'),
    decision: 'allow',
  });
  expect(decision.status).toBe(303);
  return new URL(decision.headers.get('location') ?? '');
}

const basic = () => `Basic ${Buffer.from(`${config.client.id}:${config.client.secret}`).toString('base64')}`;

async function token(
  form: Record<string, string>,
  auth = true,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: basic() } : {}) },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const catalog = (accessToken: unknown) =>
  fetch(`${server.url}/v1/tracks/${trackId}`, { headers: { authorization: `Bearer ${String(accessToken)}` } });

describe('the authorization-code flow', () => {
  it('signs in with a password, asks consent, and issues tokens for a PKCE code', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const redirect = await signIn(browser, {
      client_id: config.client.id,
      scope: 'user-read-private user-library-read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(redirect.searchParams.get('state')).toBe('st4te');
    const code = redirect.searchParams.get('code') ?? '';
    const { status, body } = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'user-read-private user-library-read', expires_in: 1 });
    expect((await catalog(body.access_token)).status).toBe(200);

    // The code works once; a replay fails and revokes what it issued.
    const replay = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(replay.body).toMatchObject({ error: 'invalid_grant' });
    expect((await catalog(body.access_token)).status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when a spent one comes back', async () => {
    const browser = new Browser();
    const { verifier, challenge } = pkce();
    const redirect = await signIn(browser, {
      client_id: config.client.id,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const first = await token({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const second = await token({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) });
    expect(reused).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Refresh token revoked' },
    });
    expect((await catalog(second.body.access_token)).status).toBe(401);
    const afterReuse = await token({ grant_type: 'refresh_token', refresh_token: String(second.body.refresh_token) });
    expect(afterReuse.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier, a wrong redirect URI and a wrong client secret', async () => {
    const { challenge } = pkce();
    const redirect = await signIn(new Browser(), {
      client_id: config.client.id,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code = redirect.searchParams.get('code') ?? '';
    expect(
      (
        await token({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: pkce().verifier,
        })
      ).body,
    ).toMatchObject({
      error: 'invalid_grant',
      error_description: 'code_verifier was incorrect',
    });
    const wrongSecret = await fetch(`${server.url}/api/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${config.client.id}:nope`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('makes public clients use PKCE and refuses plain challenges', async () => {
    const browser = new Browser();
    const noPkce = await browser.fetch(authorizeUrl({ client_id: publicClient }));
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const plain = await browser.fetch(
      authorizeUrl({ client_id: publicClient, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }),
    );
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const { verifier, challenge } = pkce();
    const redirect = await signIn(browser, {
      client_id: publicClient,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const issued = await token(
      {
        grant_type: 'authorization_code',
        client_id: publicClient,
        code: redirect.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
      false,
    );
    expect(issued.status).toBe(200);
  });

  it('skips consent the second time unless show_dialog asks for it', async () => {
    const browser = new Browser();
    await signIn(browser, {
      client_id: config.client.id,
      scope: 'user-top-read',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const again = await browser.fetch(
      authorizeUrl({
        client_id: config.client.id,
        scope: 'user-top-read',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    const dialog = await browser.fetch(
      authorizeUrl({
        client_id: config.client.id,
        scope: 'user-top-read',
        show_dialog: 'true',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(await dialog.text()).toContain('Allow Graphonic to use your account?');
  });

  it('sends a refusal back as access_denied, and never redirects to an unregistered address', async () => {
    const browser = new Browser();
    const page = await browser.fetch(
      authorizeUrl({
        client_id: config.client.id,
        scope: 'user-follow-read',
        show_dialog: 'true',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    const html = await page.text();
    const consent = await (
      await browser.post('/login', {
        csrf: field(html, 'csrf'),
        continue: field(html, 'continue'),
        username: 'ana',
        password: 'correct horse',
      })
    ).text();
    const denied = await browser.post('/authorize/decision', {
      csrf: field(consent, 'csrf'),
      request: field(consent, 'request'),
      decision: 'deny',
    });
    const location = new URL(denied.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st4te');

    const foreign = await browser.fetch(
      authorizeUrl({ client_id: config.client.id, redirect_uri: 'https://evil.example/cb' }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    const unknownScope = await browser.fetch(
      authorizeUrl({
        client_id: config.client.id,
        scope: 'everything',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(new URL(unknownScope.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('the sign-in page', () => {
  it('refuses a form without its CSRF token and renews the session id at sign-in', async () => {
    const browser = new Browser();
    const page = await browser.fetch(
      authorizeUrl({ client_id: config.client.id, code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    );
    const html = await page.text();
    const before = browser.session;
    expect(
      (await browser.post('/login', { continue: field(html, 'continue'), username: 'ana', password: 'correct horse' }))
        .status,
    ).toBe(403);
    await browser.post('/login', {
      csrf: field(html, 'csrf'),
      continue: field(html, 'continue'),
      username: 'ana',
      password: 'correct horse',
    });
    expect(browser.session).not.toBe(before);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('says the same for an unknown user and a wrong password, and limits attempts', async () => {
    await createUser(db, { id: 'bo', password: 'right one' });
    const browser = new Browser();
    const page = await (
      await browser.fetch(
        authorizeUrl({ client_id: config.client.id, code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      )
    ).text();
    const attempt = (username: string) =>
      browser.post('/login', {
        csrf: field(page, 'csrf'),
        continue: field(page, 'continue'),
        username,
        password: 'wrong',
      });
    const unknown = await attempt('nobody-here');
    const wrong = await attempt('bo');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.text()).toContain('That username and password do not match.');
    for (let i = 0; i < 4; i += 1) await attempt('bo');
    const limited = await attempt('bo');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('900');
  });

  it('stores passwords as scrypt hashes only', async () => {
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      'ana',
    ]);
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(rows[0]?.password_hash).not.toContain('correct horse');
  });
});

describe('tokens on the music v1 API', () => {
  it('speak for their user on /me, with private fields by scope', async () => {
    const { verifier, challenge } = pkce();
    const redirect = await signIn(new Browser(), {
      client_id: config.client.id,
      scope: 'user-read-email',
      show_dialog: 'true',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const { body } = await token({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const me = await fetch(`${server.url}/v1/me`, {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    const profile = (await me.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: 'ana', email: 'ana@example.org', uri: 'spotify:user:ana' });
    expect(profile).not.toHaveProperty('country');
    const app = await token({ grant_type: 'client_credentials' });
    const refused = await fetch(`${server.url}/v1/me`, {
      headers: { authorization: `Bearer ${String(app.body.access_token)}` },
    });
    expect(refused.status).toBe(403);
  });

  it('accepts client credentials for the catalog, and refuses expired and unknown tokens', async () => {
    const { body } = await token({ grant_type: 'client_credentials' });
    expect(body).not.toHaveProperty('refresh_token');
    expect((await catalog(body.access_token)).status).toBe(200);
    expect(await (await catalog('not-a-token')).json()).toEqual({
      error: { status: 401, message: 'Invalid access token' },
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await (await catalog(body.access_token)).json()).toEqual({
      error: { status: 401, message: 'The access token expired' },
    });
  });

  it('publishes the server metadata', async () => {
    const metadata = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      issuer: 'http://127.0.0.1:4100',
      token_endpoint: 'http://127.0.0.1:4100/api/token',
      code_challenge_methods_supported: ['S256'],
    });
  });
});
