import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMusicApp,
  ensureDemoUser,
  loadMusicConfig,
  migrate,
  openDatabase,
  registerConfiguredClient,
  seedCatalog,
} from '@graphonic/music';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';

/**
 * Sign-in end to end: the api (passport-oauth2 with state and PKCE) against the real local
 * music service's authorization server, both over real HTTP on loopback.
 */

async function listening(): Promise<{ server: Server; url: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

const sessionDir = mkdtempSync(join(tmpdir(), 'graphonic-sessions-'));
const db = await openDatabase({});
let music: { server: Server; url: string };
let api: { server: Server; url: string };
let stopApi: () => Promise<void>;

beforeAll(async () => {
  music = await listening();
  api = await listening();
  await migrate(db);
  await seedCatalog(db, { tracks: 30, albums: 3, artists: 2, playlists: 1, shows: 1, episodes: 1 });
  const musicConfig = loadMusicConfig({
    NODE_ENV: 'test',
    MUSIC_PUBLIC_URL: music.url,
    MUSIC_CLIENT_REDIRECT_URIS: `${api.url}/auth/callback`,
  });
  await registerConfiguredClient(db, musicConfig.client);
  await ensureDemoUser(db, false);
  music.server.on('request', createMusicApp(musicConfig, { db }).app);
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
  api.server.on('request', built.app);
  stopApi = built.stop;
}, 60_000);

afterAll(async () => {
  await close(api.server);
  await stopApi();
  await close(music.server);
  await db.close();
  rmSync(sessionDir, { recursive: true, force: true });
});

/** Cookies of one host, as a browser keeps them. */
class Jar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name, value.join('='));
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

async function visit(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.keep(response);
  return response;
}

function field(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} field`);
  return match[1].replace(/&amp;/g, '&');
}

function post(jar: Jar, url: string, form: Record<string, string>): Promise<Response> {
  return visit(jar, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

describe('signing in through the api', () => {
  it('goes through the music service and comes back signed in, with a new session id', async () => {
    const apiJar = new Jar();
    const musicJar = new Jar();
    const login = await visit(apiJar, `${api.url}/auth/login?returnTo=/library`);
    const before = apiJar.get('graphonic.sid');
    expect(before).toBeTruthy();
    const authorize = login.headers.get('location') ?? '';
    expect(authorize.startsWith(`${music.url}/authorize?`)).toBe(true);

    const page = await (await visit(musicJar, authorize)).text();
    const consent = await (
      await post(musicJar, `${music.url}/login`, {
        csrf: field(page, 'csrf'),
        continue: field(page, 'continue'),
        username: 'demo',
        password: 'demo',
      })
    ).text();
    const decision = await post(musicJar, `${music.url}/authorize/decision`, {
      csrf: field(consent, 'csrf'),
      request: field(consent, 'request'),
      decision: 'allow',
    });
    const callback = decision.headers.get('location') ?? '';
    expect(callback.startsWith(`${api.url}/auth/callback?code=`)).toBe(true);

    const done = await visit(apiJar, callback);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/library');
    const after = apiJar.get('graphonic.sid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    // The tokens stay on the server: in the session store, never in what the browser got.
    // Only whole session files: a write in progress lives in a temporary file until renamed.
    const sessionFiles = () => readdirSync(sessionDir).filter((name) => name.endsWith('.json'));
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
