import { readdirSync } from 'node:fs';
import session from 'express-session';
import { RedisStore } from 'connect-redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../auth/session';
import { loadConfig } from '../config';
import { FileSessionStore } from '../session/file-store';
import {
  Browser,
  clientSecret,
  removeSessionDirs,
  sidOf,
  signedCookie,
  startApi,
  startMusic,
  type Api,
  type Music,
} from './harness';

/** The session cookie and the server-side session, over real HTTP with real sign-ins. */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const me = '{ me { id } }';
const secretA = 'a-session-secret-of-at-least-32-bytes-0001';
const secretB = 'b-session-secret-of-at-least-32-bytes-0002';
const productionEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: secretA,
  MUSIC_CLIENT_SECRET: clientSecret,
  // These tests send operations of their own with the cookie; trusted documents have their own tests.
  GRAPHQL_TRUSTED_DOCUMENTS: 'off',
};

let music: Music;
let api: Api;

beforeAll(async () => {
  music = await startMusic();
  api = await startApi(music, { env: { SESSION_SECRET: secretA } });
}, 60_000);

afterAll(async () => {
  await api.stop();
  await music.stop();
  removeSessionDirs();
});

/** The attributes of the session cookie a response sets, by lower-cased name. */
function sessionCookie(response: Response): { value: string; attributes: Map<string, string> } | undefined {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('graphonic.sid='));
  if (!line) return undefined;
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const [name = '', ...value] = part.split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  return { value: pair.slice('graphonic.sid='.length), attributes };
}

const sessionFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, host-only, not Secure outside production, and not connect.sid', async () => {
    const browser = new Browser(api.url);
    const done = await browser.signIn();
    const cookie = sessionCookie(done);
    expect(cookie).toBeDefined();
    expect(done.headers.getSetCookie().some((line) => line.startsWith('connect.sid='))).toBe(false);
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')).toBe('Lax');
    expect(cookie?.attributes.get('path')).toBe('/');
    expect(cookie?.attributes.has('domain')).toBe(false);
    expect(cookie?.attributes.has('secure')).toBe(false);
    // A lifetime, not a browser-session cookie: 14 days, renewed by activity.
    const expires = Date.parse(cookie?.attributes.get('expires') ?? '');
    expect(expires - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
  });

  it('is Secure in production, and never sent over plain http there', async () => {
    const production = await startApi(music, { env: productionEnv });
    try {
      // Behind the proxy that ends TLS: the cookie is Secure.
      const browser = new Browser(production.url, { 'x-forwarded-proto': 'https' });
      const login = await browser.fetch('/auth/login');
      expect(login.headers.get('set-cookie')).toMatch(/^graphonic\.signin=.*; Secure; SameSite=Lax$/);
      const done = await browser.signIn();
      const cookie = sessionCookie(done);
      expect(cookie?.attributes.has('secure')).toBe(true);
      expect(cookie?.attributes.get('samesite')).toBe('Lax');
      expect(cookie?.attributes.has('httponly')).toBe(true);
      expect((await browser.graphql(me)).body).toEqual({ data: { me: { id: 'demo' } } });
      // Over plain http, production sets no session cookie at all.
      const plain = await fetch(`${production.url}/auth/login`, { redirect: 'manual' });
      expect(plain.status).toBe(302);
      expect(sessionCookie(plain)).toBeUndefined();
    } finally {
      await production.stop();
    }
  });
});

describe('anonymous visitors', () => {
  it('get no session and no cookie, whatever they ask for', async () => {
    const before = sessionFiles(api.sessionDir).length;
    const requests: [string, RequestInit?][] = [
      [
        '/graphql',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: me }) },
      ],
      [`/graphql?query=${encodeURIComponent(me)}`, { headers: { 'apollo-require-preflight': 'true' } }],
      ['/auth/callback?code=stolen&state=forged'],
      ['/auth/callback?error=access_denied'],
      ['/auth/logout', { method: 'POST' }],
      ['/healthz'],
      ['/'],
      ['/auth/error?code=access_denied'],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${api.url}${path}`, { redirect: 'manual', ...init });
      // Clearing a cookie the visitor does not have is harmless; setting one is not.
      const set = response.headers.getSetCookie().filter((line) => !/Expires=Thu, 01 Jan 1970/.test(line));
      expect(set, path).toEqual([]);
    }
    expect(sessionFiles(api.sessionDir).length).toBe(before);
  });

  it('store nothing when they start signing in: only a sealed cookie for the callback', async () => {
    const before = sessionFiles(api.sessionDir).length;
    const login = await fetch(`${api.url}/auth/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(sessionCookie(login)).toBeUndefined();
    expect(login.headers.getSetCookie().map((line) => line.split('=')[0])).toEqual(['graphonic.signin']);
    expect(sessionFiles(api.sessionDir).length).toBe(before);
  });

  it('cannot choose their session id: an unknown or unsigned id is ignored', async () => {
    const forged = new Browser(api.url);
    forged.jar.set('graphonic.sid', signedCookie('chosen-by-the-attacker', 'not-the-secret'));
    await forged.signIn();
    expect(forged.sid()).not.toBe('chosen-by-the-attacker');
    const unknown = new Browser(api.url);
    unknown.jar.set('graphonic.sid', signedCookie('never-issued', secretA));
    expect((await unknown.graphql(me)).body).toEqual({ data: { me: null } });
    expect(await api.stored('never-issued')).toBeNull();
  });
});

describe('signing in and out', () => {
  it('gives a new session id at sign-in; the id from before is worthless', async () => {
    const browser = new Browser(api.url);
    // A session from before (signed in earlier, or planted by someone who signed in as themselves).
    await browser.signIn();
    const planted = browser.jar.get('graphonic.sid') ?? '';
    expect(await api.stored(sidOf(planted))).not.toBeNull();
    // Signs in again through the music service's pages from the start.
    browser.musicJar.clear();
    const { callback } = await browser.consent();
    await browser.fetch(callback);
    const after = browser.sid();
    expect(after).toBeDefined();
    expect(after).not.toBe(sidOf(planted));
    expect(await api.stored(sidOf(planted))).toBeNull();
    // Someone holding the planted cookie is not signed in.
    const attacker = new Browser(api.url);
    attacker.jar.set('graphonic.sid', planted);
    expect((await attacker.graphql(me)).body).toEqual({ data: { me: null } });
    expect((await browser.graphql(me)).body).toEqual({ data: { me: { id: 'demo' } } });
  });

  it('signs out only by POST, destroying the session in the store: the old cookie no longer works', async () => {
    const browser = new Browser(api.url);
    await browser.signIn();
    const cookie = browser.jar.get('graphonic.sid') ?? '';
    const sid = sidOf(cookie);
    expect((await browser.graphql(me)).body).toEqual({ data: { me: { id: 'demo' } } });

    // A GET (a link or an image on a hostile page) signs no one out.
    await browser.fetch('/auth/logout');
    expect(await api.stored(sid)).not.toBeNull();

    const logout = await browser.fetch('/auth/logout', { method: 'POST' });
    // 200 with the music service's end-session address: the local service offers OpenID Connect.
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/graphonic\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await api.stored(sid)).toBeNull();

    const replay = new Browser(api.url);
    replay.jar.set('graphonic.sid', cookie);
    expect((await replay.graphql(me)).body).toEqual({ data: { me: null } });
    const search = await replay.graphql('{ search(query: "a", types: [TRACK]) { tracks { totalCount } } }');
    expect(search.body.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    // Replaying the cookie brings nothing back.
    expect(await api.stored(sid)).toBeNull();
  });

  it('lets a request that was running at sign-out bring nothing back', async () => {
    const browser = new Browser(api.url);
    await browser.signIn();
    const sid = browser.sid() ?? '';
    const running = Array.from({ length: 6 }, () => browser.graphql(me));
    await browser.fetch('/auth/logout', { method: 'POST' });
    await Promise.all(running);
    // The store's own writes are queued per session: after the last one, the session is still gone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await api.stored(sid)).toBeNull();
  });
});

describe('secret rotation', () => {
  it('keeps cookies signed with an older secret working after a new one is prepended', async () => {
    const browser = new Browser(api.url);
    await browser.signIn();
    const sid = browser.sid() ?? '';
    const signedWithA = browser.jar.get('graphonic.sid') ?? '';
    expect(signedWithA).toBe(signedCookie(sid, secretA));

    const rotated = await startApi(music, {
      env: { SESSION_SECRET: `${secretB},${secretA}` },
      sessionDir: api.sessionDir,
    });
    try {
      const visitor = new Browser(rotated.url);
      visitor.jar.set('graphonic.sid', signedWithA);
      const answer = await visitor.graphql(me);
      expect(answer.body).toEqual({ data: { me: { id: 'demo' } } });
      // The answer re-signs the cookie with the newest secret.
      expect(visitor.jar.get('graphonic.sid')).toBe(signedCookie(sid, secretB));
    } finally {
      await rotated.stop();
    }

    const retired = await startApi(music, { env: { SESSION_SECRET: secretB }, sessionDir: api.sessionDir });
    try {
      const current = new Browser(retired.url);
      current.jar.set('graphonic.sid', signedCookie(sid, secretB));
      expect((await current.graphql(me)).body).toEqual({ data: { me: { id: 'demo' } } });
      // Once the old secret is removed, cookies signed with it stop working.
      const stale = new Browser(retired.url);
      stale.jar.set('graphonic.sid', signedWithA);
      expect((await stale.graphql(me)).body).toEqual({ data: { me: null } });
    } finally {
      await retired.stop();
    }
  });
});

describe('production settings', () => {
  it('refuse a missing or short secret', () => {
    expect(() => loadConfig({ ...productionEnv, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET: is required/);
    expect(() => loadConfig({ ...productionEnv, SESSION_SECRET: `${secretA},short` })).toThrow(
      /SESSION_SECRET: secret 2 of 2 must be at least 32 characters/,
    );
  });

  it('never keep sessions in memory: the file store, or Redis when configured', async () => {
    const config = loadConfig({ ...productionEnv, SESSION_DIR: api.sessionDir });
    const file = createSession(config);
    expect(file.store).toBeInstanceOf(FileSessionStore);
    expect(file.store).not.toBeInstanceOf(session.MemoryStore);
    await file.close();
    const { createClient } = await import('redis');
    const redis = createClient({ url: 'redis://127.0.0.1:1' });
    const shared = createSession({ ...config, redisUrl: 'redis://127.0.0.1:1' }, redis);
    expect(shared.store).toBeInstanceOf(RedisStore);
    await shared.close();
  });
});
