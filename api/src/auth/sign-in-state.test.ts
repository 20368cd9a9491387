import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { loadConfig } from '../config';
import { createLogger } from '../ops/logger';
import { createAuthRouter } from './routes';
import {
  openSignInState,
  sealSignInState,
  signInCookieName,
  signInLifetimeMs,
  type PendingSignIn,
} from './sign-in-state';

/**
 * The sealed cookie that carries a sign-in under way: what it hides, what it refuses, and how
 * long it lives, on a clock the test moves (no waiting).
 */

const secret = 'sign-in-state-test-secret-5f0c2a9d8e7b6a41';
const older = 'sign-in-state-older-secret-1a2b3c4d5e6f7081';
const pending: PendingSignIn = {
  state: 'state-0123456789abcdefghij',
  verifier: 'v'.repeat(20) + 'erifier-0123456789abcdefghij',
  returnTo: '/library',
  expiresAt: 1_000_000,
};

describe('the sealed sign-in state', () => {
  it('opens with the secret that sealed it, or an older one still listed, and hides what it holds', () => {
    const sealed = sealSignInState(pending, [secret]);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const part of [pending.state, pending.verifier, 'library']) {
      expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain(part);
    }
    expect(openSignInState(sealed, [secret])).toEqual(pending);
    // Rotation: a cookie sealed before a new secret was prepended still opens.
    expect(openSignInState(sealSignInState(pending, [older]), [secret, older])).toEqual(pending);
  });

  it('refuses a changed byte, another secret, and values that are no sealed state at all', () => {
    const sealed = Buffer.from(sealSignInState(pending, [secret]), 'base64url');
    for (let index = 0; index < sealed.length; index += 7) {
      const changed = Buffer.from(sealed);
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      expect(openSignInState(changed.toString('base64url'), [secret])).toBeNull();
    }
    expect(openSignInState(sealed.toString('base64url'), [older])).toBeNull();
    for (const junk of ['', 'abc', 'x'.repeat(200), '%%%']) expect(openSignInState(junk, [secret])).toBeNull();
  });
});

describe('a sign-in under way', () => {
  const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
  const tokenRequests: string[] = [];
  let tokenEndpoint: RunningServer;
  let app: RunningServer;

  beforeAll(async () => {
    // Answers every code with invalid_grant: the test needs to know only whether one was asked for.
    tokenEndpoint = await listen((req, res) => {
      tokenRequests.push(req.url ?? '');
      res.statusCode = 400;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: 'invalid_grant' }));
    });
    const server = express();
    server.use(
      createAuthRouter(
        loadConfig({ NODE_ENV: 'test', MUSIC_ACCOUNTS_URL: tokenEndpoint.url, SESSION_SECRET: secret }),
        { logger: createLogger({ level: 'silent', service: 'api' }), now: () => clock.now },
      ),
    );
    app = await listen(server);
  });

  afterAll(async () => {
    await app.close();
    await tokenEndpoint.close();
  });

  /** Starts a sign-in: the state sent to the authorization server, and the cookie the browser keeps. */
  async function start(): Promise<{ state: string; cookie: string }> {
    const login = await fetch(`${app.url}/auth/login?returnTo=/search`, { redirect: 'manual' });
    const state = new URL(login.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { state, cookie };
  }

  function callback(state: string, cookie: string): Promise<Response> {
    return fetch(`${app.url}/auth/callback?code=a-code&state=${encodeURIComponent(state)}`, {
      redirect: 'manual',
      headers: { cookie },
    });
  }

  it('lives ten minutes: the callback is still honoured just before, and refused from then on', async () => {
    const early = await start();
    const sealed = openSignInState(early.cookie.slice(signInCookieName.length + 1), [secret]);
    expect(sealed).toMatchObject({ state: early.state, returnTo: '/search', expiresAt: clock.now + signInLifetimeMs });
    clock.now += signInLifetimeMs - 1;
    tokenRequests.length = 0;
    // Honoured: the code goes to the token endpoint (which refuses this one).
    expect((await callback(early.state, early.cookie)).headers.get('location')).toBe('/auth/error?code=sign_in_failed');
    expect(tokenRequests).toHaveLength(1);

    const late = await start();
    clock.now += signInLifetimeMs;
    tokenRequests.length = 0;
    const refused = await callback(late.state, late.cookie);
    expect(refused.headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(tokenRequests).toEqual([]);
  });

  it('is spent by the first callback that reads it, whatever that callback brings', async () => {
    const { state, cookie } = await start();
    const wrong = await callback('another-state', cookie);
    expect(wrong.headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(wrong.headers.get('set-cookie')).toMatch(
      /^graphonic\.signin=; Path=\/auth\/callback; Expires=Thu, 01 Jan 1970/,
    );
    // The browser forgot the cookie; the right state alone, without it, is refused too.
    tokenRequests.length = 0;
    expect((await callback(state, '')).headers.get('location')).toBe('/auth/error?code=state_mismatch');
    expect(tokenRequests).toEqual([]);
  });
});
