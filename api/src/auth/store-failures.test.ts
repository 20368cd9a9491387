import express from 'express';
import session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { loadConfig } from '../config';
import { MusicApiError } from '../music/errors';
import { createLogger } from '../ops/logger';
import { createAuthRouter } from './routes';
import { SessionTokenSource } from './tokens';
import type { MusicSession } from './types';

/**
 * Sign-in's own paths when the session store fails after the request's session was read (Redis
 * restarting in between): a token refresh answers UPSTREAM_UNAVAILABLE, as when the store fails
 * before the request, and spends no refresh token on a session that cannot be read; a sign-out
 * answers 503 and leaves the session as it was.
 */

/** A store that fails its reads or its writes while told to, as a store whose server went away does. */
class FailingStore extends session.MemoryStore {
  failing: 'read' | 'write' | 'destroy' | null = null;

  override get(sid: string, callback: (error: unknown, data?: session.SessionData | null) => void): void {
    if (this.failing === 'read') callback(new Error('connection to the session store lost'));
    else super.get(sid, callback);
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void): void {
    if (this.failing === 'write') callback?.(new Error('connection to the session store lost'));
    else super.set(sid, data, callback);
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    if (this.failing === 'destroy') callback?.(new Error('connection to the session store lost'));
    else super.destroy(sid, callback);
  }
}

const store = new FailingStore();
const logged: string[] = [];
const tokenRequests: string[] = [];
let tokenEndpoint: RunningServer;
let app: RunningServer;

beforeAll(async () => {
  tokenEndpoint = await listen((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      tokenRequests.push(new URLSearchParams(body).get('grant_type') ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ access_token: 'fresh', token_type: 'Bearer', expires_in: 3600, refresh_token: 'r2' }));
    });
  });
  const client = { tokenUrl: `${tokenEndpoint.url}/api/token`, clientId: 'graphonic', clientSecret: 'secret' };
  const server = express();
  server.use(session({ store, secret: 'a-test-secret-of-thirty-two-bytes!', resave: false, saveUninitialized: false }));
  // Sign-out fails while the store fails to destroy the session.
  server.use((req, _res, next) => {
    if (req.path === '/auth/logout' && req.query.failing === 'destroy') store.failing = 'destroy';
    next();
  });
  server.use(
    createAuthRouter(loadConfig({ NODE_ENV: 'test' }), {
      logger: createLogger({ level: 'info', service: 'api', destination: { write: (line) => logged.push(line) } }),
    }),
  );
  // Signs the browser in with tokens that need a refresh.
  server.post('/sign-in', (req, res) => {
    const music: MusicSession = {
      userId: 'demo',
      displayName: null,
      accessToken: 'spent',
      refreshToken: 'r1',
      expiresAt: Date.now() - 1000,
      lifetimeMs: 3_600_000,
      scopes: [],
    };
    req.session.music = music;
    res.status(204).end();
  });
  // Asks for an access token with the store failing as told, once the session itself was read.
  server.get('/token', async (req, res) => {
    store.failing = req.query.failing === 'read' || req.query.failing === 'write' ? req.query.failing : null;
    let answer: Record<string, string>;
    try {
      answer = { token: await new SessionTokenSource(req, client).accessToken() };
    } catch (error) {
      answer = { code: error instanceof MusicApiError ? error.code : 'other', message: String(error) };
    }
    // The store answers again before the session's own save at the end of the request.
    store.failing = null;
    res.json(answer);
  });
  app = await listen(server);
});

afterAll(async () => {
  await app.close();
  await tokenEndpoint.close();
});

async function signedIn(): Promise<string> {
  const response = await fetch(`${app.url}/sign-in`, { method: 'POST' });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

async function token(cookie: string, failing?: 'read' | 'write'): Promise<Record<string, string>> {
  const response = await fetch(`${app.url}/token${failing ? `?failing=${failing}` : ''}`, { headers: { cookie } });
  return (await response.json()) as Record<string, string>;
}

describe('signing out while the session store fails', () => {
  it('answers 503 and leaves the session as it was, to sign out again later', async () => {
    const cookie = await signedIn();
    logged.length = 0;
    const refused = await fetch(`${app.url}/auth/logout?failing=destroy`, { method: 'POST', headers: { cookie } });
    store.failing = null;
    expect(refused.status).toBe(503);
    expect(await refused.text()).toMatch(/unavailable right now/);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(logged.join('')).toMatch(/the session store failed/);
    // Still signed in: the session answers as before, and a sign-out now succeeds.
    expect(await token(cookie)).toEqual({ token: 'fresh' });
    expect((await fetch(`${app.url}/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect(await token(cookie)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('refreshing the tokens of a session whose store fails', () => {
  it('answers UPSTREAM_UNAVAILABLE when the store cannot be read, without spending the refresh token', async () => {
    const cookie = await signedIn();
    tokenRequests.length = 0;
    expect(await token(cookie, 'read')).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(tokenRequests).toEqual([]);
    // Once the store answers again, the same session refreshes as usual.
    expect(await token(cookie)).toEqual({ token: 'fresh' });
    expect(tokenRequests).toEqual(['refresh_token']);
  });

  it('answers UPSTREAM_UNAVAILABLE when the refreshed tokens cannot be stored', async () => {
    const cookie = await signedIn();
    tokenRequests.length = 0;
    const answer = await token(cookie, 'write');
    expect(answer).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(answer.message).not.toMatch(/connection to the session store/);
    expect(tokenRequests).toEqual(['refresh_token']);
  });
});
