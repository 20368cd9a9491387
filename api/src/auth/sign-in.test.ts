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

    // Signing out destroys the session in the store.
    const logout = await visit(apiJar, `${api.url}/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(204);
    const remaining = sessionFiles()
      .map((name) => readFileSync(join(sessionDir, name), 'utf8'))
      .filter((text) => text.includes(token));
    expect(remaining).toEqual([]);
  });
});
