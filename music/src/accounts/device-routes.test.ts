import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { testPasswordCost } from './crypto';
import { attemptLimits } from './limits';
import { readOutbox } from './mail';
import { createClient, createUser, lifetimes } from './service';
import { Browser, field, startAccounts, type AccountsHarness } from './testing';

/** The device verification pages over real HTTP: the code, sign-in, consent, and what protects them. */

const password = 'correct horse battery';

/** The code the verification page's field holds. */
function typedCode(html: string): string {
  return /<input id="user_code"[^>]* value="([^"]*)"/.exec(html)?.[1] ?? '';
}

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`the device verification pages on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let harness: AccountsHarness;
    let clientId: string;
    let addresses = 0;

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      harness = await startAccounts({ db: isolated.db });
      await createUser(
        harness.db,
        { id: 'ana', password, displayName: 'Ana', email: 'ana@example.org' },
        { passwordCost: testPasswordCost },
      );
      await createUser(harness.db, { id: 'bo', password, displayName: 'Bo' }, { passwordCost: testPasswordCost });
      clientId = (
        await createClient(harness.db, {
          name: 'Couch <Player>',
          redirectUris: [],
          confidential: false,
          device: true,
        })
      ).clientId;
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await harness.close();
      await isolated.dispose();
      await engine.shutdown();
    });

    /** A browser at a network address of its own, so that per-address limits do not mix between tests. */
    function browser(): Browser {
      addresses += 1;
      return new Browser(harness.url, `198.51.100.${String(addresses)}`);
    }

    /** A device asks for a code; resolves with the device authorization response. */
    async function startDevice(scope = 'user-read-private playlist-read-private') {
      const response = await fetch(`${harness.url}/oauth/device_authorization`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, scope }).toString(),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { device_code: string; user_code: string; verification_uri_complete: string };
    }

    async function poll(deviceCode: string): Promise<string> {
      const response = await fetch(`${harness.url}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          device_code: deviceCode,
          client_id: clientId,
        }).toString(),
      });
      const body = (await response.json()) as { error?: string; access_token?: string };
      return body.error ?? (body.access_token ? 'tokens' : 'nothing');
    }

    /** Types a code on the verification page; resolves with the answer. */
    async function enter(b: Browser, userCode: string): Promise<Response> {
      const form = await (await b.get('/device')).text();
      return b.post('/device', { csrf: field(form, 'csrf'), user_code: userCode });
    }

    /** Signs a browser in as `username` on the sign-in pages, with no request to continue to. */
    async function signedIn(b: Browser, username = 'ana'): Promise<void> {
      const page = await (await b.get('/login')).text();
      const answer = await b.post('/login', { csrf: field(page, 'csrf'), continue: '', username, password });
      expect(answer.status).toBe(303);
    }

    it('shows the code from the link in the field, as the device shows it, on a page that runs nothing', async () => {
      const b = browser();
      const response = await b.get('/device?user_code=bcdfghjk');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<h1>Connect a device</h1>');
      expect(typedCode(html)).toBe('BCDF-GHJK');
      expect(field(html, 'csrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('asks a visitor to sign in, then shows the client, the scopes and the code, then connects the device', async () => {
      const started = await startDevice();
      const b = browser();
      const form = await (await b.get(started.verification_uri_complete)).text();
      const entered = await b.post('/device', { csrf: field(form, 'csrf'), user_code: typedCode(form) });
      expect(entered.status).toBe(200);
      const signIn = await entered.text();
      expect(signIn).toContain('Sign in to continue to Couch &lt;Player&gt;');
      const consent = await b.post('/login', {
        csrf: field(signIn, 'csrf'),
        continue: field(signIn, 'continue'),
        username: 'ana',
        password,
      });
      expect(consent.status).toBe(200);
      const html = await consent.text();
      expect(html).toContain('<h1>Allow Couch &lt;Player&gt; on your device?</h1>');
      expect(html).toContain(started.user_code);
      expect(html).toContain('See your private playlists');
      expect(html).toContain('Signed in as <strong>Ana</strong>');
      expect(await poll(started.device_code)).toBe('authorization_pending');
      const done = await b.post('/device/decision', {
        csrf: field(html, 'csrf'),
        user_code: field(html, 'user_code'),
        decision: 'allow',
      });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Couch &lt;Player&gt; is signed in on your device');
      harness.clock.advance(5_000);
      expect(await poll(started.device_code)).toBe('tokens');
      // Answered: the same code finds no device any more.
      const again = await enter(b, started.user_code);
      expect(again.status).toBe(400);
    });

    it('asks a signed-in listener every time, even after they agreed before', async () => {
      const b = browser();
      await signedIn(b);
      for (let round = 0; round < 2; round += 1) {
        const started = await startDevice();
        const consent = await enter(b, started.user_code.toLowerCase());
        const html = await consent.text();
        expect(html).toContain('Allow Couch &lt;Player&gt; on your device?');
        const done = await b.post('/device/decision', {
          csrf: field(html, 'csrf'),
          user_code: field(html, 'user_code'),
          decision: 'allow',
        });
        expect(done.status).toBe(200);
      }
    });

    it('refuses the code form and the decision without the page’s CSRF token', async () => {
      const started = await startDevice();
      const b = browser();
      await signedIn(b);
      const noToken = await b.post('/device', { user_code: started.user_code });
      expect(noToken.status).toBe(403);
      const wrongToken = await b.post('/device', { csrf: 'x'.repeat(43), user_code: started.user_code });
      expect(wrongToken.status).toBe(403);
      // A page of another site posting the decision for a signed-in listener carries no token.
      const forged = await b.post('/device/decision', { user_code: started.user_code, decision: 'allow' });
      expect(forged.status).toBe(403);
      expect(await forged.text()).toContain('This form expired');
      // Another browser's token does not fit this one's session.
      const other = browser();
      const otherForm = await (await other.get('/device')).text();
      const crossed = await b.post('/device/decision', {
        csrf: field(otherForm, 'csrf'),
        user_code: started.user_code,
        decision: 'allow',
      });
      expect(crossed.status).toBe(403);
      expect(await poll(started.device_code)).toBe('authorization_pending');
    });

    it('refuses a decision from a browser that is not signed in', async () => {
      const started = await startDevice();
      const b = browser();
      const form = await (await b.get('/device')).text();
      const answer = await b.post('/device/decision', {
        csrf: field(form, 'csrf'),
        user_code: started.user_code,
        decision: 'allow',
      });
      expect(answer.status).toBe(403);
      expect(await poll(started.device_code)).toBe('authorization_pending');
    });

    it('says what a code looks like when what was typed cannot be one, and counts nothing for it', async () => {
      const b = browser();
      const response = await enter(b, 'hello');
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('Enter the code your device shows: 8 letters, like BCDF-GHJK.');
      expect(html).toContain('aria-invalid="true"');
      expect(typedCode(html)).toBe('hello');
      const { rows } = await harness.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM user_code_attempts WHERE address = $1',
        [b.address],
      );
      expect(rows[0]?.count).toBe(0);
    });

    it('says no device waits for an unknown or expired code, and pauses an address that keeps guessing', async () => {
      const started = await startDevice();
      const b = browser();
      const unknown = await enter(b, 'ZZZZ-ZZZZ');
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain('No device is waiting for that code');
      // A code that matches counts for nothing.
      expect((await enter(b, started.user_code)).status).toBe(200);
      for (let guess = 1; guess < attemptLimits.userCodeFailuresPerAddress; guess += 1) {
        expect((await enter(b, 'ZZZZ-ZZZZ')).status).toBe(400);
      }
      const paused = await enter(b, started.user_code);
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await paused.text()).toContain('Too many codes');
      // Another address is not paused; after the window, this one is not either.
      expect((await enter(browser(), started.user_code)).status).toBe(200);
      harness.clock.advance(lifetimes.attemptWindowMs);
      expect((await enter(b, 'ZZZZ-ZZZZ')).status).toBe(400);
    });

    /** Asks for a device code from `b`'s network address; answers the response. */
    function askFrom(b: Browser): Promise<Response> {
      return b.post('/oauth/device_authorization', { client_id: clientId, scope: 'user-read-private' });
    }

    it('limits the device codes asked for from one network address, however the requests are timed', async () => {
      const b = browser();
      // Sent together: counted one after the other, so exactly the limit is stored.
      const asked = await Promise.all(
        Array.from({ length: attemptLimits.deviceCodesPerAddress + 5 }, () => askFrom(b)),
      );
      const statuses = asked.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(attemptLimits.deviceCodesPerAddress);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      const { rows } = await harness.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM device_codes WHERE requested_from = $1',
        [b.address],
      );
      expect(rows[0]?.count).toBe(attemptLimits.deviceCodesPerAddress);

      const refused = await askFrom(b);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: 'Too many device codes were asked for from this network address; try again in 15 minutes.',
      });
      // Another address is not limited; after the window, this one is not either.
      expect((await askFrom(browser())).status).toBe(200);
      harness.clock.advance(lifetimes.attemptWindowMs);
      expect((await askFrom(b)).status).toBe(200);
    });

    it('comes back to the device’s consent after signing in by e-mail link', async () => {
      const started = await startDevice();
      const b = browser();
      const signIn = await (await enter(b, started.user_code)).text();
      const asked = await b.post('/login/email', {
        csrf: field(signIn, 'csrf'),
        continue: field(signIn, 'continue'),
        email: 'ana@example.org',
      });
      expect(asked.status).toBe(200);
      await harness.settled();
      const [message] = await readOutbox(harness.db, 1);
      const link = /(http:\/\/127\.0\.0\.1:\d+\/login\/email\/[A-Za-z0-9_-]{43})/.exec(message?.text ?? '')?.[1] ?? '';
      const opened = await b.get(link);
      expect(opened.status).toBe(200);
      const consent = await opened.text();
      expect(consent).toContain('Allow Couch &lt;Player&gt; on your device?');
      expect(consent).toContain(started.user_code);
    });

    it('offers to sign in as someone else, back to the same device', async () => {
      const started = await startDevice();
      const b = browser();
      await signedIn(b, 'bo');
      const consent = await (await enter(b, started.user_code)).text();
      expect(consent).toContain('Not Bo? Sign in as someone else');
      const out = await b.post('/logout', { csrf: field(consent, 'csrf'), continue: field(consent, 'continue') });
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe(`/device?user_code=${started.user_code}`);
    });

    it('cancelling tells the device, and a second answer finds nothing to answer', async () => {
      const started = await startDevice();
      const b = browser();
      await signedIn(b);
      const html = await (await enter(b, started.user_code)).text();
      const form = { csrf: field(html, 'csrf'), user_code: field(html, 'user_code') };
      const denied = await b.post('/device/decision', { ...form, decision: 'deny' });
      expect(await denied.text()).toContain('Access not allowed');
      const late = await b.post('/device/decision', { ...form, decision: 'allow' });
      expect(late.status).toBe(400);
      expect(await poll(started.device_code)).toBe('access_denied');
    });
  });
}
