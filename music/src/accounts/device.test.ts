import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { testPasswordCost, tokenHash } from './crypto';
import {
  deviceCodeGrantType,
  formatUserCode,
  newUserCode,
  normalizeUserCode,
  pollIntervalSeconds,
  userCodeAlphabet,
} from './device';
import { createClient, createUser, lifetimes } from './service';
import { Browser, field, startAccounts, type AccountsHarness } from './testing';

/**
 * The device authorization grant (RFC 8628): the device authorization endpoint and the token
 * endpoint's polling, driven by a real OAuth client library (oauth4webapi), with the listener's
 * answer given through the verification pages (whose own cases are in device-routes.test.ts).
 */

const password = 'correct horse battery';
// oxlint-disable-next-line typescript/no-deprecated -- the test server speaks plain http on loopback
const insecure = { [oauth.allowInsecureRequests]: true } as const;

describe('user codes', () => {
  it('are 8 letters of the 20-consonant alphabet, shown as XXXX-XXXX', () => {
    const codes = Array.from({ length: 200 }, newUserCode);
    for (const code of codes) expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(userCodeAlphabet).toHaveLength(20);
    expect(formatUserCode('BCDFGHJK')).toBe('BCDF-GHJK');
  });

  it('are read whatever their case, spaces and dashes, and nothing else is', () => {
    expect(normalizeUserCode('bcdf-ghjk')).toBe('BCDFGHJK');
    expect(normalizeUserCode(' BCDF GHJK ')).toBe('BCDFGHJK');
    expect(normalizeUserCode('BCDFGHJ')).toBeNull();
    expect(normalizeUserCode('BCDF-GHJA')).toBeNull(); // a vowel
    expect(normalizeUserCode('BCDF-GHJ0')).toBeNull(); // a digit
    expect(normalizeUserCode('BCDF_GHJK')).toBeNull();
  });
});

/** The code the verification page's field holds. */
function typedCode(html: string): string {
  return /<input id="user_code"[^>]* value="([^"]*)"/.exec(html)?.[1] ?? '';
}

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`the device authorization grant on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let harness: AccountsHarness;
    let as: oauth.AuthorizationServer;
    let device: oauth.Client;
    let other: oauth.Client;
    let confidential: oauth.Client;
    let confidentialSecret: string;
    let addresses = 0;

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      harness = await startAccounts({ db: isolated.db });
      await createUser(harness.db, { id: 'ana', password }, { passwordCost: testPasswordCost });
      device = {
        client_id: (
          await createClient(harness.db, { name: 'Couch Player', redirectUris: [], confidential: false, device: true })
        ).clientId,
      };
      other = {
        client_id: (
          await createClient(harness.db, { name: 'Other Player', redirectUris: [], confidential: false, device: true })
        ).clientId,
      };
      const web = await createClient(harness.db, {
        name: 'Web Player',
        redirectUris: ['http://127.0.0.1:4000/auth/callback'],
        confidential: true,
      });
      confidential = { client_id: web.clientId };
      confidentialSecret = web.clientSecret ?? '';
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

    async function start(client = device, scope = 'user-read-private playlist-read-private') {
      const response = await oauth.deviceAuthorizationRequest(as, client, oauth.None(), { scope }, insecure);
      return oauth.processDeviceAuthorizationResponse(as, client, response);
    }

    /** One poll, answered by the library: tokens, or the OAuth error it read. */
    async function poll(deviceCode: string, client = device) {
      const response = await oauth.deviceCodeGrantRequest(as, client, oauth.None(), deviceCode, insecure);
      return oauth.processDeviceCodeResponse(as, client, response).then(
        (tokens) => ({ tokens, error: undefined }),
        (error: unknown) => {
          if (error instanceof oauth.ResponseBodyError) return { tokens: undefined, error: error.error };
          throw error;
        },
      );
    }

    /** The listener's answer through the pages: sign in, the code, agree or cancel. */
    async function answer(verificationUriComplete: string, decision: 'allow' | 'deny'): Promise<string> {
      addresses += 1;
      const browser = new Browser(harness.url, `192.0.2.${String(addresses)}`);
      const form = await (await browser.get(verificationUriComplete)).text();
      const entered = await browser.post('/device', { csrf: field(form, 'csrf'), user_code: typedCode(form) });
      const signInPage = await entered.text();
      const consent = await browser.post('/login', {
        csrf: field(signInPage, 'csrf'),
        continue: field(signInPage, 'continue'),
        username: 'ana',
        password,
      });
      const consentPage = await consent.text();
      const answered = await browser.post('/device/decision', {
        csrf: field(consentPage, 'csrf'),
        user_code: field(consentPage, 'user_code'),
        decision,
      });
      expect(answered.status).toBe(200);
      return answered.text();
    }

    it('is advertised in the server metadata', () => {
      expect(as.device_authorization_endpoint).toBe(`${harness.url}/oauth/device_authorization`);
      expect(as.grant_types_supported).toContain(deviceCodeGrantType);
    });

    it('answers a device code, a user code, where to type it, its lifetime and the interval', async () => {
      const raw = await fetch(`${harness.url}/oauth/device_authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: device.client_id, scope: 'user-read-private' }).toString(),
      });
      expect(raw.status).toBe(200);
      expect(raw.headers.get('cache-control')).toBe('no-store');
      const body = (await raw.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        'device_code',
        'expires_in',
        'interval',
        'user_code',
        'verification_uri',
        'verification_uri_complete',
      ]);
      expect(body).toMatchObject({
        verification_uri: `${harness.url}/device`,
        verification_uri_complete: `${harness.url}/device?user_code=${String(body.user_code)}`,
        expires_in: 600,
        interval: pollIntervalSeconds,
      });
      expect(body.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
      expect(body.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Stored as hashes only.
      const { rows } = await harness.db.query<{ device_code_hash: string; user_code_hash: string }>(
        'SELECT device_code_hash, user_code_hash FROM device_codes WHERE client_id = $1',
        [device.client_id],
      );
      expect(rows).toContainEqual({
        device_code_hash: tokenHash(String(body.device_code)),
        user_code_hash: tokenHash(String(body.user_code).replace('-', '')),
      });
    });

    it('issues tokens once the listener agrees, as the code grant does, and only once', async () => {
      const started = await start();
      expect((await poll(started.device_code)).error).toBe('authorization_pending');
      harness.clock.advance(pollIntervalSeconds * 1000);

      const page = await answer(started.verification_uri_complete ?? '', 'allow');
      expect(page).toContain('Device connected');

      const { tokens } = await poll(started.device_code);
      expect(tokens).toMatchObject({
        token_type: 'bearer',
        scope: 'user-read-private playlist-read-private',
        expires_in: 3600,
      });
      expect(tokens?.refresh_token).toBeTruthy();
      const me = await fetch(`${harness.url}/v1/any`, {
        headers: { authorization: `Bearer ${tokens?.access_token ?? ''}` },
      });
      expect(await me.json()).toEqual({
        userId: 'ana',
        clientId: device.client_id,
        scopes: ['playlist-read-private', 'user-read-private'],
      });
      // The refresh token rotates as any other.
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        device,
        await oauth.refreshTokenGrantRequest(as, device, oauth.None(), tokens?.refresh_token ?? '', insecure),
      );
      expect(refreshed.refresh_token).not.toBe(tokens?.refresh_token);

      // Single use: the same code again is an unknown one, however long the device waits.
      harness.clock.advance(60_000);
      expect((await poll(started.device_code)).error).toBe('invalid_grant');
      // The access token it issued still works: a device that lost the answer is not punished for asking again.
      expect(
        (await fetch(`${harness.url}/v1/any`, { headers: { authorization: `Bearer ${tokens?.access_token ?? ''}` } }))
          .status,
      ).toBe(200);
    });

    it('answers access_denied when the listener cancels, until the code expires', async () => {
      const started = await start();
      const page = await answer(started.verification_uri_complete ?? '', 'deny');
      expect(page).toContain('Access not allowed');
      expect((await poll(started.device_code)).error).toBe('access_denied');
      harness.clock.advance(pollIntervalSeconds * 1000);
      expect((await poll(started.device_code)).error).toBe('access_denied');
      harness.clock.advance(lifetimes.deviceCodeMs);
      expect((await poll(started.device_code)).error).toBe('expired_token');
    });

    it('answers expired_token after ten minutes, and the code can no longer be approved', async () => {
      const started = await start();
      harness.clock.advance(lifetimes.deviceCodeMs);
      expect((await poll(started.device_code)).error).toBe('expired_token');
      addresses += 1;
      const browser = new Browser(harness.url, `192.0.2.${String(addresses)}`);
      const form = await (await browser.get(started.verification_uri_complete ?? '')).text();
      const entered = await browser.post('/device', { csrf: field(form, 'csrf'), user_code: started.user_code });
      expect(entered.status).toBe(400);
      expect(await entered.text()).toContain('No device is waiting for that code');
    });

    it('answers slow_down to a poll within the interval, and the interval grows by 5 seconds each time', async () => {
      const started = await start();
      expect((await poll(started.device_code)).error).toBe('authorization_pending');
      harness.clock.advance(4_000);
      expect((await poll(started.device_code)).error).toBe('slow_down');
      // Now 10 s: 9 s after the last poll is still too early.
      harness.clock.advance(9_000);
      expect((await poll(started.device_code)).error).toBe('slow_down');
      // Now 15 s.
      harness.clock.advance(15_000);
      expect((await poll(started.device_code)).error).toBe('authorization_pending');
      const { rows } = await harness.db.query<{ interval_seconds: number }>(
        'SELECT interval_seconds FROM device_codes WHERE device_code_hash = $1',
        [tokenHash(started.device_code)],
      );
      expect(rows[0]?.interval_seconds).toBe(15);
    });

    it('refuses unknown clients, and a confidential client without its secret', async () => {
      const unknown = await fetch(`${harness.url}/oauth/device_authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: 'nobody', scope: 'user-read-private' }).toString(),
      });
      expect(unknown.status).toBe(401);
      expect(await unknown.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client' });

      const noSecret = await fetch(`${harness.url}/oauth/device_authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: confidential.client_id }).toString(),
      });
      expect(noSecret.status).toBe(401);
      const withSecret = await oauth.deviceAuthorizationRequest(
        as,
        confidential,
        oauth.ClientSecretBasic(confidentialSecret),
        { scope: 'user-read-private' },
        insecure,
      );
      expect(withSecret.status).toBe(200);
    });

    it('refuses unknown scopes, and a form that is not form-encoded', async () => {
      const scope = await fetch(`${harness.url}/oauth/device_authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: device.client_id, scope: 'user-read-private admin' }).toString(),
      });
      expect(scope.status).toBe(400);
      expect(await scope.json()).toEqual({ error: 'invalid_scope', error_description: 'Unknown scope: admin.' });
      const json = await fetch(`${harness.url}/oauth/device_authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: device.client_id }),
      });
      expect(json.status).toBe(400);
      expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
    });

    it('answers invalid_grant for an unknown device code, and for another client’s', async () => {
      expect((await poll('not-a-device-code')).error).toBe('invalid_grant');
      const started = await start();
      expect((await poll(started.device_code, other)).error).toBe('invalid_grant');
      const missing = await fetch(`${harness.url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: deviceCodeGrantType, client_id: device.client_id }).toString(),
      });
      expect(await missing.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The parameter device_code is missing.',
      });
    });
  });
}
