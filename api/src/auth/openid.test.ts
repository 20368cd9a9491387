import { createHash } from 'node:crypto';
import * as oauth from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { endSessionUrl, nonceOf, OpenIdDiscovery } from './openid';
import type { ClientCredentials } from './token-endpoint';

/** A discovery document server whose answer each test chooses, counting what it is asked. */
let server: RunningServer;
let answer: 'openid' | 'oauth-only' | 'other-issuer' | 'missing' | 'hang-up' = 'openid';
let asked = 0;

function document(issuer: string): Record<string, unknown> {
  const base = {
    issuer: answer === 'other-issuer' ? 'http://127.0.0.1:1' : issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/api/token`,
    response_types_supported: ['code'],
    scopes_supported: ['user-read-private'],
  };
  if (answer === 'oauth-only') return base;
  return {
    ...base,
    scopes_supported: ['openid', 'profile', 'user-read-private'],
    jwks_uri: `${issuer}/jwks.json`,
    userinfo_endpoint: `${issuer}/userinfo`,
    end_session_endpoint: `${issuer}/oauth/logout`,
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
  };
}

beforeAll(async () => {
  server = await listen((req, res) => {
    asked += 1;
    if (answer === 'hang-up') {
      req.socket.destroy();
      return;
    }
    if (answer === 'missing' || req.url !== '/.well-known/openid-configuration') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document(server.url)));
  });
});

afterAll(() => server.close());

beforeEach(() => {
  asked = 0;
});

function credentials(): ClientCredentials {
  return {
    tokenUrl: `${server.url}/api/token`,
    authorizationUrl: `${server.url}/authorize`,
    issuer: server.url,
    clientId: 'graphonic',
    clientSecret: 'a-secret-long-enough-for-the-test-0000',
    timeoutMs: 2000,
  };
}

describe('learning whether the accounts service offers OpenID Connect', () => {
  it('finds a provider that lists openid, and asks again only once the answer is old', async () => {
    answer = 'openid';
    let now = 0;
    const discovery = new OpenIdDiscovery(credentials(), { ttlMs: 60_000, now: () => now });
    const [first, second] = await Promise.all([discovery.provider(), discovery.provider()]);
    expect(first?.serverMetadata().end_session_endpoint).toBe(`${server.url}/oauth/logout`);
    expect(second).toBe(first);
    expect(asked).toBe(1);
    now += 59_000;
    await discovery.provider();
    expect(asked).toBe(1);
    now += 2000;
    await discovery.provider();
    expect(asked).toBe(2);
  });

  it.each([['oauth-only'], ['other-issuer'], ['missing']] as const)(
    'takes a service whose document is %s for an OAuth-only one, and remembers that',
    async (kind) => {
      answer = kind;
      const discovery = new OpenIdDiscovery(credentials());
      expect(await discovery.provider()).toBeNull();
      expect(await discovery.provider()).toBeNull();
      expect(asked).toBe(1);
    },
  );

  it('takes a service that did not answer for an OAuth-only one for a short while only', async () => {
    answer = 'hang-up';
    let now = 0;
    const discovery = new OpenIdDiscovery(credentials(), { ttlMs: 600_000, unreachableTtlMs: 30_000, now: () => now });
    expect(await discovery.provider()).toBeNull();
    answer = 'openid';
    now += 29_000;
    expect(await discovery.provider()).toBeNull();
    expect(asked).toBe(1);
    now += 2000;
    expect(await discovery.provider()).not.toBeNull();
    expect(asked).toBe(2);
  });
});

describe('the nonce and the end-session address', () => {
  it('derives one nonce per verifier, which is neither the verifier nor its PKCE challenge', () => {
    const verifier = oauth.randomPKCECodeVerifier();
    expect(nonceOf(verifier)).toBe(nonceOf(verifier));
    expect(nonceOf(verifier)).not.toBe(nonceOf(oauth.randomPKCECodeVerifier()));
    expect(nonceOf(verifier)).not.toContain(verifier);
    expect(nonceOf(verifier)).not.toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('names the end-session endpoint with the hint and the return address, when there is one', async () => {
    answer = 'openid';
    const provider = await new OpenIdDiscovery(credentials()).provider();
    if (provider === null) throw new Error('no provider');
    const url = endSessionUrl(provider, 'id.token.value', 'http://127.0.0.1:4000/');
    expect(url?.origin).toBe(server.url);
    expect(url?.pathname).toBe('/oauth/logout');
    expect(url?.searchParams.get('id_token_hint')).toBe('id.token.value');
    expect(url?.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:4000/');
    const withoutEndpoint = new oauth.Configuration({ issuer: server.url }, 'graphonic');
    expect(endSessionUrl(withoutEndpoint, 'id.token.value', 'http://127.0.0.1:4000/')).toBeNull();
  });
});
