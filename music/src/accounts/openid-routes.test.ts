import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { testPasswordCost } from './crypto';
import { accessTokenHash } from './id-token';
import { createClient, createUser, issueTokens } from './service';
import { SigningKeys } from './signing-keys';
import { Browser, field, startAccounts, type AccountsHarness } from './testing';

/**
 * OpenID Connect at the accounts service, driven by a real relying party (openid-client):
 * discovery, the code flow with PKCE and a nonce, the ID token, UserInfo and sign-out.
 */

const redirectUri = 'http://127.0.0.1:4000/auth/callback';
const password = 'correct horse battery';
const minute = 60_000;

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`OpenID Connect on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let harness: AccountsHarness;
    let config: client.Configuration;
    let clientId: string;

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      const keyRotation = { rotateAfterMs: 60 * minute, keepPreviousMs: 60 * minute };
      harness = await startAccounts({ db: isolated.db, keyRotation });
      // The first signing key is made here, where slowness is allowed for: RSA takes a moment on a busy machine.
      await new SigningKeys(isolated.db, () => harness.clock.now, keyRotation).signingKey();
      await createUser(
        harness.db,
        { id: 'ana', password, email: 'Ana@Example.org', displayName: 'Ana Andersson' },
        { passwordCost: testPasswordCost },
      );
      await createUser(harness.db, { id: 'bo', password, displayName: 'Bo' }, { passwordCost: testPasswordCost });
      const registered = await createClient(harness.db, {
        name: 'Web Player',
        redirectUris: [redirectUri],
        confidential: true,
      });
      clientId = registered.clientId;
      config = await client.discovery(new URL(harness.url), clientId, registered.clientSecret ?? '', undefined, {
        // The test server speaks plain http on loopback.
        // oxlint-disable-next-line typescript/no-deprecated -- local testing is what this option is for
        execute: [client.allowInsecureRequests],
      });
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await harness.close();
      await isolated.dispose();
      await engine.shutdown();
    });

    /** Through the sign-in and consent pages as `user`; resolves with the callback URL and the consent page seen. */
    async function authorize(browser: Browser, url: URL, user = 'ana'): Promise<{ callback: URL; consent: string }> {
      let response = await browser.get(url.toString());
      let html = response.status === 200 ? await response.text() : '';
      if (html.includes('action="/login"')) {
        response = await browser.post('/login', {
          csrf: field(html, 'csrf'),
          continue: field(html, 'continue'),
          username: user,
          password,
        });
        html = response.status === 200 ? await response.text() : '';
      }
      const consent = html;
      if (html.includes('action="/authorize/decision"')) {
        response = await browser.post('/authorize/decision', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'allow',
        });
      }
      expect(response.status).toBe(303);
      return { callback: new URL(response.headers.get('location') ?? ''), consent };
    }

    async function signIn(scope: string, browser = new Browser(harness.url), user = 'ana') {
      const openId = scope.split(' ').includes('openid');
      const verifier = client.randomPKCECodeVerifier();
      // A nonce tells the library to expect an ID token: sent with openid only.
      const nonce = openId ? client.randomNonce() : undefined;
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(nonce === undefined ? {} : { nonce }),
        state,
      });
      const { callback, consent } = await authorize(browser, url, user);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        ...(nonce === undefined ? {} : { expectedNonce: nonce }),
        expectedState: state,
        idTokenExpected: openId,
      });
      return { tokens, nonce, consent, browser };
    }

    describe('discovery', () => {
      it('describes the provider, and the OAuth metadata says the same', async () => {
        const metadata = config.serverMetadata();
        expect(metadata).toMatchObject({
          issuer: harness.url,
          authorization_endpoint: `${harness.url}/authorize`,
          token_endpoint: `${harness.url}/api/token`,
          userinfo_endpoint: `${harness.url}/userinfo`,
          jwks_uri: `${harness.url}/jwks.json`,
          end_session_endpoint: `${harness.url}/oauth/logout`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
        expect(metadata.scopes_supported).toEqual(
          expect.arrayContaining(['openid', 'profile', 'email', 'user-read-private']),
        );
        expect(metadata.claims_supported).toEqual(
          expect.arrayContaining(['sub', 'nonce', 'auth_time', 'at_hash', 'name', 'email']),
        );
        const oauthMetadata = (await (
          await fetch(`${harness.url}/.well-known/oauth-authorization-server`)
        ).json()) as Record<string, unknown>;
        expect(oauthMetadata).toEqual(
          (await (await fetch(`${harness.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>,
        );
      });
    });

    describe('the code flow with PKCE', () => {
      it('gives an ID token the relying party validates, signed by a published key', async () => {
        const signedInAt = harness.clock.now;
        const { tokens, nonce, consent } = await signIn('openid profile email user-read-private');
        // The consent page names what OpenID Connect shares.
        expect(consent).toContain('Sign you in with your Graphonic account');
        expect(consent).toContain('See your name and username');
        const claims = tokens.claims();
        expect(claims).toMatchObject({
          iss: harness.url,
          sub: 'ana',
          aud: clientId,
          nonce,
          name: 'Ana Andersson',
          preferred_username: 'ana',
          email: 'ana@example.org',
        });
        expect(claims?.auth_time).toBe(Math.floor(signedInAt / 1000));
        expect(claims?.at_hash).toBe(accessTokenHash(tokens.access_token));
        expect((claims?.exp ?? 0) - (claims?.iat ?? 0)).toBe(600);
        const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
        const { payload, protectedHeader } = await jwtVerify(tokens.id_token ?? '', jwks, {
          issuer: harness.url,
          audience: clientId,
          currentDate: new Date(harness.clock.now),
        });
        expect(payload.sub).toBe('ana');
        expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
      });

      it('shares only what the scopes grant', async () => {
        const { tokens } = await signIn('openid');
        const claims = tokens.claims() ?? {};
        expect(Object.keys(claims).sort()).toEqual([
          'at_hash',
          'aud',
          'auth_time',
          'exp',
          'iat',
          'iss',
          'nonce',
          'sub',
        ]);
        const emailOnly = (await signIn('openid email')).tokens.claims();
        expect(emailOnly?.email).toBe('ana@example.org');
        expect(emailOnly).not.toHaveProperty('name');
      });

      it('gives no ID token without openid', async () => {
        const { tokens } = await signIn('user-read-private');
        expect(tokens.id_token).toBeUndefined();
      });

      it('leaves out a nonce the request did not send, and refuses one too long', async () => {
        const browser = new Browser(harness.url);
        const verifier = client.randomPKCECodeVerifier();
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state: 'plain',
        });
        const { callback } = await authorize(browser, url);
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: verifier,
          expectedState: 'plain',
        });
        expect(decodeJwt(tokens.id_token ?? '')).not.toHaveProperty('nonce');

        url.searchParams.set('nonce', 'n'.repeat(256));
        const refused = await browser.get(url.toString());
        expect(refused.status).toBe(303);
        expect(new URL(refused.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
      });

      it(
        'signs with the new key after a rotation, and the old ID tokens still verify',
        async () => {
          const before = (await signIn('openid')).tokens.id_token ?? '';
          harness.clock.advance(61 * minute);
          const after = (await signIn('openid')).tokens.id_token ?? '';
          expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
          const keys = (await (await fetch(`${harness.url}/jwks.json`)).json()) as { keys: { kid: string }[] };
          expect(keys.keys.map((key) => key.kid)).toEqual([
            decodeProtectedHeader(after).kid,
            decodeProtectedHeader(before).kid,
          ]);
          const jwks = createRemoteJWKSet(new URL(`${harness.url}/jwks.json`));
          // Verified as of when it was issued: the key it names is still published.
          const issuedAt = new Date((decodeJwt(before).iat ?? 0) * 1000);
          await expect(jwtVerify(before, jwks, { currentDate: issuedAt })).resolves.toBeTruthy();
          const text = JSON.stringify(keys);
          for (const member of ['"d"', '"p"', '"q"', '"dp"', '"dq"', '"qi"']) expect(text).not.toContain(member);
        },
        OPEN_TIMEOUT_MS,
      );
    });

    describe('UserInfo', () => {
      it('answers the relying party with sub and the granted claims, by GET and by POST', async () => {
        const { tokens } = await signIn('openid profile');
        const info = await client.fetchUserInfo(config, tokens.access_token, 'ana');
        expect(info).toEqual({ sub: 'ana', name: 'Ana Andersson', preferred_username: 'ana' });
        const posted = await fetch(`${harness.url}/userinfo`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        expect(posted.status).toBe(200);
        expect(await posted.json()).toEqual(info);
      });

      it('refuses a missing, unknown, expired or revoked token with 401 and a challenge', async () => {
        const missing = await fetch(`${harness.url}/userinfo`);
        expect(missing.status).toBe(401);
        expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="accounts"');
        expect(missing.headers.get('cache-control')).toBe('no-store');
        for (const header of ['Bearer not-a-token', 'Basic YTpi', 'Bearer']) {
          const bad = await fetch(`${harness.url}/userinfo`, { headers: { authorization: header } });
          expect(bad.status).toBe(401);
          expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
        }
        const short = await issueTokens(harness.db, {
          userId: 'ana',
          clientId,
          scopes: ['openid'],
          ttlSeconds: 60,
          now: harness.clock.now,
        });
        const read = () =>
          fetch(`${harness.url}/userinfo`, { headers: { authorization: `Bearer ${short.access_token}` } });
        expect((await read()).status).toBe(200);
        harness.clock.advance(61_000);
        const expired = await read();
        expect(expired.status).toBe(401);
        expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
      });

      it('answers 403 insufficient_scope to a token without openid', async () => {
        const { access_token: token } = await issueTokens(harness.db, {
          userId: 'ana',
          clientId,
          scopes: ['user-read-private', 'profile'],
          now: harness.clock.now,
        });
        const answer = await fetch(`${harness.url}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
        expect(answer.status).toBe(403);
        expect(answer.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
        expect(answer.headers.get('www-authenticate')).toContain('scope="openid"');
      });
    });

    describe('sign-out requested by the application', () => {
      /** Whether the browser is still signed in: the authorization page skips the password. */
      async function stillSignedIn(browser: Browser): Promise<boolean> {
        const answer = await browser.get('/login');
        return (await answer.text()).includes('You are signed in');
      }

      it('ends the sign-in at once with an ID token of it, and returns with the state', async () => {
        const { tokens, browser } = await signIn('openid');
        expect(await stillSignedIn(browser)).toBe(true);
        const url = client.buildEndSessionUrl(config, {
          id_token_hint: tokens.id_token ?? '',
          post_logout_redirect_uri: 'http://127.0.0.1:4000/',
          state: 'bye',
        });
        const answer = await browser.get(url.toString());
        expect(answer.status).toBe(303);
        expect(answer.headers.get('location')).toBe('http://127.0.0.1:4000/?state=bye');
        expect(await stillSignedIn(browser)).toBe(false);
      });

      it('takes an expired ID token as a hint, and shows a page without a return address', async () => {
        const { tokens, browser } = await signIn('openid');
        harness.clock.advance(30 * minute);
        const url = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? '' });
        const answer = await browser.get(url.toString());
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('You are signed out');
        expect(await stillSignedIn(browser)).toBe(false);
      });

      it('asks first without proof of who signed in, and signs out when the person confirms', async () => {
        const { browser } = await signIn('openid');
        const url = client.buildEndSessionUrl(config, { post_logout_redirect_uri: redirectUri });
        const page = await browser.get(url.toString());
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('Web Player asks to sign you out');
        expect(await stillSignedIn(browser)).toBe(true);
        // The form is bound to the browser's session: a forged one is refused.
        const forged = await browser.post('/oauth/logout', { csrf: 'forged', request: field(html, 'request') });
        expect(forged.status).toBe(403);
        const confirmed = await browser.post('/oauth/logout', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'sign-out',
        });
        expect(confirmed.status).toBe(303);
        expect(confirmed.headers.get('location')).toBe(redirectUri);
        expect(await stillSignedIn(browser)).toBe(false);
      });

      it('asks first when the ID token names someone else than who is signed in', async () => {
        const ana = await signIn('openid');
        const bo = await signIn('openid', new Browser(harness.url, '203.0.113.2'), 'bo');
        const url = client.buildEndSessionUrl(config, { id_token_hint: ana.tokens.id_token ?? '' });
        const page = await bo.browser.get(url.toString());
        expect(await page.text()).toContain('asks to sign you out');
        expect(await stillSignedIn(bo.browser)).toBe(true);
      });

      it('refuses an unregistered return address, a forged hint and a client that does not match', async () => {
        const { tokens, browser } = await signIn('openid');
        const refusals = [
          client.buildEndSessionUrl(config, {
            id_token_hint: tokens.id_token ?? '',
            post_logout_redirect_uri: 'https://evil.example/',
          }),
          client.buildEndSessionUrl(config, { id_token_hint: `${tokens.id_token ?? ''}x` }),
          new URL(`${harness.url}/oauth/logout?post_logout_redirect_uri=${encodeURIComponent(redirectUri)}`),
          client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? '', client_id: 'other' }),
        ];
        for (const url of refusals) {
          const answer = await browser.get(url.toString());
          expect(answer.status).toBe(400);
          expect(answer.headers.get('location')).toBeNull();
        }
        expect(await stillSignedIn(browser)).toBe(true);
      });
    });
  });
}
