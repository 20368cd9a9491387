import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { signIn } from '../../../test-support/sign-in';
import { createApp, type App } from '../app';
import { loadConfig } from '../config';
import { codesOf, liveClient, Watch } from '../subscriptions/__fixtures__/live-client';
import {
  appShell,
  Browser,
  clientSecret,
  removeSessionDirs,
  startApi,
  startMusic,
  type Api,
  type Music,
} from './harness';
import {
  loadOperationManifest,
  ManifestError,
  OperationManifest,
  operationManifestFile,
  persistedQueryCache,
  sha256Hex,
} from './trusted-documents';

/**
 * Trusted documents (docs/decisions/048-trusted-documents.md), over real HTTP against the local music service:
 * in production a cookie session runs the web build's operations only, by hash (queries over GET, mutations
 * over POST) or by their exact text; a bearer client still sends its own; the setting turns it off; and the api
 * does not start without the manifest when it is on.
 */

// Real servers over HTTP on a machine that may be busy: time enough for each test.
vi.setConfig({ testTimeout: 30_000 });

const meQuery = 'query Me {\n  me {\n    id\n    __typename\n  }\n}';
const saveMutation =
  'mutation Save($input: SaveToLibraryInput!) {\n  saveToLibrary(input: $input) {\n    __typename\n  }\n}';
const playerSubscription = 'subscription Live {\n  player {\n    state {\n      isPlaying\n    }\n  }\n}';
const ownQuery = '{ me { id } }';

/** A built web client: its app shell and its operation manifest. */
function webBuild(texts: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'graphonic-trusted-web-'));
  writeFileSync(join(dir, 'index.html'), appShell);
  const manifest = Object.fromEntries(texts.map((text) => [sha256Hex(text), text]));
  writeFileSync(join(dir, operationManifestFile), JSON.stringify(manifest));
  return dir;
}

const scratch: string[] = [];
const dist = webBuild([meQuery, saveMutation, playerSubscription]);
scratch.push(dist);
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-bytes-0048',
  MUSIC_CLIENT_SECRET: clientSecret,
  WEB_DIST: dist,
  // Production logs every request at `info`; these tests need only what goes wrong.
  LOG_LEVEL: 'warn',
};
/** Behind the proxy that ends TLS, as production runs: its session cookie is Secure. */
const https = { 'x-forwarded-proto': 'https' };

let music: Music;
let api: Api;
let browser: Browser;

beforeAll(async () => {
  music = await startMusic();
  api = await startApi(music, { env: production });
  browser = new Browser(api.url, https);
  await browser.signIn();
}, 60_000);

afterAll(async () => {
  await api.stop();
  await music.stop();
  removeSessionDirs();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

/** A query by hash over GET, as the web client sends it (with the header CSRF prevention asks for). */
async function getByHash(hash: string, headers: Record<string, string> = { 'apollo-require-preflight': 'true' }) {
  const params = new URLSearchParams({ extensions: JSON.stringify(persisted(hash)) });
  const response = await browser.fetch(`/graphql?${params.toString()}`, { headers });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A POST of `body` with the browser's cookie. */
async function post(body: object, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await browser.fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const codes = (answer: Answer): (string | undefined)[] => (answer.body.errors ?? []).map((e) => e.extensions?.code);

describe('a production api with trusted documents', () => {
  it("refuses a cookie session's own operation text before anything runs", async () => {
    music.forget();
    const refused = await post({ query: ownQuery });
    expect(refused.status).toBe(400);
    expect(codes(refused)).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
    expect(refused.body.data).toBeUndefined();
    expect(music.v1).toEqual([]);
  });

  it('refuses in the media type the client asks for, as Apollo Server answers', async () => {
    const response = await browser.fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json,application/json;q=0.9',
      },
      body: JSON.stringify({ query: ownQuery }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("runs the manifest's query by its hash over GET", async () => {
    const answer = await getByHash(sha256Hex(meQuery));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { me: { id: 'demo', __typename: 'Me' } } });
  });

  it("runs the manifest's mutation by its hash over POST, and never over GET", async () => {
    music.forget();
    const hash = sha256Hex(saveMutation);
    const answer = await post({
      variables: { input: { uris: ['spotify:track:nothing'] } },
      extensions: persisted(hash),
    });
    expect(codes(answer)).not.toContain('PERSISTED_QUERY_NOT_IN_LIST');
    expect(codes(answer)).not.toContain('PERSISTED_QUERY_NOT_FOUND');
    expect(music.v1.length).toBeGreaterThan(0);
    const overGet = await getByHash(hash);
    expect(overGet.status).toBe(405);
  });

  it('runs the exact text of a manifest operation, but no other', async () => {
    expect((await post({ query: meQuery })).body).toEqual({ data: { me: { id: 'demo', __typename: 'Me' } } });
    expect(codes(await post({ query: `${meQuery} ` }))).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
  });

  it('knows no hash but the manifest’s, and lets no one register one', async () => {
    const text = '{ me { displayName } }';
    const hash = sha256Hex(text);
    expect(codes(await getByHash(hash))).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    // The automatic persisted query protocol's registration: a hash with its text.
    const registering = await post({ query: text, extensions: persisted(hash) });
    expect(codes(registering)).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
    expect(codes(await getByHash(hash))).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    // A manifest hash sent with other text runs neither.
    const swapped = await post({ query: ownQuery, extensions: persisted(sha256Hex(meQuery)) });
    expect(swapped.status).toBe(400);
    expect(swapped.body.data).toBeUndefined();
  });

  it('keeps CSRF prevention for GET: a hash without the preflight header runs nothing', async () => {
    const answer = await getByHash(sha256Hex(meQuery), {});
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
  });

  it("accepts a bearer client's own operation text, within the limits", async () => {
    const sid = browser.sid();
    const token = sid === undefined ? undefined : (await api.stored(sid))?.music?.accessToken;
    expect(token).toBeDefined();
    const own = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` },
      body: JSON.stringify({ query: ownQuery }),
    });
    expect(await own.json()).toEqual({ data: { me: { id: 'demo' } } });
  });
});

describe('the setting', () => {
  it('GRAPHQL_TRUSTED_DOCUMENTS=off lets a cookie session send its own text, without a manifest', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'graphonic-trusted-bare-'));
    scratch.push(bare);
    writeFileSync(join(bare, 'index.html'), appShell);
    const off = await startApi(music, { env: { ...production, WEB_DIST: bare, GRAPHQL_TRUSTED_DOCUMENTS: 'off' } });
    try {
      const visitor = new Browser(off.url, https);
      await visitor.signIn();
      expect((await visitor.graphql(ownQuery)).body).toEqual({ data: { me: { id: 'demo' } } });
    } finally {
      await off.stop();
    }
  });

  it('on, with the manifest missing, stops the api from starting and says why', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'graphonic-trusted-bare-'));
    scratch.push(bare);
    writeFileSync(join(bare, 'index.html'), appShell);
    await expect(startApi(music, { env: { ...production, WEB_DIST: bare } })).rejects.toThrow(
      /GRAPHQL_TRUSTED_DOCUMENTS is on .*graphql-operations\.json is missing/s,
    );
    expect(() => loadConfig({ ...production, GRAPHQL_TRUSTED_DOCUMENTS: 'maybe' })).toThrow(
      /GRAPHQL_TRUSTED_DOCUMENTS/,
    );
  });

  it('is on in production and off elsewhere unless set', () => {
    expect(loadConfig(production).graphql.trustedDocuments).toBe(true);
    expect(loadConfig({ ...production, GRAPHQL_TRUSTED_DOCUMENTS: 'off' }).graphql.trustedDocuments).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).graphql.trustedDocuments).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', GRAPHQL_TRUSTED_DOCUMENTS: 'on' }).graphql.trustedDocuments).toBe(true);
  });
});

describe('the manifest', () => {
  it('is refused when a hash is not the hash of its text', () => {
    expect(() => new OperationManifest({ [sha256Hex(meQuery)]: ownQuery })).toThrow(ManifestError);
    const dir = mkdtempSync(join(tmpdir(), 'graphonic-trusted-bad-'));
    scratch.push(dir);
    writeFileSync(join(dir, operationManifestFile), JSON.stringify({ [sha256Hex(meQuery)]: ownQuery }));
    expect(() => loadOperationManifest(dir, false)).toThrow(/is not the SHA-256 of its text/);
    writeFileSync(join(dir, operationManifestFile), '["not", "an object"]');
    expect(() => loadOperationManifest(dir, true)).toThrow(/not an object/);
    writeFileSync(join(dir, operationManifestFile), '{}');
    expect(() => loadOperationManifest(dir, true)).toThrow(/holds no operation/);
  });

  it('is optional with the setting off', () => {
    expect(loadOperationManifest(join(tmpdir(), 'graphonic-no-such-build'), false)).toBeNull();
  });

  it("backs Apollo's persisted queries: its texts cannot be replaced, others are kept within a bound", async () => {
    const manifest = new OperationManifest({ [sha256Hex(meQuery)]: meQuery });
    const cache = persistedQueryCache(manifest, 30);
    await cache.set(`apq:${sha256Hex(meQuery)}`, ownQuery);
    expect(await cache.get(`apq:${sha256Hex(meQuery)}`)).toBe(meQuery);
    await cache.set('apq:a', '{ me { id } }');
    await cache.set('apq:b', '{ me { displayName } }');
    // 13 + 22 characters are more than 30: the older goes.
    expect(await cache.get('apq:a')).toBeUndefined();
    expect(await cache.get('apq:b')).toBe('{ me { displayName } }');
    await cache.set('apq:c', 'x'.repeat(31));
    expect(await cache.get('apq:c')).toBeUndefined();
  });
});

describe('the WebSocket of a cookie session, with the setting on', () => {
  let local: LocalMusic;
  let server: RunningServer;
  let built: App;

  beforeAll(async () => {
    const holder: { app?: App['app'] } = {};
    server = await listen((req, res) => {
      holder.app?.(req, res);
    });
    local = await startLocalMusic({
      demoUser: true,
      env: { MUSIC_CLIENT_REDIRECT_URIS: `${server.url}/auth/callback` },
    });
    const sessions = mkdtempSync(join(tmpdir(), 'graphonic-trusted-sessions-'));
    scratch.push(sessions);
    built = await createApp(
      loadConfig({
        NODE_ENV: 'test',
        GRAPHQL_TRUSTED_DOCUMENTS: 'on',
        PUBLIC_URL: server.url,
        MUSIC_API_URL: `${local.url}/v1`,
        MUSIC_ACCOUNTS_URL: local.url,
        SESSION_DIR: sessions,
        WEB_DIST: dist,
      }),
    );
    holder.app = built.app;
    built.attach(server.server);
  }, 60_000);

  afterAll(async () => {
    await built.closeSockets();
    await server.close();
    await built.stop();
    await local.stop();
  });

  it("runs the manifest's subscription and refuses any other text", async () => {
    const { jar } = await signIn(server.url);
    const client = liveClient(server.url, { headers: { cookie: jar.header(), origin: server.url } });
    const own = new Watch(client, 'subscription { player { state { isPlaying } } }');
    const manifest = new Watch(client, playerSubscription);
    try {
      expect(codesOf(await own.failure())).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
      expect((await manifest.until(() => true)).errors).toBeUndefined();
    } finally {
      own.dispose();
      manifest.dispose();
      await client.dispose();
    }
  });
});
