import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { createMusicApp } from '../app';
import { loadMusicConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { createLogger } from '../ops/logger';
import { originsOf, RegisteredOrigins } from './cors';
import { createClient, createUser, issueTokens, registerConfiguredClient } from './service';

/** Browser apps of registered clients may call music v1 and the token endpoint; nobody else's pages may read them. */

const registered = 'https://player.example';
const stranger = 'https://evil.example';
let db: Database;
let server: RunningServer;
let token = '';

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  const config = loadMusicConfig({ NODE_ENV: 'test' });
  await registerConfiguredClient(db, config.client);
  await createClient(db, {
    name: 'Browser Player',
    redirectUris: [`${registered}/callback`, 'http://127.0.0.1:5173/callback'],
    confidential: false,
  });
  await createUser(db, { id: 'cora', displayName: 'Cora' });
  ({ access_token: token } = await issueTokens(db, {
    userId: 'cora',
    clientId: config.client.id,
    scopes: ['user-read-private'],
    withRefreshToken: false,
  }));
  const { app } = createMusicApp(config, { db, logger: createLogger({ level: 'silent', service: 'music' }) });
  server = await listen(app);
}, 120_000);

afterAll(async () => {
  await server.close();
  await db.close();
});

function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, init);
}

function vary(response: Response): string[] {
  return (response.headers.get('vary') ?? '').split(',').map((value) => value.trim().toLowerCase());
}

function preflight(path: string, origin: string, method: string): Promise<Response> {
  return call(path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

/** A preflight answer that lets the registered origin send `methods` with a token and a body. */
function expectAllowedPreflight(response: Response, methods: string): void {
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe(registered);
  expect(response.headers.get('access-control-allow-methods')).toBe(methods);
  expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
  expect(vary(response)).toContain('origin');
}

describe('CORS on music v1', () => {
  it("allows a registered client's origin, by name, without credentials, varying by Origin", async () => {
    for (const origin of [registered, 'http://127.0.0.1:5173']) {
      const response = await call('/v1/me', { headers: { origin, authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After');
      expect(vary(response)).toContain('origin');
    }
  });

  it('gives an unregistered origin no CORS header at all', async () => {
    for (const origin of [stranger, 'http://127.0.0.1:5174', `${registered}:8443`, 'null']) {
      const response = await call('/v1/me', { headers: { origin, authorization: `Bearer ${token}` } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-expose-headers')).toBeNull();
      expect(vary(response)).toContain('origin');
    }
    const sameOrigin = await call('/v1/me', { headers: { authorization: `Bearer ${token}` } });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(vary(sameOrigin)).toContain('origin');
  });

  it('answers the preflight of a registered origin before any token is asked for', async () => {
    const response = await preflight('/v1/me/player/play', registered, 'PUT');
    expectAllowedPreflight(response, 'GET, POST, PUT, DELETE');
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('answers the preflight of an unregistered origin with nothing a browser would accept', async () => {
    const response = await preflight('/v1/me/player/play', stranger, 'PUT');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
    expect(vary(response)).toContain('origin');
  });

  it('lets a registered origin read errors too (a missing token, an unknown endpoint)', async () => {
    const unauthenticated = await call('/v1/me', { headers: { origin: registered } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('access-control-allow-origin')).toBe(registered);
    const unknown = await call('/v1/nothing-here', {
      headers: { origin: registered, authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe(registered);
  });

  it('allows a client registered in this process at once', async () => {
    const origin = 'https://later.example';
    expect((await preflight('/v1/me', origin, 'GET')).headers.get('access-control-allow-origin')).toBeNull();
    await createClient(db, { name: 'Later', redirectUris: [`${origin}/cb`], confidential: false });
    expect((await preflight('/v1/me', origin, 'GET')).headers.get('access-control-allow-origin')).toBe(origin);
  });
});

describe('CORS on the token endpoint', () => {
  it('answers the preflight of a registered origin for POST only', async () => {
    expectAllowedPreflight(await preflight('/api/token', registered, 'POST'), 'POST');
    const refused = await preflight('/api/token', stranger, 'POST');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("lets a registered origin read the endpoint's answers, and nobody else", async () => {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code: 'made-up', client_id: 'nobody' });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const allowed = await call('/api/token', { method: 'POST', headers: { ...headers, origin: registered }, body });
    expect(allowed.status).toBe(401);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(registered);
    expect(vary(allowed)).toContain('origin');
    const refused = await call('/api/token', { method: 'POST', headers: { ...headers, origin: stranger }, body });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('registered origins', () => {
  it('are the scheme, host and port of each redirect URI, as browsers send them', () => {
    expect(
      originsOf([
        'https://Player.Example:443/callback?x=1',
        'https://player.example:8443/cb',
        'http://127.0.0.1:4000/auth/callback',
        'http://[::1]:5173/cb',
        'not a url',
      ]),
    ).toEqual(['https://player.example', 'https://player.example:8443', 'http://127.0.0.1:4000', 'http://[::1]:5173']);
  });

  it('follow clients registered by another process once the cache time has passed', async () => {
    const origins = new RegisteredOrigins(db, 0);
    expect(await origins.allows('https://elsewhere.example')).toBe(false);
    // As the command line registers a client: straight into the store.
    await db.query(
      `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris) VALUES ($1, NULL, $2, $3)`,
      ['elsewhere', 'Elsewhere', ['https://elsewhere.example/cb']],
    );
    expect(await origins.allows('https://elsewhere.example')).toBe(true);
  });
});
