import { createHash } from 'node:crypto';
import { buildSchema, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { loadTypeDefs } from '@graphonic/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openIdScopes } from '../auth/openid';
import { requestedScopes, reviewedScopes } from '../auth/scopes';
import { openSignInState, sealSignInState, signInCookieName, type PendingSignIn } from '../auth/sign-in-state';
import { createLogger } from '../ops/logger';
import {
  appShell,
  Browser,
  captureOutput,
  clientSecret,
  removeSessionDirs,
  startApi,
  startMusic,
  type Api,
  type Music,
} from './harness';

/**
 * Sign-in as a confidential OAuth client with state and PKCE, against the real authorization
 * server of the local music service. Token requests are counted where they arrive.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const me = '{ me { id } }';
/** Everything the api logs, at the most verbose level, through the api's own logger. */
const log: string[] = [];

let music: Music;
let api: Api;

beforeAll(async () => {
  music = await startMusic();
  api = await startApi(music, {
    app: {
      logger: createLogger({
        level: 'trace',
        service: 'api',
        destination: {
          write(line: string) {
            log.push(line);
          },
        },
      }),
    },
  });
}, 60_000);

afterAll(async () => {
  await api.stop();
  await music.stop();
  removeSessionDirs();
});

/** The sign-in under way in the browser's sealed cookie, opened with the api's secret. */
function pendingState(browser: Browser): PendingSignIn {
  const state = openSignInState(browser.jar.get(signInCookieName) ?? '', api.config.sessionSecrets);
  if (!state) throw new Error('no sign-in under way in the browser');
  return state;
}

/** A callback URL with its query changed by `change`. */
function tampered(callback: string, change: (params: URLSearchParams) => void): string {
  const url = new URL(callback);
  change(url.searchParams);
  return url.toString();
}

describe('/auth/login', () => {
  it('redirects with the code flow, the exact redirect URI, a one-time state, PKCE S256 and the reviewed scopes', async () => {
    const browser = new Browser(api.url);
    const login = await browser.fetch('/auth/login');
    expect(login.status).toBe(302);
    const location = new URL(login.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${music.url}/authorize`);
    expect([...location.searchParams.keys()].sort()).toEqual(
      [
        'client_id',
        'code_challenge',
        'code_challenge_method',
        // The local music service offers OpenID Connect: the ID token must carry this sign-in's nonce back.
        'nonce',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
      ].sort(),
    );
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe('graphonic');
    expect(location.searchParams.get('redirect_uri')).toBe(`${api.url}/auth/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');

    // The challenge is the S256 of the verifier sealed in the cookie, which the browser cannot read.
    const state = pendingState(browser);
    expect(state.verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(location.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(state.verifier).digest('base64url'),
    );
    expect(location.searchParams.get('state')).toBe(state.state);
    expect(state.state.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(browser.seen)).not.toContain(state.verifier);
    // Nothing stored on the server before sign-in: no session id at all.
    expect(browser.sid()).toBeUndefined();

    // Only scopes from the reviewed lists, each with its reason: OpenID Connect's, as the service offers it.
    const scopes = (location.searchParams.get('scope') ?? '').split(' ');
    expect(scopes).toEqual([...requestedScopes, ...Object.keys(openIdScopes)]);
    for (const scope of scopes) expect([...Object.keys(reviewedScopes), ...Object.keys(openIdScopes)]).toContain(scope);

    // Every sign-in gets a state of its own.
    const again = new URL((await new Browser(api.url).fetch('/auth/login')).headers.get('location') ?? '');
    expect(again.searchParams.get('state')).not.toBe(state.state);
    expect(again.searchParams.get('code_challenge')).not.toBe(location.searchParams.get('code_challenge'));
  });
});

describe('/auth/callback', () => {
  it.each([
    ['missing', (params: URLSearchParams) => params.delete('state')],
    ['wrong', (params: URLSearchParams) => params.set('state', 'forged-state-0123456789')],
  ])('refuses a %s state without asking for a token', async (_name, change) => {
    const browser = new Browser(api.url);
    const { callback } = await browser.consent();
    music.forget();
    const refused = await browser.fetch(tampered(callback, change));
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(music.tokens).toEqual([]);
    expect((await browser.graphql(me)).body).toEqual({ data: { me: null } });
  });

  it('refuses a replayed callback without asking for a token', async () => {
    const browser = new Browser(api.url);
    const { callback } = await browser.consent();
    const done = await browser.fetch(callback);
    expect(done.headers.get('location')).toBe('/');
    music.forget();
    const replay = await browser.fetch(callback);
    expect(replay.headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(music.tokens).toEqual([]);
  });

  it("refuses another browser's callback (a forced sign-in) without asking for a token", async () => {
    const attacker = new Browser(api.url);
    const { callback } = await attacker.consent();
    const victim = new Browser(api.url);
    await victim.fetch('/auth/login');
    music.forget();
    const refused = await victim.fetch(callback);
    expect(refused.headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(music.tokens).toEqual([]);
    expect((await victim.graphql(me)).body).toEqual({ data: { me: null } });
  });

  it.each([
    { name: 'started more than ten minutes ago', expiresAt: () => Date.now() - 1, secret: undefined },
    { name: 'sealed with another secret', expiresAt: undefined, secret: 'another-secret-the-api-does-not-have-0123' },
  ])('refuses a sign-in $name without asking for a token', async ({ expiresAt, secret }) => {
    const browser = new Browser(api.url);
    const { callback } = await browser.consent();
    const state = pendingState(browser);
    const changed = { ...state, expiresAt: expiresAt?.() ?? state.expiresAt };
    browser.jar.set(signInCookieName, sealSignInState(changed, secret ? [secret] : api.config.sessionSecrets));
    music.forget();
    const refused = await browser.fetch(callback);
    expect(refused.headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(music.tokens).toEqual([]);
    expect(browser.jar.get(signInCookieName)).toBeUndefined();
  });

  it('is refused by the music service when the PKCE verifier does not match the challenge', async () => {
    const browser = new Browser(api.url);
    const { callback } = await browser.consent();
    const state = pendingState(browser);
    // Another well-formed verifier than the one whose challenge the music service holds, sealed with the api's secret.
    browser.jar.set(
      signInCookieName,
      sealSignInState({ ...state, verifier: 'w'.repeat(43) }, api.config.sessionSecrets),
    );
    music.forget();
    const { result: failed } = await captureOutput(() => browser.fetch(callback));
    expect(failed.headers.get('location')).toBe('/auth/error?code=sign_in_failed');
    expect(music.tokens).toEqual([{ grantType: 'authorization_code', status: 400 }]);
    expect((await browser.graphql(me)).body).toEqual({ data: { me: null } });
  });

  it('sends a refused consent (error=access_denied) to a friendly page, not a 500', async () => {
    const browser = new Browser(api.url);
    await browser.fetch('/auth/login');
    const state = pendingState(browser);
    music.forget();
    const denied = await browser.fetch(`/auth/callback?error=access_denied&state=${state.state}`);
    expect(denied.status).toBe(303);
    expect(denied.headers.get('location')).toBe('/auth/error?code=access_denied');
    // The sign-in is over: its cookie is gone.
    expect(browser.jar.get(signInCookieName)).toBeUndefined();
    const page = await browser.fetch('/auth/error?code=access_denied');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(appShell);
    expect(music.tokens).toEqual([]);
  });

  it('sends a failed token exchange to the error page with a code, logging neither the code nor any secret', async () => {
    const browser = new Browser(api.url);
    const { callback } = await browser.consent();
    const state = pendingState(browser);
    const code = new URL(callback).searchParams.get('code') ?? '';
    const wrongCode = `${code.slice(0, -4)}XXXX`;
    music.forget();
    log.length = 0;
    const { result: failed, output } = await captureOutput(() =>
      browser.fetch(tampered(callback, (params) => params.set('code', wrongCode))),
    );
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('/auth/error?code=sign_in_failed');
    expect(music.tokens).toEqual([{ grantType: 'authorization_code', status: 400 }]);

    const logged = `${output}\n${log.join('')}`;
    // The callback and the failure left a trace…
    expect(log.join('')).toContain('/auth/callback');
    expect(logged).toMatch(/sign-in failed/i);
    // …without the code, the state, the verifier or the client secret.
    for (const secret of [code, wrongCode, state.state, state.verifier, clientSecret]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('gives up on a token endpoint that does not answer, with the error page', async () => {
    const impatient = await startApi(music, { app: { musicClient: { timeoutMs: 500 } } });
    try {
      const browser = new Browser(impatient.url);
      const { callback } = await browser.consent();
      music.forget();
      music.holdTokenRequests = true;
      const started = Date.now();
      const { result: failed } = await captureOutput(() => browser.fetch(callback));
      expect(failed.headers.get('location')).toBe('/auth/error?code=sign_in_failed');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(music.tokens).toEqual([{ grantType: 'authorization_code', status: 0 }]);
    } finally {
      music.holdTokenRequests = false;
      await impatient.stop();
    }
  });

  it('honours a returnTo only for a same-origin path', async () => {
    const browser = new Browser(api.url);
    const hostile = await browser.consent('demo', 'demo', '//evil.example/steal');
    const done = await browser.fetch(hostile.callback);
    expect(done.headers.get('location')).toBe('/');
    const other = new Browser(api.url);
    const { callback } = await other.consent('demo', 'demo', '/library?tab=albums');
    expect((await other.fetch(callback)).headers.get('location')).toBe('/library?tab=albums');
  });
});

describe('tokens', () => {
  it('never reach the browser or the log: no response body, page or header holds one', async () => {
    log.length = 0;
    const browser = new Browser(api.url);
    const { output } = await captureOutput(async () => {
      await browser.signIn();
      for (const query of [
        '{ me { id displayName product } }',
        '{ search(query: "a", types: [TRACK]) { tracks { nodes { id name } } } }',
        '{ nope }',
        '{ track(id: "0000000000000000000000") { id } }',
      ]) {
        await browser.graphql(query);
      }
      await browser.fetch(`/graphql?query=${encodeURIComponent(me)}`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      await browser.fetch('/');
    });
    const stored = (await api.stored(browser.sid() ?? ''))?.music;
    expect(stored?.accessToken).toBeTruthy();
    expect(stored?.refreshToken).toBeTruthy();
    await browser.fetch('/auth/logout', { method: 'POST' });

    const seen = JSON.stringify(browser.seen);
    expect(browser.seen.length).toBeGreaterThan(8);
    const logged = `${output}\n${log.join('')}`;
    expect(log.length).toBeGreaterThan(0);
    for (const token of [stored?.accessToken ?? 'missing', stored?.refreshToken ?? 'missing']) {
      expect(seen).not.toContain(token);
      expect(logged).not.toContain(token);
    }
  });

  it('have no field in the schema that could hand one out', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const names: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) names.push(`${type.name}.${field.name}`);
      } else if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) names.push(`${type.name}.${field.name}`);
      }
    }
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => /token|secret|verifier/i.test(name))).toEqual([]);
  });
});
