import type { Response as ExpressResponse } from 'express';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { testPasswordCost, tokenHash } from './crypto';
import { getAuth } from './middleware';
import { createClient, createUser, issueTokens } from './service';
import { Browser, field, startAccounts, type AccountsHarness } from './testing';

/**
 * The token, revocation and introspection endpoints, driven by a real OAuth client library
 * (oauth4webapi), and the bearer middleware the music v1 API uses.
 */

const redirectUri = 'http://127.0.0.1:4000/auth/callback';
const password = 'correct horse battery';
// The test server speaks plain http on loopback, which the library refuses unless told.
// oxlint-disable-next-line typescript/no-deprecated -- local testing is what this option is for
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let harness: AccountsHarness;
let as: oauth.AuthorizationServer;
let publicClient: oauth.Client;
let confidentialClient: oauth.Client;
let confidentialSecret: string;
let otherClient: oauth.Client;
let otherSecret: string;

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`the OAuth endpoints on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;

    beforeAll(async () => {
      // Access tokens live one second: the tests move the clock past it instead of waiting.
      isolated = await engine.isolate();
      await migrate(isolated.db);
      harness = await startAccounts({ db: isolated.db, accessTokenTtl: 1 });
      await createUser(
        harness.db,
        { id: 'ana', password, email: 'ana@example.org', country: 'SE' },
        { passwordCost: testPasswordCost },
      );
      const pocket = await createClient(harness.db, {
        name: 'Pocket Player',
        redirectUris: [redirectUri],
        confidential: false,
      });
      publicClient = { client_id: pocket.clientId };
      const web = await createClient(harness.db, {
        name: 'Web Player',
        redirectUris: [redirectUri],
        confidential: true,
      });
      confidentialClient = { client_id: web.clientId };
      confidentialSecret = web.clientSecret ?? '';
      const other = await createClient(harness.db, {
        name: 'Other App',
        redirectUris: [redirectUri],
        confidential: true,
      });
      otherClient = { client_id: other.clientId };
      otherSecret = other.clientSecret ?? '';
      const issuer = new URL(harness.url);
      as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
      );
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await harness.close();
      await isolated.dispose();
      await engine.shutdown();
    });

    /** Walks a browser through sign-in and consent; resolves with the authorization response's URL. */
    async function authorize(browser: Browser, url: URL): Promise<URL> {
      let response = await browser.get(url.toString());
      let html = response.status === 200 ? await response.text() : '';
      if (html.includes('action="/login"')) {
        response = await browser.post('/login', {
          csrf: field(html, 'csrf'),
          continue: field(html, 'continue'),
          username: 'ana',
          password,
        });
        html = response.status === 200 ? await response.text() : '';
      }
      if (html.includes('action="/authorize/decision"')) {
        response = await browser.post('/authorize/decision', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'allow',
        });
      }
      expect(response.status).toBe(303);
      return new URL(response.headers.get('location') ?? '');
    }

    interface Started {
      url: URL;
      state: string;
      verifier: string;
    }

    async function authorizationUrl(client: oauth.Client, scope: string): Promise<Started> {
      const url = new URL(as.authorization_endpoint ?? '');
      const state = oauth.generateRandomState();
      const verifier = oauth.generateRandomCodeVerifier();
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return { url, state, verifier };
    }

    /** A code for `client`, through the pages, validated by the library (state, iss). */
    async function codeFor(client: oauth.Client, scope = 'user-read-private') {
      const started = await authorizationUrl(client, scope);
      const callback = await authorize(new Browser(harness.url), started.url);
      const params = oauth.validateAuthResponse(as, client, callback, started.state);
      return { params, verifier: started.verifier, code: params.get('code') ?? '' };
    }

    async function publicTokens(scope = 'user-read-private') {
      const { params, verifier } = await codeFor(publicClient, scope);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        publicClient,
        oauth.None(),
        params,
        redirectUri,
        verifier,
        insecure,
      );
      return oauth.processAuthorizationCodeResponse(as, publicClient, response);
    }

    function api(path: string, accessToken?: string, authorization?: string): Promise<Response> {
      const header = authorization ?? (accessToken === undefined ? undefined : `Bearer ${accessToken}`);
      return fetch(`${harness.url}/v1${path}`, { headers: header ? { authorization: header } : {} });
    }

    async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
      const response = await fetch(`${harness.url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      });
      expect(response.headers.get('cache-control')).toBe('no-store');
      return {
        status: response.status,
        headers: response.headers,
        body: (await response.json()) as Record<string, unknown>,
      };
    }

    const basic = (id: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
    });

    async function expectOAuthError(promise: Promise<unknown>, error: string): Promise<void> {
      const thrown = await promise.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(thrown).toBeInstanceOf(oauth.ResponseBodyError);
      expect((thrown as oauth.ResponseBodyError).error).toBe(error);
    }

    describe('server metadata (RFC 8414)', () => {
      it('names the issuer, the endpoints, S256 only, the grants and the scopes', () => {
        expect(as).toMatchObject({
          issuer: harness.url,
          authorization_endpoint: `${harness.url}/authorize`,
          token_endpoint: `${harness.url}/api/token`,
          revocation_endpoint: `${harness.url}/oauth/revoke`,
          introspection_endpoint: `${harness.url}/oauth/introspect`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          grant_types_supported: [
            'authorization_code',
            'refresh_token',
            'client_credentials',
            'urn:ietf:params:oauth:grant-type:device_code',
          ],
          device_authorization_endpoint: `${harness.url}/oauth/device_authorization`,
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        });
        expect(as.scopes_supported).toContain('user-library-read');
        expect(as.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
        expect(as.scopes_supported).toHaveLength(22);
      });
    });

    describe('the authorization-code grant', () => {
      it('works for a public client with PKCE, in Spotify’s response shape', async () => {
        const { params, verifier } = await codeFor(publicClient, 'user-read-private user-library-read');
        const raw = await oauth.authorizationCodeGrantRequest(
          as,
          publicClient,
          oauth.None(),
          params,
          redirectUri,
          verifier,
          insecure,
        );
        expect(raw.headers.get('cache-control')).toBe('no-store');
        const body = (await raw.clone().json()) as Record<string, unknown>;
        expect(Object.keys(body).sort()).toEqual([
          'access_token',
          'expires_in',
          'refresh_token',
          'scope',
          'token_type',
        ]);
        expect(body).toMatchObject({
          token_type: 'Bearer',
          scope: 'user-read-private user-library-read',
          expires_in: 1,
        });
        const tokens = await oauth.processAuthorizationCodeResponse(as, publicClient, raw);
        const me = await api('/any', tokens.access_token);
        expect(await me.json()).toEqual({
          userId: 'ana',
          clientId: publicClient.client_id,
          scopes: ['user-library-read', 'user-read-private'],
        });
      });

      it('works for a confidential client with a secret, by Basic and in the body, and PKCE', async () => {
        const withBasic = await codeFor(confidentialClient, 'user-read-email');
        const basicResponse = await oauth.authorizationCodeGrantRequest(
          as,
          confidentialClient,
          oauth.ClientSecretBasic(confidentialSecret),
          withBasic.params,
          redirectUri,
          withBasic.verifier,
          insecure,
        );
        const first = await oauth.processAuthorizationCodeResponse(as, confidentialClient, basicResponse);
        expect(first.scope).toBe('user-read-email');
        expect((await api('/me', first.access_token)).status).toBe(200);

        const withPost = await codeFor(confidentialClient, 'user-read-email');
        const postResponse = await oauth.authorizationCodeGrantRequest(
          as,
          confidentialClient,
          oauth.ClientSecretPost(confidentialSecret),
          withPost.params,
          redirectUri,
          withPost.verifier,
          insecure,
        );
        const second = await oauth.processAuthorizationCodeResponse(as, confidentialClient, postResponse);
        expect(second.refresh_token).toBeTruthy();
      });

      it('takes a code once: a replay fails and revokes what the code issued', async () => {
        const { code, verifier } = await codeFor(publicClient);
        const form = {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: publicClient.client_id,
          code_verifier: verifier,
        };
        const first = await token(form);
        expect(first.status).toBe(200);
        expect((await api('/any', String(first.body.access_token))).status).toBe(200);
        const replay = await token(form);
        expect(replay).toMatchObject({
          status: 400,
          body: { error: 'invalid_grant', error_description: 'Invalid authorization code' },
        });
        expect(await (await api('/any', String(first.body.access_token))).json()).toEqual({
          error: { status: 401, message: 'Invalid access token' },
        });
        const refresh = await token({
          grant_type: 'refresh_token',
          refresh_token: String(first.body.refresh_token),
          client_id: publicClient.client_id,
        });
        expect(refresh.body.error).toBe('invalid_grant');
      });

      it('refuses another redirect URI than the authorization request’s', async () => {
        const { code, verifier } = await codeFor(publicClient);
        const other = await token({
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'http://127.0.0.1:4000/other',
          client_id: publicClient.client_id,
          code_verifier: verifier,
        });
        expect(other).toMatchObject({
          status: 400,
          body: { error: 'invalid_grant', error_description: 'Invalid redirect URI' },
        });
        const missing = await token({
          grant_type: 'authorization_code',
          code,
          client_id: publicClient.client_id,
          code_verifier: verifier,
        });
        expect(missing.body.error).toBe('invalid_grant');
      });

      it('checks the PKCE verifier: a wrong one fails, and a missing one is refused as required, for every client', async () => {
        const { code } = await codeFor(publicClient);
        const base = {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: publicClient.client_id,
        };
        const wrong = await token({ ...base, code_verifier: oauth.generateRandomCodeVerifier() });
        expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'code_verifier was incorrect' });
        const missing = await token(base);
        expect(missing).toMatchObject({
          status: 400,
          body: {
            error: 'invalid_request',
            error_description: 'PKCE is required: the parameter code_verifier is missing.',
          },
        });

        // A client secret does not stand in for the verifier.
        const confidential = await codeFor(confidentialClient);
        const withoutVerifier = await token(
          { grant_type: 'authorization_code', code: confidential.code, redirect_uri: redirectUri },
          basic(confidentialClient.client_id, confidentialSecret),
        );
        expect(withoutVerifier.body).toMatchObject({ error: 'invalid_request' });
        expect(String(withoutVerifier.body.error_description)).toMatch(/PKCE is required/);
        // The code still works with its verifier: a refused request spends nothing.
        const withVerifier = await token(
          {
            grant_type: 'authorization_code',
            code: confidential.code,
            redirect_uri: redirectUri,
            code_verifier: confidential.verifier,
          },
          basic(confidentialClient.client_id, confidentialSecret),
        );
        expect(withVerifier.status).toBe(200);
      });

      it('refuses a code issued without a PKCE challenge, whatever the verifier', async () => {
        const code = oauth.generateRandomCodeVerifier();
        await harness.db.query(
          `INSERT INTO authorization_codes (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
           VALUES ($1, $2, 'ana', $3, $4, NULL, $5)`,
          [
            tokenHash(code),
            confidentialClient.client_id,
            redirectUri,
            ['user-read-private'],
            new Date(harness.clock.now + 60_000),
          ],
        );
        const verifiers: Record<string, string>[] = [{}, { code_verifier: oauth.generateRandomCodeVerifier() }];
        for (const verifier of verifiers) {
          const refused = await token(
            { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...verifier },
            basic(confidentialClient.client_id, confidentialSecret),
          );
          expect(refused.status).toBe(400);
          expect(String(refused.body.error_description)).toMatch(/PKCE is required/);
        }
      });

      it('refuses a code of another client, and an expired code', async () => {
        const { code, verifier } = await codeFor(publicClient);
        const stolen = await token(
          { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
          basic(otherClient.client_id, otherSecret),
        );
        expect(stolen.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });

        const late = await codeFor(publicClient);
        harness.clock.advance(61_000);
        const expired = await token({
          grant_type: 'authorization_code',
          code: late.code,
          redirect_uri: redirectUri,
          client_id: publicClient.client_id,
          code_verifier: late.verifier,
        });
        expect(expired.body).toEqual({ error: 'invalid_grant', error_description: 'Authorization code expired' });
      });
    });

    describe('the refresh-token grant', () => {
      it('rotates: every refresh returns a new refresh token and spends the old one', async () => {
        const first = await publicTokens('user-top-read');
        const firstRefresh = first.refresh_token ?? '';
        const response = await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), firstRefresh, insecure);
        const second = await oauth.processRefreshTokenResponse(as, publicClient, response);
        expect(second.refresh_token).toBeTruthy();
        expect(second.refresh_token).not.toBe(firstRefresh);
        expect(second.scope).toBe('user-top-read');
        expect((await api('/any', second.access_token)).status).toBe(200);
        const third = await oauth.processRefreshTokenResponse(
          as,
          publicClient,
          await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), second.refresh_token ?? '', insecure),
        );
        expect((await api('/any', third.access_token)).status).toBe(200);
      });

      it('treats a spent refresh token as stolen: the whole family and its access tokens die', async () => {
        const first = await publicTokens();
        const second = await oauth.processRefreshTokenResponse(
          as,
          publicClient,
          await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), first.refresh_token ?? '', insecure),
        );
        await expectOAuthError(
          oauth.processRefreshTokenResponse(
            as,
            publicClient,
            await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), first.refresh_token ?? '', insecure),
          ),
          'invalid_grant',
        );
        expect((await api('/any', first.access_token)).status).toBe(401);
        expect((await api('/any', second.access_token)).status).toBe(401);
        await expectOAuthError(
          oauth.processRefreshTokenResponse(
            as,
            publicClient,
            await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), second.refresh_token ?? '', insecure),
          ),
          'invalid_grant',
        );
      });

      it('belongs to its client only, and a confidential client must authenticate to use it', async () => {
        const { params, verifier } = await codeFor(confidentialClient, 'user-read-private');
        const tokens = await oauth.processAuthorizationCodeResponse(
          as,
          confidentialClient,
          await oauth.authorizationCodeGrantRequest(
            as,
            confidentialClient,
            oauth.ClientSecretBasic(confidentialSecret),
            params,
            redirectUri,
            verifier,
            insecure,
          ),
        );
        const refreshToken = tokens.refresh_token ?? '';
        const unauthenticated = await token({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: confidentialClient.client_id,
        });
        expect(unauthenticated.status).toBe(401);
        const byOther = await token(
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          basic(otherClient.client_id, otherSecret),
        );
        expect(byOther.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
        const own = await token(
          { grant_type: 'refresh_token', refresh_token: refreshToken },
          basic(confidentialClient.client_id, confidentialSecret),
        );
        expect(own.status).toBe(200);
      });

      it('stops six months after the original authorization, however often it was refreshed', async () => {
        // A harness of its own on the same store, so that moving its clock by months touches no other test.
        const later = await startAccounts({ db: harness.db, accessTokenTtl: 3600 });
        try {
          const issued = await issueTokens(later.db, {
            userId: 'ana',
            clientId: publicClient.client_id,
            scopes: [],
            now: later.clock.now,
          });
          const refresh = async (refreshToken: string) => {
            const response = await fetch(`${later.url}/api/token`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({
                grant_type: 'refresh_token',
                refresh_token: refreshToken,
                client_id: publicClient.client_id,
              }),
            });
            return (await response.json()) as Record<string, unknown>;
          };
          later.clock.advance(100 * 24 * 60 * 60 * 1000);
          const renewed = await refresh(issued.refresh_token ?? '');
          expect(renewed.refresh_token).toBeTruthy();
          later.clock.advance(83 * 24 * 60 * 60 * 1000);
          expect(await refresh(String(renewed.refresh_token))).toEqual({
            error: 'invalid_grant',
            error_description: 'Refresh token expired',
          });
        } finally {
          await later.close();
        }
      });
    });

    describe('the client-credentials grant', () => {
      it('gives a token with no user and no refresh token, which user endpoints refuse', async () => {
        const tokens = await oauth.processClientCredentialsResponse(
          as,
          confidentialClient,
          await oauth.clientCredentialsGrantRequest(
            as,
            confidentialClient,
            oauth.ClientSecretBasic(confidentialSecret),
            {},
            insecure,
          ),
        );
        expect(tokens.refresh_token).toBeUndefined();
        expect(tokens.expires_in).toBe(1);
        expect(await (await api('/any', tokens.access_token)).json()).toEqual({
          userId: null,
          clientId: confidentialClient.client_id,
          scopes: [],
        });
        const me = await api('/me', tokens.access_token);
        expect(me.status).toBe(403);
        expect(await me.json()).toEqual({
          error: { status: 403, message: 'This endpoint needs a user: client credentials cannot use it' },
        });
      });

      it('is for confidential clients only', async () => {
        const response = await token({ grant_type: 'client_credentials', client_id: publicClient.client_id });
        expect(response).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
      });
    });

    describe('the token endpoint', () => {
      it('answers invalid_client with 401 and a Basic challenge', async () => {
        const wrongSecret = await token(
          { grant_type: 'client_credentials' },
          basic(confidentialClient.client_id, 'nope'),
        );
        expect(wrongSecret.status).toBe(401);
        expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic realm="accounts"/);
        expect(wrongSecret.body).toEqual({ error: 'invalid_client', error_description: 'Invalid client secret' });
        expect((await token({ grant_type: 'client_credentials' }, basic('nobody', 'x'))).body.error).toBe(
          'invalid_client',
        );
        expect(
          (await token({ grant_type: 'client_credentials', client_id: confidentialClient.client_id })).status,
        ).toBe(401);
        expect((await token({ grant_type: 'client_credentials' })).status).toBe(401);
        const publicWithSecret = await token({
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: publicClient.client_id,
          client_secret: 'made-up',
        });
        expect(publicWithSecret.body.error).toBe('invalid_client');
      });

      it('answers malformed requests OAuth-style', async () => {
        const auth = basic(confidentialClient.client_id, confidentialSecret);
        expect((await token({}, auth)).body).toEqual({
          error: 'invalid_request',
          error_description: 'The parameter grant_type is missing.',
        });
        expect((await token({ grant_type: 'password' }, auth)).body.error).toBe('unsupported_grant_type');
        expect((await token({ grant_type: 'authorization_code' }, auth)).body.error).toBe('invalid_request');
        const repeated = await fetch(`${harness.url}/api/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
          body: 'grant_type=client_credentials&grant_type=client_credentials',
        });
        expect(((await repeated.json()) as { error: string }).error).toBe('invalid_request');
        const json = await fetch(`${harness.url}/api/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ grant_type: 'client_credentials' }),
        });
        expect(json.status).toBe(400);
        expect(await json.json()).toMatchObject({ error: 'invalid_request' });
      });

      it('stores tokens only as sha256 hashes', async () => {
        const tokens = await publicTokens();
        const stored = await harness.db.query<{ token_hash: string }>(
          'SELECT token_hash FROM access_tokens WHERE token_hash = $1',
          [tokenHash(tokens.access_token)],
        );
        expect(stored.rows).toHaveLength(1);
        const raw = await harness.db.query(
          `SELECT 1 FROM access_tokens WHERE token_hash = $1 UNION ALL SELECT 1 FROM refresh_tokens WHERE token_hash = $2`,
          [tokens.access_token, tokens.refresh_token],
        );
        expect(raw.rows).toHaveLength(0);
        expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      });
    });

    describe('revocation (RFC 7009)', () => {
      it('revokes an access token at once, and a refresh token with its whole family', async () => {
        const tokens = await publicTokens();
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, publicClient, oauth.None(), tokens.access_token, insecure),
        );
        expect((await api('/any', tokens.access_token)).status).toBe(401);

        const more = await oauth.processRefreshTokenResponse(
          as,
          publicClient,
          await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), tokens.refresh_token ?? '', insecure),
        );
        expect((await api('/any', more.access_token)).status).toBe(200);
        await oauth.processRevocationResponse(
          await oauth.revocationRequest(as, publicClient, oauth.None(), more.refresh_token ?? '', {
            ...insecure,
            additionalParameters: { token_type_hint: 'refresh_token' },
          }),
        );
        expect((await api('/any', more.access_token)).status).toBe(401);
        await expectOAuthError(
          oauth.processRefreshTokenResponse(
            as,
            publicClient,
            await oauth.refreshTokenGrantRequest(as, publicClient, oauth.None(), more.refresh_token ?? '', insecure),
          ),
          'invalid_grant',
        );
      });

      it('answers 200 for unknown tokens and leaves other clients’ tokens alone', async () => {
        const unknown = await oauth.revocationRequest(
          as,
          confidentialClient,
          oauth.ClientSecretBasic(confidentialSecret),
          'not-a-token',
          insecure,
        );
        expect(unknown.status).toBe(200);
        const tokens = await publicTokens();
        const foreign = await oauth.revocationRequest(
          as,
          otherClient,
          oauth.ClientSecretBasic(otherSecret),
          tokens.access_token,
          insecure,
        );
        expect(foreign.status).toBe(200);
        expect((await api('/any', tokens.access_token)).status).toBe(200);
      });

      it('needs client authentication', async () => {
        const tokens = await publicTokens();
        const anonymous = await fetch(`${harness.url}/oauth/revoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: tokens.access_token }),
        });
        expect(anonymous.status).toBe(401);
        expect(((await anonymous.json()) as { error: string }).error).toBe('invalid_client');
        const wrong = await oauth.revocationRequest(
          as,
          confidentialClient,
          oauth.ClientSecretBasic('wrong'),
          tokens.access_token,
          insecure,
        );
        expect(wrong.status).toBe(401);
        expect((await api('/any', tokens.access_token)).status).toBe(200);
      });
    });

    describe('introspection (RFC 7662)', () => {
      const introspect = (tokenValue: string, client = confidentialClient, secret = confidentialSecret) =>
        oauth
          .introspectionRequest(as, client, oauth.ClientSecretBasic(secret), tokenValue, insecure)
          .then((response) => oauth.processIntrospectionResponse(as, client, response));

      it('describes an active token to the client it was issued to', async () => {
        const { params, verifier } = await codeFor(confidentialClient, 'user-read-email');
        const tokens = await oauth.processAuthorizationCodeResponse(
          as,
          confidentialClient,
          await oauth.authorizationCodeGrantRequest(
            as,
            confidentialClient,
            oauth.ClientSecretBasic(confidentialSecret),
            params,
            redirectUri,
            verifier,
            insecure,
          ),
        );
        const { rows } = await harness.db.query<{ account_id: string }>('SELECT account_id FROM users WHERE id = $1', [
          'ana',
        ]);
        const now = Math.floor(harness.clock.now / 1000);
        expect(await introspect(tokens.access_token)).toEqual({
          active: true,
          scope: 'user-read-email',
          client_id: confidentialClient.client_id,
          username: 'ana',
          token_type: 'Bearer',
          exp: now + 1,
          iat: now,
          sub: rows[0]?.account_id,
        });
        expect(await introspect(tokens.refresh_token ?? '')).toMatchObject({
          active: true,
          token_type: 'refresh_token',
          username: 'ana',
        });
        // Only to that client: another sees nothing.
        expect(await introspect(tokens.access_token, otherClient, otherSecret)).toEqual({ active: false });
        harness.clock.advance(1000);
        expect(await introspect(tokens.access_token)).toEqual({ active: false });
      });

      it('says inactive for revoked and unknown tokens, and a client-credentials token has the client as subject', async () => {
        const app = await oauth.processClientCredentialsResponse(
          as,
          confidentialClient,
          await oauth.clientCredentialsGrantRequest(
            as,
            confidentialClient,
            oauth.ClientSecretBasic(confidentialSecret),
            {},
            insecure,
          ),
        );
        expect(await introspect(app.access_token)).toMatchObject({
          active: true,
          sub: confidentialClient.client_id,
          scope: '',
        });
        expect(await introspect(app.access_token)).not.toHaveProperty('username');
        await oauth.revocationRequest(
          as,
          confidentialClient,
          oauth.ClientSecretBasic(confidentialSecret),
          app.access_token,
          insecure,
        );
        expect(await introspect(app.access_token)).toEqual({ active: false });
        expect(await introspect('not-a-token')).toEqual({ active: false });
      });

      it('needs an authenticated confidential client', async () => {
        const tokens = await publicTokens();
        const publicAttempt = await oauth.introspectionRequest(
          as,
          publicClient,
          oauth.None(),
          tokens.access_token,
          insecure,
        );
        expect(publicAttempt.status).toBe(401);
        const wrongSecret = await oauth.introspectionRequest(
          as,
          confidentialClient,
          oauth.ClientSecretBasic('wrong'),
          tokens.access_token,
          insecure,
        );
        expect(wrongSecret.status).toBe(401);
        expect(wrongSecret.headers.get('cache-control')).toBe('no-store');
      });
    });

    describe('the bearer middleware', () => {
      it('asks for a token, refuses other schemes, unknown and expired tokens, Spotify-style', async () => {
        const none = await api('/any');
        expect(none.status).toBe(401);
        expect(none.headers.get('www-authenticate')).toBe('Bearer realm="music"');
        expect(await none.json()).toEqual({ error: { status: 401, message: 'No token provided' } });

        const basicScheme = await api('/any', undefined, 'Basic YTpi');
        expect(basicScheme.status).toBe(400);
        expect(await basicScheme.json()).toEqual({
          error: { status: 400, message: 'Only valid bearer authentication supported' },
        });

        const unknown = await api('/any', 'not-a-token');
        expect(unknown.status).toBe(401);
        expect(unknown.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
        expect(await unknown.json()).toEqual({ error: { status: 401, message: 'Invalid access token' } });

        const tokens = await publicTokens();
        expect((await api('/any', tokens.access_token)).status).toBe(200);
        harness.clock.advance(1000);
        const expired = await api('/any', tokens.access_token);
        expect(expired.status).toBe(401);
        expect(await expired.json()).toEqual({ error: { status: 401, message: 'The access token expired' } });
      });

      it('refuses a token without the scopes an endpoint needs', async () => {
        const narrow = await publicTokens('user-read-private');
        const refused = await api('/me/email', narrow.access_token);
        expect(refused.status).toBe(403);
        expect(refused.headers.get('www-authenticate')).toMatch(
          /error="insufficient_scope", scope="user-read-private user-read-email"/,
        );
        expect(await refused.json()).toEqual({ error: { status: 403, message: 'Insufficient client scope' } });
        const wide = await publicTokens('user-read-private user-read-email');
        expect((await api('/me/email', wide.access_token)).status).toBe(200);
      });

      it('getAuth refuses a request that was not authenticated', () => {
        const res = { locals: {} } as unknown as ExpressResponse;
        expect(() => getAuth(res)).toThrow(/authenticate\(\)/);
      });
    });
  });
}
