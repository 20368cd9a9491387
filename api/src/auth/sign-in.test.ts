import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { formField, Jar, postForm, visit } from '../../../test-support/sign-in';
import { createApp } from '../app';
import { loadConfig } from '../config';

/**
 * Sign-in end to end: the api (openid-client with state and PKCE) against the real local
 * music service's authorization server, both over real HTTP on loopback.
 */

const sessionDir = mkdtempSync(join(tmpdir(), 'graphonic-sessions-'));
let music: LocalMusic;
let api: RunningServer;
let stopApi: () => Promise<void>;

beforeAll(async () => {
  const holder: { app?: Awaited<ReturnType<typeof createApp>>['app'] } = {};
  api = await listen((req, res) => {
    holder.app?.(req, res);
  });
  music = await startLocalMusic({ demoUser: true, env: { MUSIC_CLIENT_REDIRECT_URIS: `${api.url}/auth/callback` } });
  const built = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: api.url,
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_DIR: sessionDir,
      WEB_DIST: join(sessionDir, 'no-web'),
    }),
  );
  holder.app = built.app;
  stopApi = built.stop;
}, 60_000);

afterAll(async () => {
  await api.close();
  await stopApi();
  await music.stop();
  rmSync(sessionDir, { recursive: true, force: true });
});

describe('signing in through the api', () => {
  it('goes through the music service and comes back signed in, with a session made only then', async () => {
    const apiJar = new Jar();
    const musicJar = new Jar();
    const sessionFiles = () => readdirSync(sessionDir).filter((name) => name.endsWith('.json'));
    const login = await visit(apiJar, `${api.url}/auth/login?returnTo=/library`);
    // Before sign-in: a sealed sign-in cookie, and nothing in the session store.
    expect(apiJar.get('graphonic.signin')).toBeTruthy();
    expect(apiJar.get('graphonic.sid')).toBeUndefined();
    expect(sessionFiles()).toEqual([]);
    const authorize = login.headers.get('location') ?? '';
    expect(authorize.startsWith(`${music.url}/authorize?`)).toBe(true);
    // A first sign-in lets the music service sign in a browser it knows.
    expect(new URL(authorize).searchParams.get('show_dialog')).toBeNull();

    const page = await (await visit(musicJar, authorize)).text();
    const consent = await (
      await postForm(musicJar, `${music.url}/login`, {
        csrf: formField(page, 'csrf'),
        continue: formField(page, 'continue'),
        username: 'demo',
        password: 'demo',
      })
    ).text();
    const decision = await postForm(musicJar, `${music.url}/authorize/decision`, {
      csrf: formField(consent, 'csrf'),
      request: formField(consent, 'request'),
      decision: 'allow',
    });
    const callback = decision.headers.get('location') ?? '';
    expect(callback.startsWith(`${api.url}/auth/callback?code=`)).toBe(true);

    const done = await visit(apiJar, callback);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/library');
    expect(apiJar.get('graphonic.sid')).toBeTruthy();
    expect(apiJar.get('graphonic.signin')).toBeUndefined();

    // The tokens stay on the server: in the session store, never in what the browser got.
    // Only whole session files: a write in progress lives in a temporary file until renamed.
    expect(sessionFiles()).toHaveLength(1);
    const stored = sessionFiles().map((name) => readFileSync(join(sessionDir, name), 'utf8'));
    const session = stored
      .map((text) => JSON.parse(text) as { session: { music?: { accessToken: string; userId: string } } })
      .find((s) => s.session.music);
    expect(session?.session.music?.userId).toBe('demo');
    const token = session?.session.music?.accessToken ?? 'missing';
    expect(JSON.stringify([...done.headers])).not.toContain(token);

    // The same callback again: its state was spent, so no token request is made.
    const replay = await visit(apiJar, callback);
    expect(replay.headers.get('location')).toBe('/auth/error?code=state_mismatch');

    // Signing out destroys the session in the store (and names the music service's end-session address).
    const logout = await visit(apiJar, `${api.url}/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(JSON.stringify(await logout.json())).not.toContain(token);
    const remaining = sessionFiles()
      .map((name) => readFileSync(join(sessionDir, name), 'utf8'))
      .filter((text) => text.includes(token));
    expect(remaining).toEqual([]);
  });
  it('asks the music service for the account again after a sign-out, and only then', async () => {
    const apiJar = new Jar();
    const musicJar = new Jar();
    /** From the api's /auth/login to the music service's first answer, with the authorization address. */
    const startSignIn = async () => {
      const login = await visit(apiJar, `${api.url}/auth/login?returnTo=/`);
      const authorize = login.headers.get('location') ?? '';
      return { authorize: new URL(authorize), answer: await visit(musicJar, authorize) };
    };
    /** On from the music service's answer after the password: consent when it asks, then back to the api. */
    const finish = async (afterPassword: Response) => {
      let callback = afterPassword.headers.get('location') ?? '';
      if (afterPassword.status === 200) {
        const consent = await afterPassword.text();
        const decision = await postForm(musicJar, `${music.url}/authorize/decision`, {
          csrf: formField(consent, 'csrf'),
          request: formField(consent, 'request'),
          decision: 'allow',
        });
        callback = decision.headers.get('location') ?? '';
      }
      expect(callback.startsWith(`${api.url}/auth/callback?code=`)).toBe(true);
      const done = await visit(apiJar, callback);
      expect(done.status).toBe(303);
      expect(apiJar.get('graphonic.sid')).toBeTruthy();
    };
    const withPassword = (page: string) =>
      postForm(musicJar, `${music.url}/login`, {
        csrf: formField(page, 'csrf'),
        continue: formField(page, 'continue'),
        username: 'demo',
        password: 'demo',
      });

    const first = await startSignIn();
    await finish(await withPassword(await first.answer.text()));

    // Signed out of Graphonic, still signed in at the music service (its end-session address, which the
    // api names, is not followed here): the next sign-in asks for the password.
    const logout = await visit(apiJar, `${api.url}/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(apiJar.get('graphonic.sid')).toBeUndefined();
    expect(apiJar.get('graphonic.signedout')).toBe('1');
    const logoutCookie = logout.headers.getSetCookie().find((line) => line.startsWith('graphonic.signedout='));
    expect(logoutCookie).toMatch(/HttpOnly/i);
    expect(logoutCookie).toMatch(/SameSite=Lax/i);
    expect(logoutCookie).toMatch(/Path=\/auth/i);

    const again = await startSignIn();
    expect(again.authorize.searchParams.get('show_dialog')).toBe('true');
    // State and PKCE as on every sign-in.
    expect(again.authorize.searchParams.get('state')).toBeTruthy();
    expect(again.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(again.answer.status).toBe(200);
    const page = await again.answer.text();
    expect(page).toContain('name="password"');
    await finish(await withPassword(page));
    // Signed in again: the sign-out is forgotten.
    expect(apiJar.get('graphonic.signedout')).toBeUndefined();

    // The sign-in after that is an ordinary one again: the music service knows this browser and its consent.
    const ordinary = await startSignIn();
    expect(ordinary.authorize.searchParams.get('show_dialog')).toBeNull();
    expect(ordinary.answer.status).toBe(303);
    expect(ordinary.answer.headers.get('location')).toContain(`${api.url}/auth/callback?code=`);
  });
});
