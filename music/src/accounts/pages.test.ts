import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { hashPassword, standardPasswordCost, testPasswordCost, tokenHash } from './crypto';
import { attemptLimits } from './limits';
import { readOutbox } from './mail';
import { createClient, createUser, type NewUser } from './service';
import { Browser, field, startAccounts, startSmtpServer, type AccountsHarness } from './testing';

/** The sign-in, consent and e-mail link pages, and what protects them, over real HTTP. */

const redirectUri = 'http://127.0.0.1:4000/auth/callback';
let harness: AccountsHarness;
let publicClient: string;
let webClient: string;
let addresses = 0;

const engines = await testEngines();

/** A user whose password is hashed at the harness's cost, as the service would hash it. */
function addUser(user: NewUser) {
  return createUser(harness.db, user, { passwordCost: testPasswordCost });
}

for (const engine of engines) {
  describe.runIf(engine.enabled)(`the sign-in pages on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      harness = await startAccounts({ db: isolated.db });
      await addUser({ id: 'ana', password: 'correct horse battery', email: 'Ana@Example.org' });
      await addUser({ id: 'bo', password: 'another good one' });
      publicClient = (
        await createClient(harness.db, { name: 'Pocket Player', redirectUris: [redirectUri], confidential: false })
      ).clientId;
      webClient = (
        await createClient(harness.db, { name: 'Web Player', redirectUris: [redirectUri], confidential: true })
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
      return new Browser(harness.url, `198.51.100.${addresses}`);
    }

    function challenge(): string {
      return createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    }

    function authorizePath(params: Record<string, string> = {}): string {
      const query = new URLSearchParams({
        client_id: publicClient,
        response_type: 'code',
        redirect_uri: redirectUri,
        state: 'st4te',
        scope: 'user-read-private',
        code_challenge: challenge(),
        code_challenge_method: 'S256',
        ...params,
      });
      return `/authorize?${query.toString()}`;
    }

    function location(response: Response): URL {
      const value = response.headers.get('location');
      if (value === null) throw new Error(`No redirect (status ${response.status})`);
      return new URL(value, harness.url);
    }

    /** Opens an authorization request and signs in with a password; resolves with the answer to the sign-in. */
    async function signIn(
      b: Browser,
      params: Record<string, string> = {},
      username = 'ana',
      password = 'correct horse battery',
    ) {
      const page = await (await b.get(authorizePath(params))).text();
      return b.post('/login', { csrf: field(page, 'csrf'), continue: field(page, 'continue'), username, password });
    }

    function textOf(html: string, selector: RegExp): string {
      return selector.exec(html)?.[1]?.trim() ?? '';
    }

    describe('a bad authorization request', () => {
      it('shows the error page and never redirects for an unknown client or an unregistered redirect URI', async () => {
        const b = browser();
        const requests: Record<string, string>[] = [
          { client_id: 'nobody' },
          { redirect_uri: 'https://evil.example/callback' },
          { redirect_uri: `${redirectUri}/` },
        ];
        for (const params of requests) {
          const response = await b.get(authorizePath(params));
          expect(response.status).toBe(400);
          expect(response.headers.get('location')).toBeNull();
          const html = await response.text();
          expect(html).toContain('This sign-in link is not valid');
          expect(html).toMatch(/role="alert"/);
        }
        const missing = await b.get(`/authorize?client_id=${publicClient}&response_type=code`);
        expect(missing.status).toBe(400);
        expect(missing.headers.get('location')).toBeNull();
      });

      it('goes back to the client with error, error_description, state and iss for anything else', async () => {
        const b = browser();
        const cases: [Record<string, string>, string][] = [
          [{ scope: 'user-read-private everything' }, 'invalid_scope'],
          [{ response_type: 'token' }, 'unsupported_response_type'],
          [{ code_challenge_method: 'plain', code_challenge: 'x'.repeat(43) }, 'invalid_request'],
          [{ code_challenge: 'too-short' }, 'invalid_request'],
        ];
        for (const [params, error] of cases) {
          const response = await b.get(authorizePath(params));
          expect(response.status).toBe(303);
          const target = location(response);
          expect(`${target.origin}${target.pathname}`).toBe(redirectUri);
          expect(target.searchParams.get('error')).toBe(error);
          expect(target.searchParams.get('error_description')).toBeTruthy();
          expect(target.searchParams.get('state')).toBe('st4te');
          expect(target.searchParams.get('iss')).toBe(harness.url);
        }
      });

      it('requires PKCE S256 from every client, confidential ones too, saying so', async () => {
        const b = browser();
        for (const client of [publicClient, webClient]) {
          const query = new URLSearchParams({
            client_id: client,
            response_type: 'code',
            redirect_uri: redirectUri,
            state: 's',
          });
          const answer = await b.get(`/authorize?${query.toString()}`);
          expect(answer.status).toBe(303);
          const target = location(answer);
          expect(target.searchParams.get('error')).toBe('invalid_request');
          expect(target.searchParams.get('error_description')).toMatch(/PKCE is required/);
          expect(target.searchParams.get('state')).toBe('s');
          expect(target.searchParams.get('code')).toBeNull();
        }
        // With a challenge, the confidential client goes on to the sign-in page.
        const withPkce = await b.get(authorizePath({ client_id: webClient }));
        expect(withPkce.status).toBe(200);
        expect(await withPkce.text()).toContain('Sign in to continue to Web Player');
      });

      it('refuses a parameter sent twice', async () => {
        const response = await browser().get(`${authorizePath()}&state=again`);
        expect(location(response).searchParams.get('error')).toBe('invalid_request');
      });
    });

    describe('the sign-in page', () => {
      it('is accessible, runs no scripts, and cannot be framed or cached', async () => {
        const response = await browser().get(authorizePath());
        expect(response.status).toBe(200);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toMatch(/script-src|unsafe-inline/);
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        const html = await response.text();
        expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
        expect(html.match(/<h1>/g)).toHaveLength(1);
        expect(textOf(html, /<h1>([^<]*)<\/h1>/)).toBe('Sign in to continue to Pocket Player');
        expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
        // Every visible input has its label.
        const inputs = [...html.matchAll(/<input id="([^"]+)"/g)].map((match) => match[1]);
        expect(inputs).toEqual(['username', 'password', 'email']);
        for (const id of inputs) expect(html).toContain(`<label for="${id}">`);
        expect(html).toContain('<link rel="stylesheet" href="/accounts/assets/accounts.css">');
      });

      it('sets an HttpOnly, SameSite=Lax, Path=/ cookie of its own, Secure only over https', async () => {
        const response = await browser().get(authorizePath());
        const cookie = response.headers.get('set-cookie') ?? '';
        expect(cookie).toMatch(/^graphonic_account=[A-Za-z0-9_-]{43};/);
        expect(cookie).toMatch(/; Path=\//);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; SameSite=Lax/);
        expect(cookie).not.toMatch(/Secure|Domain|connect\.sid/);

        const secure = await startAccounts({ db: harness.db, publicUrl: 'https://music.example.org' });
        try {
          const over = await new Browser(secure.url).get(`/login`);
          expect(over.headers.get('set-cookie')).toMatch(
            /^__Host-graphonic_account=[^;]+; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
          );
        } finally {
          await secure.close();
        }
      });

      it('serves its stylesheet: dark, with the green accent and a visible focus', async () => {
        const response = await fetch(`${harness.url}/accounts/assets/accounts.css`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/css/);
        const css = await response.text();
        expect(css).toContain('color-scheme: dark');
        expect(css).toContain('#1ed760');
        expect(css).toMatch(/:focus-visible\s*{[^}]*outline/);
      });

      it('serves the app icon that its pages link, so a tab shows it and asks for no /favicon.ico', async () => {
        const page = await (await fetch(`${harness.url}/authorize`)).text();
        expect(page).toContain('<link rel="icon" type="image/svg+xml" href="/accounts/assets/icon.svg">');
        const response = await fetch(`${harness.url}/accounts/assets/icon.svg`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(await response.text()).toMatch(/^<svg /);
      });

      it('says the same for an unknown username and a wrong password, and links the message to the fields', async () => {
        const unknown = await signIn(browser(), {}, 'nobody-here', 'whatever it is');
        const wrong = await signIn(browser(), {}, 'ana', 'not the password');
        expect(unknown.status).toBe(401);
        expect(wrong.status).toBe(401);
        const [unknownHtml, wrongHtml] = [await unknown.text(), await wrong.text()];
        const alert = /<p id="sign-in-error" class="error" role="alert">([^<]*)<\/p>/;
        expect(textOf(unknownHtml, alert)).toBe('That username and password do not match.');
        expect(textOf(wrongHtml, alert)).toBe(textOf(unknownHtml, alert));
        expect(wrongHtml).toContain('aria-invalid="true" aria-describedby="sign-in-error"');
        expect(wrongHtml.match(/role="alert"/g)).toHaveLength(1);
      });

      it('stores passwords as scrypt hashes, never as they were typed', async () => {
        const { rows } = await harness.db.query<{ password_hash: string }>(
          'SELECT password_hash FROM users WHERE id = $1',
          ['ana'],
        );
        const stored = rows[0]?.password_hash ?? '';
        expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
        expect(stored).not.toContain('correct horse battery');
      });
    });

    describe('password hashes at sign-in', () => {
      async function storedHash(id: string): Promise<string> {
        const { rows } = await harness.db.query<{ password_hash: string }>(
          'SELECT password_hash FROM users WHERE id = $1',
          [id],
        );
        return rows[0]?.password_hash ?? '';
      }

      it('raises a hash of a lower cost to the configured one, and never lowers a higher one', async () => {
        await addUser({ id: 'ike' });
        await addUser({ id: 'jan' });
        const cheap = await hashPassword('ike password here', { N: 512, r: 8, p: 1 });
        const dear = await hashPassword('jan password here', standardPasswordCost);
        await harness.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', ['ike', cheap]);
        await harness.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', ['jan', dear]);
        expect([200, 303]).toContain((await signIn(browser(), {}, 'ike', 'ike password here')).status);
        expect([200, 303]).toContain((await signIn(browser(), {}, 'jan', 'jan password here')).status);
        // The harness is configured with the test cost (N = 1024, p = 1).
        expect(await storedHash('ike')).toMatch(/^scrypt\$1024\$8\$1\$/);
        expect(await storedHash('jan')).toBe(dear);
      }, 60_000);
    });

    describe('signing in and consenting', () => {
      it('asks consent in plain words, then redirects with the code and the state', async () => {
        const b = browser();
        const consent = await signIn(b, { scope: 'user-read-private playlist-modify-private' });
        expect(consent.status).toBe(200);
        const html = await consent.text();
        expect(textOf(html, /<h1>([^<]*)<\/h1>/)).toBe('Allow Pocket Player to use your account?');
        expect(html).toContain('<li>See your country and account type</li>');
        expect(html).toContain('<li>Create and change your private playlists</li>');
        expect(html).toContain('>Agree</button>');
        expect(html).toContain('>Cancel</button>');
        const agreed = await b.post('/authorize/decision', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'allow',
        });
        expect(agreed.status).toBe(303);
        const target = location(agreed);
        expect(target.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(target.searchParams.get('state')).toBe('st4te');
        const { rows } = await harness.db.query<{ expires_at: Date }>(
          'SELECT expires_at FROM authorization_codes WHERE code_hash = $1',
          [tokenHash(target.searchParams.get('code') ?? '')],
        );
        expect(rows[0]?.expires_at.getTime()).toBe(harness.clock.now + 60_000);
      });

      it('sends Cancel back as access_denied with the state', async () => {
        const b = browser();
        const html = await (await signIn(b, { scope: 'user-follow-read', show_dialog: 'true' })).text();
        const denied = await b.post('/authorize/decision', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'deny',
        });
        const target = location(denied);
        expect(target.searchParams.get('error')).toBe('access_denied');
        expect(target.searchParams.get('state')).toBe('st4te');
        expect(target.searchParams.get('code')).toBeNull();
      });

      it('skips consent for scopes already granted, unless show_dialog=true or more is asked', async () => {
        await addUser({ id: 'cy', password: 'cy password here' });
        const b = browser();
        const html = await (await signIn(b, { scope: 'user-top-read' }, 'cy', 'cy password here')).text();
        await b.post('/authorize/decision', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'allow',
        });

        const again = await b.get(authorizePath({ scope: 'user-top-read' }));
        expect(again.status).toBe(303);
        expect(location(again).searchParams.get('code')).toBeTruthy();
        const fewer = await b.get(authorizePath({ scope: '' }));
        expect(fewer.status).toBe(303);
        // show_dialog=true asks again: for the password first (see below), then for consent.
        const dialog = await b.get(authorizePath({ scope: 'user-top-read', show_dialog: 'true' }));
        expect(dialog.status).toBe(200);
        const dialogPage = await dialog.text();
        const signedInAgain = await b.post('/login', {
          csrf: field(dialogPage, 'csrf'),
          continue: field(dialogPage, 'continue'),
          username: 'cy',
          password: 'cy password here',
        });
        expect(signedInAgain.status).toBe(200);
        expect(await signedInAgain.text()).toContain('Allow Pocket Player to use your account?');
        const more = await b.get(authorizePath({ scope: 'user-top-read user-read-email' }));
        expect(more.status).toBe(200);
      });

      it('asks a browser signed in here for the password again when show_dialog=true (after a sign-out elsewhere)', async () => {
        await addUser({ id: 'di', password: 'di password here' });
        const b = browser();
        const first = await (await signIn(b, { scope: 'user-top-read' }, 'di', 'di password here')).text();
        await b.post('/authorize/decision', {
          csrf: field(first, 'csrf'),
          request: field(first, 'request'),
          decision: 'allow',
        });
        // Signed in here, consent given: without show_dialog the code comes at once.
        expect(location(await b.get(authorizePath({ scope: 'user-top-read' }))).searchParams.get('code')).toBeTruthy();

        const dialog = await b.get(authorizePath({ scope: 'user-top-read', show_dialog: 'true' }));
        expect(dialog.status).toBe(200);
        const page = await dialog.text();
        expect(page).toContain('name="password"');
        expect(page).not.toContain('Allow Pocket Player to use your account?');
        expect(page).not.toContain('code=');

        // A wrong password gets nothing; the right one goes on to consent, then the code.
        const wrong = await b.post('/login', {
          csrf: field(page, 'csrf'),
          continue: field(page, 'continue'),
          username: 'di',
          password: 'not the password',
        });
        expect(wrong.status).toBe(401);
        const consent = await b.post('/login', {
          csrf: field(page, 'csrf'),
          continue: field(page, 'continue'),
          username: 'di',
          password: 'di password here',
        });
        const html = await consent.text();
        expect(textOf(html, /<h1>([^<]*)<\/h1>/)).toBe('Allow Pocket Player to use your account?');
        expect(html).toContain('Signing out of Pocket Player ends its access from this browser');
        expect(html).not.toContain('change your mind');
        const agreed = await b.post('/authorize/decision', {
          csrf: field(html, 'csrf'),
          request: field(html, 'request'),
          decision: 'allow',
        });
        expect(location(agreed).searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(location(agreed).searchParams.get('state')).toBe('st4te');
      });

      it('gives a new session id at sign-in, and the old one signs nobody in', async () => {
        const b = browser();
        const page = await (await b.get(authorizePath())).text();
        const before = b.cookies.get('graphonic_account');
        expect(before).toBeTruthy();
        await b.post('/login', {
          csrf: field(page, 'csrf'),
          continue: field(page, 'continue'),
          username: 'ana',
          password: 'correct horse battery',
        });
        const after = b.cookies.get('graphonic_account');
        expect(after).toBeTruthy();
        expect(after).not.toBe(before);
        const { rows } = await harness.db.query('SELECT 1 FROM account_sessions WHERE id_hash = $1', [
          tokenHash(before ?? ''),
        ]);
        expect(rows).toHaveLength(0);
        const planted = new Browser(harness.url, '198.51.100.250');
        planted.cookies.set('graphonic_account', before ?? '');
        expect(await (await planted.get('/login')).text()).toContain('action="/login"');
      });

      it('shows who is signed in, and signs out with a POST that ends the session', async () => {
        const b = browser();
        await signIn(b);
        const signedIn = await (await b.get('/login')).text();
        expect(signedIn).toContain('You are signed in');
        const cookie = b.cookies.get('graphonic_account') ?? '';
        const out = await b.post('/logout', { csrf: field(signedIn, 'csrf') });
        expect(out.status).toBe(200);
        expect(out.headers.get('set-cookie')).toMatch(/^graphonic_account=; Path=\/; Expires=Thu, 01 Jan 1970/);
        expect(await out.text()).toContain('You are signed out');
        const { rows } = await harness.db.query('SELECT 1 FROM account_sessions WHERE id_hash = $1', [
          tokenHash(cookie),
        ]);
        expect(rows).toHaveLength(0);
        expect(await (await b.get(authorizePath())).text()).toContain('action="/login"');
      });

      it('lets someone else sign in from the consent page ("Not you?")', async () => {
        const b = browser();
        const consent = await (await signIn(b, { show_dialog: 'true' })).text();
        const out = await b.post('/logout', { csrf: field(consent, 'csrf'), continue: field(consent, 'continue') });
        expect(out.status).toBe(303);
        const back = location(out);
        expect(back.pathname).toBe('/authorize');
        expect(back.searchParams.get('client_id')).toBe(publicClient);
        expect(await (await b.get(`${back.pathname}${back.search}`)).text()).toContain(
          'Sign in to continue to Pocket Player',
        );
      });
    });

    describe('CSRF protection', () => {
      it('refuses every form without its session’s token', async () => {
        const b = browser();
        const page = await (await b.get(authorizePath())).text();
        const continueTo = field(page, 'continue');
        const stranger = browser();
        const strangerPage = await (await stranger.get(authorizePath())).text();
        const attempts: [string, Record<string, string>][] = [
          ['/login', { continue: continueTo, username: 'ana', password: 'correct horse battery' }],
          ['/login', { csrf: 'forged', continue: continueTo, username: 'ana', password: 'correct horse battery' }],
          [
            '/login',
            {
              csrf: field(strangerPage, 'csrf'),
              continue: continueTo,
              username: 'ana',
              password: 'correct horse battery',
            },
          ],
          ['/login/email', { continue: continueTo, email: 'ana@example.org' }],
          ['/logout', {}],
        ];
        for (const [path, form] of attempts) {
          const response = await b.post(path, form);
          expect(response.status).toBe(403);
          expect(await response.text()).toContain('This form expired');
        }
        // Signed in, the consent form needs it too.
        const consent = await (await signIn(b, { show_dialog: 'true' })).text();
        const decision = await b.post('/authorize/decision', { request: field(consent, 'request'), decision: 'allow' });
        expect(decision.status).toBe(403);
        expect(decision.headers.get('location')).toBeNull();
      });
    });

    describe('the password limit', () => {
      it('allows 5 failures per username in 15 minutes, then answers 429 with Retry-After, even to the right password', async () => {
        await addUser({ id: 'dee', password: 'dee password here' });
        for (let i = 0; i < 5; i += 1) {
          expect((await signIn(browser(), {}, 'dee', `wrong ${i}`)).status).toBe(401);
          harness.clock.advance(1000);
        }
        const limited = await signIn(browser(), {}, 'dee', 'dee password here');
        expect(limited.status).toBe(429);
        // The first failure leaves the window 15 minutes after it happened, 5 seconds ago.
        expect(limited.headers.get('retry-after')).toBe(String(15 * 60 - 5));
        const html = await limited.text();
        expect(html).toContain('Too many attempts');
        expect(html).toContain('Try again in 15 minutes');
        // Bo is not affected.
        expect((await signIn(browser(), {}, 'bo', 'another good one')).status).toBe(200);

        harness.clock.advance(15 * 60_000);
        expect((await signIn(browser(), {}, 'dee', 'dee password here')).status).toBe(200);
      });

      it('lets a success clear nothing: the failures before it count on, for the username and the address', async () => {
        await addUser({ id: 'eve', password: 'eve password here' });
        const address = browser();
        for (let i = 0; i < 4; i += 1) expect((await signIn(address, {}, 'eve', 'wrong')).status).toBe(401);
        expect([200, 303]).toContain((await signIn(address, {}, 'eve', 'eve password here')).status);
        // The success counted for nothing either: one more failure is the username's fifth.
        expect((await signIn(browser(), {}, 'eve', 'wrong')).status).toBe(401);
        expect((await signIn(browser(), {}, 'eve', 'eve password here')).status).toBe(429);
        // The address keeps its 4 failures: 16 more reach its 20, whatever the usernames.
        const elsewhere = new Browser(harness.url, address.address);
        for (let i = 0; i < 16; i += 1) {
          expect((await signIn(elsewhere, {}, `eve-guess-${i}`, 'wrong')).status).toBe(401);
        }
        expect((await signIn(elsewhere, {}, 'bo', 'another good one')).status).toBe(429);
      }, 60_000);

      it('allows 20 failures per network address, whatever the usernames', async () => {
        const b = browser();
        for (let i = 0; i < 20; i += 1) expect((await signIn(b, {}, `guess-${i}`, 'password')).status).toBe(401);
        const limited = await signIn(b, {}, 'ana', 'correct horse battery');
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        // From elsewhere, the same person signs in (to the consent page, or straight back with a code).
        expect([200, 303]).toContain((await signIn(browser(), {}, 'ana', 'correct horse battery')).status);
      });

      /** `count` browsers of their own (a session and a form each), all at `address`. */
      async function forms(count: number, address: string): Promise<{ b: Browser; page: string }[]> {
        return Promise.all(
          Array.from({ length: count }, async () => {
            const b = new Browser(harness.url, address);
            return { b, page: await (await b.get(authorizePath())).text() };
          }),
        );
      }

      /** Sends every guess at once, each from its own browser; resolves with the answers' statuses, in order. */
      async function guessTogether(
        address: string,
        guesses: { username: string; password: string }[],
      ): Promise<number[]> {
        const prepared = await forms(guesses.length, address);
        const answers = await Promise.all(
          guesses.map(({ username, password }, i) => {
            const { b, page } = prepared[i] ?? { b: browser(), page: '' };
            return b.post('/login', {
              csrf: field(page, 'csrf'),
              continue: field(page, 'continue'),
              username,
              password,
            });
          }),
        );
        return answers.map((answer) => answer.status);
      }

      const count = (statuses: number[], wanted: (status: number) => boolean) => statuses.filter(wanted).length;
      const signedIn = (status: number) => status === 200 || status === 303;

      it('checks at most 5 passwords of a username however many guesses arrive at once, then refuses the right one', async () => {
        await addUser({ id: 'gil', password: 'gil password here' });
        const address = '192.0.2.10';
        const statuses = await guessTogether(
          address,
          Array.from({ length: 100 }, (_, i) => ({ username: 'gil', password: `guess ${i}` })),
        );
        expect(count(statuses, (status) => status === 401)).toBe(attemptLimits.failuresPerUsername);
        expect(count(statuses, (status) => status === 429)).toBe(100 - attemptLimits.failuresPerUsername);
        // The limit is reached: the right password is not checked.
        expect((await signIn(new Browser(harness.url, '192.0.2.11'), {}, 'gil', 'gil password here')).status).toBe(429);
      }, 60_000);

      it('lets the right password among 100 guesses at once in only if it is one of the first 5 checked', async () => {
        await addUser({ id: 'hap', password: 'hap password here' });
        const guesses = Array.from({ length: 100 }, (_, i) => ({ username: 'hap', password: `guess ${i}` }));
        guesses[37] = { username: 'hap', password: 'hap password here' };
        const statuses = await guessTogether('192.0.2.20', guesses);
        const failed = count(statuses, (status) => status === 401);
        const succeeded = count(statuses, signedIn);
        expect(failed).toBeLessThanOrEqual(attemptLimits.failuresPerUsername);
        expect(succeeded).toBeLessThanOrEqual(1);
        expect(failed + succeeded + count(statuses, (status) => status === 429)).toBe(100);
        // Every check was counted before it ran: the right one, if it got in, was among the first 5.
        const { rows } = await harness.db.query<{ outcome: string | null }>(
          'SELECT outcome FROM sign_in_attempts WHERE username = $1 ORDER BY id',
          ['hap'],
        );
        expect(rows.length).toBe(failed + succeeded);
        expect(rows.every((row) => row.outcome !== null)).toBe(true);
        const success = rows.findIndex((row) => row.outcome === 'succeeded');
        expect(success).toBeLessThan(attemptLimits.failuresPerUsername);
        expect(success >= 0).toBe(succeeded === 1);
        expect(signedIn(statuses[37] ?? 0)).toBe(succeeded === 1);
      }, 60_000);

      it('checks at most 20 passwords from one address however many guesses arrive at once', async () => {
        const statuses = await guessTogether(
          '192.0.2.30',
          Array.from({ length: 100 }, (_, i) => ({ username: `spray-${i}`, password: 'password' })),
        );
        expect(count(statuses, (status) => status === 401)).toBe(attemptLimits.failuresPerAddress);
        expect(count(statuses, (status) => status === 429)).toBe(100 - attemptLimits.failuresPerAddress);
        expect((await signIn(new Browser(harness.url, '192.0.2.30'), {}, 'ana', 'correct horse battery')).status).toBe(
          429,
        );
      }, 60_000);

      it('counts in the store, so that a restarted service keeps the count', async () => {
        await addUser({ id: 'fay', password: 'fay password here' });
        for (let i = 0; i < 5; i += 1) await signIn(browser(), {}, 'fay', 'wrong');
        const restarted = await startAccounts({ db: harness.db });
        try {
          restarted.clock.now = harness.clock.now;
          const b = new Browser(restarted.url, '198.51.100.251');
          const page = await (await b.get(authorizePath())).text();
          const response = await b.post('/login', {
            csrf: field(page, 'csrf'),
            continue: field(page, 'continue'),
            username: 'fay',
            password: 'fay password here',
          });
          expect(response.status).toBe(429);
        } finally {
          await restarted.close();
        }
      });
    });

    describe('signing in by e-mail link', () => {
      async function askForLink(b: Browser, email: string, params: Record<string, string> = {}) {
        const page = await (await b.get(authorizePath(params))).text();
        const response = await b.post('/login/email', {
          csrf: field(page, 'csrf'),
          continue: field(page, 'continue'),
          email,
        });
        await harness.settled();
        return response;
      }

      function linkIn(text: string): string {
        const match = /(http:\/\/127\.0\.0\.1:\d+\/login\/email\/[A-Za-z0-9_-]{43})/.exec(text);
        if (!match?.[1]) throw new Error('No link in the message');
        return match[1];
      }

      it('answers the same page whether or not the address has an account, and mails only the account', async () => {
        const before = (await readOutbox(harness.db)).length;
        const known = await askForLink(browser(), 'ANA@example.org');
        const unknown = await askForLink(browser(), 'nobody@example.org');
        expect(known.status).toBe(200);
        expect(unknown.status).toBe(200);
        const normalise = (html: string) => html.replace(/<strong>[^<]*<\/strong>/, '');
        expect(normalise(await known.text())).toBe(normalise(await unknown.text()));
        const outbox = await readOutbox(harness.db);
        expect(outbox).toHaveLength(before + 1);
        expect(outbox[0]).toMatchObject({ to: 'ana@example.org', subject: 'Your Graphonic sign-in link' });
        expect(outbox[0]?.html).toContain('<a href="http://127.0.0.1:');
      });

      it('signs in once through the development outbox and goes on with the authorization', async () => {
        const b = browser();
        await askForLink(b, 'ana@example.org', { show_dialog: 'true', state: 'by-mail' });
        const outboxPage = await fetch(`${harness.url}/dev/outbox`);
        expect(outboxPage.status).toBe(200);
        const link = linkIn(await outboxPage.text());
        expect(link.startsWith(`${harness.url}/login/email/`)).toBe(true);

        // A mail system's link checker probing with HEAD does not spend it.
        expect((await fetch(link, { method: 'HEAD', redirect: 'manual' })).status).toBe(200);
        // A fresh browser, as when the mail is opened elsewhere: the link carries the request.
        const opener = browser();
        const opened = await opener.get(link);
        expect(opened.status).toBe(200);
        expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
        const consent = await opened.text();
        expect(consent).toContain('Allow Pocket Player to use your account?');
        const agreed = await opener.post('/authorize/decision', {
          csrf: field(consent, 'csrf'),
          request: field(consent, 'request'),
          decision: 'allow',
        });
        expect(location(agreed).searchParams.get('state')).toBe('by-mail');
        expect(location(agreed).searchParams.get('code')).toBeTruthy();

        const again = await browser().get(link);
        expect(again.status).toBe(400);
        expect(await again.text()).toContain('This sign-in link was already used');
      });

      it('expires a link after 10 minutes, and refuses a made-up one', async () => {
        await askForLink(browser(), 'ana@example.org');
        const [message] = await readOutbox(harness.db, 1);
        const link = linkIn(message?.text ?? '');
        harness.clock.advance(10 * 60_000);
        const expired = await browser().get(link);
        expect(expired.status).toBe(400);
        expect(await expired.text()).toContain('This sign-in link expired');
        const madeUp = await browser().get(`/login/email/${'A'.repeat(43)}`);
        expect(await madeUp.text()).toContain('This sign-in link is not valid');
      });

      it('signs in without an authorization request too, and then shows who is signed in', async () => {
        await addUser({ id: 'hal', email: 'hal@example.org' });
        const b = browser();
        const page = await (await b.get('/login')).text();
        expect(textOf(page, /<h1>([^<]*)<\/h1>/)).toBe('Sign in to Graphonic');
        await b.post('/login/email', { csrf: field(page, 'csrf'), continue: '', email: 'hal@example.org' });
        await harness.settled();
        const [message] = await readOutbox(harness.db, 1);
        const opened = await b.get(linkIn(message?.text ?? ''));
        expect(opened.status).toBe(303);
        expect(opened.headers.get('location')).toBe('/login');
        expect(await (await b.get('/login')).text()).toContain('You are signed in');
      });

      it('sends at most 3 links to one address in 15 minutes, and limits requests per network address', async () => {
        await addUser({ id: 'gus', email: 'gus@example.org' });
        for (let i = 0; i < 5; i += 1) expect((await askForLink(browser(), 'gus@example.org')).status).toBe(200);
        const sent = (await readOutbox(harness.db)).filter((message) => message.to === 'gus@example.org');
        expect(sent).toHaveLength(3);

        const b = browser();
        for (let i = 0; i < 20; i += 1) expect((await askForLink(b, `someone${i}@example.org`)).status).toBe(200);
        const limited = await askForLink(b, 'gus@example.org');
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      });

      it('goes through the SMTP server when MUSIC_SMTP_URL is set, and not to the outbox', async () => {
        await addUser({ id: 'ivy', email: 'ivy@example.org' });
        const smtp = await startSmtpServer();
        const mailing = await startAccounts({ db: harness.db, smtpUrl: smtp.url });
        try {
          const before = (await readOutbox(harness.db)).length;
          const b = new Browser(mailing.url, '198.51.100.253');
          const page = await (await b.get('/login')).text();
          const answer = await b.post('/login/email', {
            csrf: field(page, 'csrf'),
            continue: '',
            email: 'ivy@example.org',
          });
          expect(answer.status).toBe(200);
          await mailing.settled();
          expect(smtp.messages.map((message) => message.to)).toEqual([['ivy@example.org']]);
          expect((await readOutbox(harness.db)).length).toBe(before);
          // The body may be quoted-printable: undo soft line breaks and escapes before looking for the link.
          const body = (smtp.messages[0]?.data ?? '')
            .replace(/=\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          const link = /(http:\/\/127\.0\.0\.1:\d+\/login\/email\/[A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? 'no link';
          expect((await b.get(link)).status).toBe(303);
          expect(await (await b.get('/login')).text()).toContain('You are signed in');
        } finally {
          await mailing.close();
          await smtp.close();
        }
      });

      it('asks again for a malformed address, with the message tied to the field', async () => {
        const response = await askForLink(browser(), 'not an address');
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(html).toContain('<p id="email-error" class="error" role="alert">');
        expect(html).toMatch(/<input id="email"[^>]*aria-invalid="true" aria-describedby="email-error"/);
      });
    });

    describe('in production', () => {
      it('has no outbox page, and offers no e-mail links without a mail server', async () => {
        const production = await startAccounts({ db: harness.db, env: 'production' });
        try {
          const outbox = await fetch(`${production.url}/dev/outbox`);
          expect(outbox.status).toBe(404);
          const b = new Browser(production.url, '198.51.100.252');
          const page = await (await b.get('/login')).text();
          expect(page).not.toContain('action="/login/email"');
          const posted = await b.post('/login/email', { csrf: field(page, 'csrf'), email: 'ana@example.org' });
          expect(posted.status).toBe(404);
        } finally {
          await production.close();
        }
      });
    });
  });
}
