import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import {
  authorizationUrl,
  exchangeCode,
  refreshTokens,
  TokenEndpointError,
  type ClientCredentials,
} from './token-endpoint';

/**
 * The api's OAuth client against a token endpoint on loopback that answers as each test tells
 * it: what it sends, how it reads refusals, and how long it waits.
 */

interface Received {
  authorization: string | undefined;
  fields: Record<string, string>;
}

type Answer = (res: ServerResponse) => void;

const received: Received[] = [];
let answer: Answer = () => undefined;
let endpoint: RunningServer;

function json(status: number, body: unknown): Answer {
  return (res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  endpoint = await listen((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        authorization: req.headers.authorization,
        fields: Object.fromEntries(new URLSearchParams(body)),
      });
      answer(res);
    });
  });
});

afterAll(async () => {
  await endpoint.close();
});

function client(timeoutMs?: number): ClientCredentials {
  return {
    tokenUrl: `${endpoint.url}/api/token`,
    authorizationUrl: `${endpoint.url}/authorize`,
    clientId: 'graphonic',
    clientSecret: 'a secret:with/odd characters',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}

async function failure(promise: Promise<unknown>): Promise<TokenEndpointError> {
  const error: unknown = await promise.then(
    () => new Error('expected a failure'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof TokenEndpointError)) throw error;
  return error;
}

describe("the api's OAuth client", () => {
  it('refreshes with HTTP Basic and the refresh token, and keeps what the answer says', async () => {
    received.length = 0;
    answer = json(200, { access_token: 'a2', token_type: 'Bearer', expires_in: 3600, refresh_token: 'r2', scope: 's' });
    const tokens = await refreshTokens(client(), 'r1');
    expect(tokens).toEqual({
      access_token: 'a2',
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: 'r2',
      scope: 's',
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.fields).toEqual({ grant_type: 'refresh_token', refresh_token: 'r1' });
    // RFC 6749 2.3.1: each part form-encoded, then joined with a colon.
    const basic = Buffer.from((received[0]?.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    const [id = '', secret = ''] = basic.split(':');
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    expect([decode(id), decode(secret)]).toEqual(['graphonic', 'a secret:with/odd characters']);
  });

  it('reads a refusal as its OAuth error code, and an answer without a lifetime as no token', async () => {
    answer = json(400, { error: 'invalid_grant', error_description: 'Refresh token revoked' });
    const refused = await failure(refreshTokens(client(), 'r1'));
    expect([refused.error, refused.status]).toEqual(['invalid_grant', 400]);

    answer = (res) => {
      res.statusCode = 502;
      res.setHeader('content-type', 'text/html');
      res.end('<h1>Bad gateway</h1>');
    };
    const broken = await failure(refreshTokens(client(), 'r1'));
    expect([broken.error, broken.status]).toEqual(['invalid_response', 502]);

    answer = json(200, { access_token: 'a2', token_type: 'Bearer' });
    expect((await failure(refreshTokens(client(), 'r1'))).error).toBe('invalid_response');
  });

  it('gives up on a token endpoint that does not answer within its timeout', async () => {
    answer = () => undefined;
    const started = Date.now();
    const silent = await failure(refreshTokens(client(300), 'r1'));
    expect([silent.error, silent.status]).toEqual(['unreachable', 0]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('exchanges a code with its verifier and the registered redirect URI, once the state matches', async () => {
    received.length = 0;
    answer = json(200, { access_token: 'a1', token_type: 'Bearer', expires_in: 60 });
    const callback = new URL('http://127.0.0.1:1/auth/callback?code=the-code&state=the-state');
    const tokens = await exchangeCode(client(), callback, { state: 'the-state', verifier: 'v'.repeat(43) });
    expect(tokens).toEqual({ access_token: 'a1', token_type: 'bearer', expires_in: 60 });
    expect(received[0]?.fields).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://127.0.0.1:1/auth/callback',
      code_verifier: 'v'.repeat(43),
    });

    // Another state, or another server's `iss`: refused before any token request.
    received.length = 0;
    await expect(exchangeCode(client(), callback, { state: 'other', verifier: 'v'.repeat(43) })).rejects.toThrow();
    const mixedUp = new URL(`${callback.href}&iss=${encodeURIComponent('https://elsewhere.example')}`);
    await expect(exchangeCode(client(), mixedUp, { state: 'the-state', verifier: 'v'.repeat(43) })).rejects.toThrow();
    expect(received).toEqual([]);
  });

  it('builds the authorization URL with the code flow and the S256 challenge of the verifier', async () => {
    const url = await authorizationUrl(client(), {
      redirectUri: 'http://127.0.0.1:1/auth/callback',
      scope: 'user-read-private user-read-email',
      state: 'the-state',
      verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    });
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'graphonic',
      redirect_uri: 'http://127.0.0.1:1/auth/callback',
      scope: 'user-read-private user-read-email',
      state: 'the-state',
      // RFC 7636's own example (appendix B).
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
  });

  it('speaks plain http to a loopback host only', async () => {
    received.length = 0;
    const remote: ClientCredentials = { ...client(), tokenUrl: 'http://accounts.example/api/token' };
    const refused = await failure(refreshTokens(remote, 'r1'));
    expect(refused.error).toBe('invalid_response');
    expect(received).toEqual([]);
  });
});
