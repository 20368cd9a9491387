import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { consentAtMusic, Jar, visit } from '../../../test-support/sign-in';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { MusicSession } from './types';

/**
 * Sign-in through the api against the real local music service, both ways: with OpenID Connect,
 * which the service offers (the ID token names the listener, and signing out ends the sign-in
 * there too), and as against Spotify, whose accounts service publishes no discovery document (the
 * profile request names the listener).
 */

interface RunningApi {
  url: string;
  sessionDir: string;
  stop(): Promise<void>;
}

let music: LocalMusic;
/** While true, the music service answers its discovery document with 404, as Spotify's accounts service does. */
let hideDiscovery = false;
let profileRequests = 0;
/** How many profile requests to come the music service answers with 503, as an upstream that stumbles does. */
let profileFailures = 0;
/** The upstream calls the api without OpenID Connect reports, as `METHOD path status`. */
const upstreamCalls: string[] = [];
const apis: RunningApi[] = [];

function storedSessions(api: RunningApi): MusicSession[] {
  return readdirSync(api.sessionDir)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) => JSON.parse(readFileSync(join(api.sessionDir, name), 'utf8')) as { session: { music?: MusicSession } },
    )
    .flatMap((stored) => (stored.session.music ? [stored.session.music] : []));
}

/** An api listening before the music service starts, which must know its callback address; built once it has. */
async function listeningApi(): Promise<{
  url: string;
  build: (options?: Parameters<typeof createApp>[1]) => Promise<RunningApi>;
}> {
  const sessionDir = mkdtempSync(join(tmpdir(), 'graphonic-sessions-'));
  const holder: { app?: Awaited<ReturnType<typeof createApp>>['app'] } = {};
  const server: RunningServer = await listen((req, res) => {
    holder.app?.(req, res);
  });
  return {
    url: server.url,
    async build(options) {
      const built = await createApp(
        loadConfig({
          NODE_ENV: 'test',
          PUBLIC_URL: server.url,
          MUSIC_API_URL: `${music.url}/v1`,
          MUSIC_ACCOUNTS_URL: music.url,
          SESSION_DIR: sessionDir,
          WEB_DIST: join(sessionDir, 'no-web'),
        }),
        options,
      );
      holder.app = built.app;
      return {
        url: server.url,
        sessionDir,
        async stop() {
          await server.close();
          await built.stop();
          rmSync(sessionDir, { recursive: true, force: true });
        },
      };
    },
  };
}

// Two apis on one music service: each learns on its first sign-in whether the service offers OpenID Connect.
let withOpenId: RunningApi;
let withoutOpenId: RunningApi;

beforeAll(async () => {
  const listening = await Promise.all([listeningApi(), listeningApi()]);
  music = await startLocalMusic({
    demoUser: true,
    env: { MUSIC_CLIENT_REDIRECT_URIS: listening.map((api) => `${api.url}/auth/callback`).join(',') },
    wrap: (service) => (req, res) => {
      if (hideDiscovery && req.url?.startsWith('/.well-known/openid-configuration')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
        return;
      }
      if (req.url?.split('?')[0] === '/v1/me') {
        profileRequests += 1;
        if (profileFailures > 0) {
          profileFailures -= 1;
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"status":503,"message":"busy"}}');
          return;
        }
      }
      service(req, res);
    },
  });
  const [first, second] = listening;
  apis.push(await first.build());
  apis.push(
    await second.build({
      onUpstreamRequest: (event) => upstreamCalls.push(`${event.method} ${event.path} ${String(event.status)}`),
    }),
  );
  [withOpenId, withoutOpenId] = apis as [RunningApi, RunningApi];
}, 60_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await music.stop();
});

/** From the api's /auth/login through the music service and back; resolves with the authorization address used. */
async function signInAt(api: RunningApi, apiJar: Jar, musicJar: Jar): Promise<URL> {
  const login = await visit(apiJar, `${api.url}/auth/login?returnTo=/library`);
  const authorize = new URL(login.headers.get('location') ?? '');
  const callback = await consentAtMusic(musicJar, authorize.toString(), api.url);
  const done = await visit(apiJar, callback);
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe('/library');
  return authorize;
}

describe('signing in with OpenID Connect, which the local music service offers', () => {
  it('asks for openid with a nonce, takes the listener from the ID token, and asks no profile', async () => {
    hideDiscovery = false;
    const api = withOpenId;
    const apiJar = new Jar();
    const musicJar = new Jar();
    const before = profileRequests;
    const authorize = await signInAt(api, apiJar, musicJar);
    const scopes = (authorize.searchParams.get('scope') ?? '').split(' ');
    expect(scopes).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'user-library-read']));
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(profileRequests).toBe(before);
    const [session] = storedSessions(api);
    expect(session).toMatchObject({ userId: 'demo', displayName: 'Demo Listener' });
    expect(session?.idToken).toMatch(/^ey/);

    // Signing out here names the music service's end-session address; following it ends the sign-in there.
    const logout = await visit(apiJar, `${api.url}/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(200);
    const { endSessionUrl } = (await logout.json()) as { endSessionUrl: string };
    const end = new URL(endSessionUrl);
    expect(end.origin + end.pathname).toBe(`${music.url}/oauth/logout`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${api.url}/`);
    expect(storedSessions(api)).toEqual([]);
    const ended = await visit(musicJar, endSessionUrl);
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe(`${api.url}/`);
    const page = await (await visit(musicJar, `${music.url}/login`)).text();
    expect(page).not.toContain('You are signed in');
  }, 60_000);

  it('refuses a callback whose ID token is for another sign-in (a forged nonce)', async () => {
    hideDiscovery = false;
    const api = withOpenId;
    const apiJar = new Jar();
    const login = await visit(apiJar, `${api.url}/auth/login`);
    const authorize = new URL(login.headers.get('location') ?? '');
    authorize.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    const callback = await consentAtMusic(new Jar(), authorize.toString(), api.url);
    const done = await visit(apiJar, callback);
    expect(done.headers.get('location')).toBe('/auth/error?code=sign_in_failed');
  }, 60_000);
});

describe('signing in without OpenID Connect, as against Spotify', () => {
  it('asks the reviewed scopes only, names the listener by the profile, and signs out here only', async () => {
    hideDiscovery = true;
    const api = withoutOpenId;
    const apiJar = new Jar();
    const before = profileRequests;
    const authorize = await signInAt(api, apiJar, new Jar());
    const scopes = (authorize.searchParams.get('scope') ?? '').split(' ');
    expect(scopes).not.toContain('openid');
    expect(scopes).toContain('user-library-read');
    expect(authorize.searchParams.get('nonce')).toBeNull();
    expect(profileRequests).toBe(before + 1);
    const [session] = storedSessions(api);
    expect(session).toMatchObject({ userId: 'demo', displayName: 'Demo Listener' });
    expect(session).not.toHaveProperty('idToken');
    const logout = await visit(apiJar, `${api.url}/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(204);
  }, 60_000);

  it("reads the profile through the api's music client: counted as a call, and asked again after a 503", async () => {
    hideDiscovery = true;
    const api = withoutOpenId;
    const before = profileRequests;
    upstreamCalls.length = 0;
    profileFailures = 1;
    await signInAt(api, new Jar(), new Jar());
    // The music service stumbled once; the client asked again, as it does for every read, and the sign-in went on.
    expect(profileRequests).toBe(before + 2);
    expect(upstreamCalls).toEqual(['GET /v1/me 503', 'GET /v1/me 200']);
    expect(storedSessions(api).map((session) => session.userId)).toContain('demo');
  }, 60_000);
});
