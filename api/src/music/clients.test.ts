import express, { type Request } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { LocalRefreshLock } from '../auth/refresh-lock';
import type { MusicSession } from '../auth/types';
import { loadConfig } from '../config';
import type { TokenSource } from './client';
import { MusicClients, type MusicClientsOptions } from './clients';
import { LocalRateGate } from './rate-gate';

/** A scripted upstream: `/v1/me` names the token's user, `/v1/limited` answers 429; every call is logged. */
let calls: { path: string; authorization: string | undefined; requestId: string | undefined }[] = [];
let upstream: RunningServer;

beforeAll(async () => {
  const app = express();
  app.get('/v1/{*path}', (req, res) => {
    calls.push({ path: req.path, authorization: req.get('authorization'), requestId: req.get('x-request-id') });
    if (req.path === '/v1/limited') {
      res
        .status(429)
        .set('retry-after', '30')
        .json({ error: { status: 429, message: 'Slow down.' } });
    } else if (req.path === '/v1/me') {
      const token = (req.get('authorization') ?? '').replace('Bearer ', '');
      res.json(token === 'nobody' ? {} : { id: `owner-of-${token}` });
    } else {
      res.json({ ok: true });
    }
  });
  upstream = await listen(app);
});
afterAll(() => upstream.close());
beforeEach(() => {
  calls = [];
});

function clientsFor(provider: 'local' | 'spotify' = 'local', gate = new LocalRateGate()) {
  const options: MusicClientsOptions = {
    config: {
      musicApiUrl: `${upstream.url}/v1`,
      provider,
      fairUse: { ...loadConfig({}).fairUse, capabilityTtlMs: 60_000 },
    },
    tuning: { timeoutMs: 2_000, maxRetries: 0, rateLimitBudgetMs: 0 },
    gate,
    oauthClient: { tokenUrl: `${upstream.url}/api/token`, clientId: 'graphonic', clientSecret: 'secret' },
    refreshLock: new LocalRefreshLock(),
    onRequest: () => undefined,
  };
  return new MusicClients(options);
}

/** An Express request as far as the clients read it. */
function request(headers: Record<string, string>, session?: object, id = 'req-1'): Request {
  return {
    id,
    session,
    headers,
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

describe('the api’s music clients', () => {
  it('gives a request with neither a bearer token nor a sign-in no client', () => {
    expect(clientsFor().forRequest(request({}))).toBeNull();
    expect(clientsFor().forRequest(request({}, {}))).toBeNull();
  });

  it('calls with a bearer token as that token, with the request’s id, and keeps what the upstream answers it apart', async () => {
    const clients = clientsFor();
    const first = clients.forRequest(request({ authorization: 'Bearer token-a' }));
    const again = clients.forRequest(request({ authorization: 'Bearer token-a' }));
    const other = clients.forRequest(request({ authorization: 'Bearer token-b' }));
    await first?.client.get('/tracks');
    expect(calls).toEqual([{ path: '/v1/tracks', authorization: 'Bearer token-a', requestId: 'req-1' }]);
    expect(first?.capabilities).toBeDefined();
    expect(again?.capabilities).toBe(first?.capabilities);
    expect(other?.capabilities).not.toBe(first?.capabilities);
  });

  it('calls for a session with its own tokens, under the app’s capabilities', async () => {
    const music: MusicSession = {
      userId: 'u1',
      displayName: null,
      accessToken: 'session-token',
      refreshToken: 'r',
      expiresAt: Date.now() + 3_600_000,
      scopes: [],
    };
    const session = { music };
    const forSession = clientsFor().forRequest(request({}, session));
    expect(forSession?.capabilities).toBeUndefined();
    await forSession?.client.get('/tracks');
    expect(calls[0]?.authorization).toBe('Bearer session-token');
  });

  it('finds a bearer token’s user with one quick GET /me, and says when the upstream names none', async () => {
    const clients = clientsFor();
    await expect(clients.bearers.resolve('token-a', { id: 'req-2' })).resolves.toBe('owner-of-token-a');
    await expect(clients.bearers.resolve('token-a', { id: 'req-3' })).resolves.toBe('owner-of-token-a');
    expect(calls).toEqual([{ path: '/v1/me', authorization: 'Bearer token-a', requestId: 'req-2:listener' }]);
    await expect(clients.bearers.resolve('nobody', {})).resolves.toBeUndefined();
  });

  it('lets a limit on Spotify close the gate for the whole app, but a bearer token’s limit only for its listener', async () => {
    const gate = new LocalRateGate();
    const clients = clientsFor('spotify', gate);
    const tokens: TokenSource = { accessToken: () => Promise.resolve('t'), refresh: () => Promise.resolve('t') };
    await expect(clients.for({ tokens, listener: 'user:b', bearer: true }).get('/limited')).rejects.toBeDefined();
    expect(await gate.closedForMs()).toBe(0);
    expect(await gate.closedForMs('user:b')).toBeGreaterThan(0);
    await expect(clients.for({ tokens, listener: 'user:s', bearer: false }).get('/limited')).rejects.toBeDefined();
    expect(await gate.closedForMs()).toBeGreaterThan(0);
  });
});
