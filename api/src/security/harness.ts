import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser, registerConfiguredClient, type MusicApp } from '@graphonic/music';
import express from 'express';
import type session from 'express-session';
import { createClient } from 'redis';
import { vi } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type MusicDatabase } from '../../../test-support/local-music';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { REDIS_URL } from '../../../test-support/services';
import { consentAtMusic, Jar } from '../../../test-support/sign-in';
import { createApp, type AppOptions } from '../app';
import { sessionCookieName } from '../auth/session';
import type { MusicSession } from '../auth/types';
import { loadConfig, type Config } from '../config';

/**
 * Real servers for the security tests: the local music service (its authorization server and
 * music v1 API) and one or more api instances, over HTTP on loopback, with a browser-like
 * client that keeps cookies and signs in through the music service's own pages. The music
 * side records every call it receives, so tests can prove that nothing ran.
 */

/** The secret the music service registers for the api's client, long enough for production. */
export const clientSecret = 'graphonic-test-client-secret-0123456789abcdef';

/** One request the music service received. */
export interface Received {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** The answer's status, once sent (0 before). */
  status: number;
}

/** One token request the accounts service received. */
export interface TokenRequest {
  grantType: string | undefined;
  status: number;
}

export interface Music {
  url: string;
  db: MusicDatabase;
  /** The running app, with its fault switches. */
  app: MusicApp;
  /** Every music v1 call, in order of arrival. */
  v1: Received[];
  /** Every POST /api/token, in order of arrival. */
  tokens: TokenRequest[];
  /** While true, token requests get no answer at all (a sign-in service that hangs). */
  holdTokenRequests: boolean;
  /** Forgets what was recorded so far. */
  forget(): void;
  /** Adds a redirect URI to the api's client (each api instance has its own port). */
  allowRedirect(uri: string): Promise<void>;
  /** A user who signs in with `password`. */
  addUser(id: string, password: string): Promise<void>;
  /** The Redis key prefix of the api instances started against this service: theirs alone, removed at stop. */
  redisPrefix: string;
  stop(): Promise<void>;
}

export interface MusicOptions {
  /** The music service's settings (access token lifetime, profile, faults). */
  env?: NodeJS.ProcessEnv;
  /**
   * Sees each music v1 request (after it is recorded) and answers it itself by returning true: for
   * answers the service would not give, such as a refusal of one token only.
   */
  intercept?: (req: express.Request, res: express.Response) => boolean;
}

/** Starts the local music service on an ephemeral port, with a small catalog and the demo user. */
export async function startMusic(options: MusicOptions = {}): Promise<Music> {
  const v1: Received[] = [];
  const tokens: TokenRequest[] = [];
  const local = await startLocalMusic({
    catalog: { tracks: 60, albums: 6, artists: 3, playlists: 2, shows: 1, episodes: 2 },
    demoUser: true,
    env: { MUSIC_CLIENT_SECRET: clientSecret, ...options.env },
    wrap: (service) => {
      const outer = express();
      outer.use((req, res, next) => {
        if (req.url.startsWith('/v1/')) {
          const entry: Received = { method: req.method, url: req.url, status: 0 };
          v1.push(entry);
          res.on('finish', () => {
            entry.status = res.statusCode;
          });
          if (options.intercept?.(req, res)) return;
        }
        next();
      });
      // Read here to learn the grant type; the service's own parser then sees a body already read.
      outer.post('/api/token', express.urlencoded({ extended: false, limit: '10kb' }), (req, res, next) => {
        const body = req.body as Record<string, unknown> | undefined;
        const entry: TokenRequest = {
          grantType: typeof body?.grant_type === 'string' ? body.grant_type : undefined,
          status: 0,
        };
        tokens.push(entry);
        res.on('finish', () => {
          entry.status = res.statusCode;
        });
        // Held: never answered; the connection closes when the service stops.
        if (!music.holdTokenRequests) next();
      });
      outer.use(service);
      return outer;
    },
  });
  const redirectUris = new Set<string>();
  const music: Music = {
    url: local.url,
    db: local.db,
    app: local.app,
    v1,
    tokens,
    holdTokenRequests: false,
    redisPrefix: testKeyPrefix('security'),
    forget() {
      v1.length = 0;
      tokens.length = 0;
    },
    async allowRedirect(uri) {
      redirectUris.add(uri);
      await registerConfiguredClient(local.db, { ...local.config.client, redirectUris: [...redirectUris] });
    },
    async addUser(id, password) {
      await createUser(
        local.db,
        { id, displayName: `Listener ${id}`, password },
        { passwordCost: local.config.passwordCost },
      );
    },
    async stop() {
      await local.stop();
      await deleteKeys(music.redisPrefix);
    },
  };
  return music;
}

export interface ApiOptions {
  /** Settings of the api besides the upstream's URLs and the session folder. */
  env?: NodeJS.ProcessEnv;
  /** Keep sessions in the real Redis server instead of the file store. */
  redis?: boolean;
  /** Reuse another instance's session folder (a restart, or a second instance). */
  sessionDir?: string;
  app?: AppOptions;
}

export interface Api {
  url: string;
  config: Config;
  sessionDir: string;
  /** The session `sid` as the store holds it, or null. */
  stored(sid: string): Promise<StoredSession | null>;
  /** Replaces what the store holds for `sid` (to arrange what a browser cannot). */
  store(sid: string, data: StoredSession): Promise<void>;
  /** How many sessions the store holds: files in the session folder, or keys in Redis. */
  storedCount(): Promise<number>;
  /** Forgets the upstream's answers the api keeps for each listener (decision 043), their profile among them. */
  forgetListeners(): void;
  stop(): Promise<void>;
}

export type StoredSession = session.SessionData & { music?: MusicSession } & Record<string, unknown>;

/** The page the harness's web client answers every client-side route with. */
export const appShell = '<!doctype html><title>Graphonic</title><div id="root"></div>';
const sessionDirs: string[] = [];

/** Starts an api instance against `music`, on its own port, with its redirect URI registered there. */
export async function startApi(music: Music, options: ApiOptions = {}): Promise<Api> {
  const holder: { handler?: express.Express } = {};
  const server: RunningServer = await listen((req, res) => {
    holder.handler?.(req, res);
  });
  const sessionDir = options.sessionDir ?? mkdtempSync(join(tmpdir(), 'graphonic-security-'));
  sessionDirs.push(sessionDir);
  // A built web client of one page: the app shell every client-side route answers with.
  const webDist = mkdtempSync(join(tmpdir(), 'graphonic-security-web-'));
  sessionDirs.push(webDist);
  writeFileSync(join(webDist, 'index.html'), appShell);
  await music.allowRedirect(`${server.url}/auth/callback`);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: server.url,
    MUSIC_API_URL: `${music.url}/v1`,
    MUSIC_ACCOUNTS_URL: music.url,
    MUSIC_CLIENT_SECRET: clientSecret,
    SESSION_DIR: sessionDir,
    WEB_DIST: webDist,
    ...(options.redis ? { REDIS_URL, REDIS_KEY_PREFIX: music.redisPrefix } : {}),
    ...options.env,
  });
  const built = await createApp(config, options.app).catch(async (error: unknown) => {
    // Nothing of a failed start stays behind: the port is freed for the next test.
    await server.close();
    throw error;
  });
  holder.handler = built.app;
  const redis = options.redis ? createClient({ url: REDIS_URL }) : undefined;
  await redis?.connect();
  const redisPrefix = `${config.redisKeyPrefix}session:`;
  const file = (sid: string): string => join(sessionDir, `${createHash('sha256').update(sid).digest('hex')}.json`);
  return {
    url: server.url,
    config,
    sessionDir,
    async stored(sid) {
      if (redis) {
        const text = await redis.get(`${redisPrefix}${sid}`);
        return text === null ? null : (JSON.parse(text) as StoredSession);
      }
      try {
        return (JSON.parse(readFileSync(file(sid), 'utf8')) as { session: StoredSession }).session;
      } catch {
        return null;
      }
    },
    async store(sid, data) {
      if (redis) {
        await redis.set(`${redisPrefix}${sid}`, JSON.stringify(data), { expiration: 'KEEPTTL' });
        return;
      }
      const stored = JSON.parse(readFileSync(file(sid), 'utf8')) as { expiresAt: number };
      writeFileSync(file(sid), JSON.stringify({ expiresAt: stored.expiresAt, session: data }), { mode: 0o600 });
    },
    forgetListeners() {
      built.answers.clear();
    },
    async storedCount() {
      if (!redis) return readdirSync(sessionDir).filter((name) => name.endsWith('.json')).length;
      let count = 0;
      for await (const keys of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 1000 })) count += keys.length;
      return count;
    },
    async stop() {
      await server.close();
      await built.stop();
      if (redis?.isOpen) await redis.close();
    },
  };
}

/** Removes the session folders of every api started by this file. */
export function removeSessionDirs(): void {
  for (const dir of sessionDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The session id inside a signed cookie value (`s:<id>.<signature>`, URL-encoded). */
export function sidOf(cookieValue: string): string {
  const value = decodeURIComponent(cookieValue);
  if (!value.startsWith('s:') || !value.includes('.')) throw new Error(`not a signed session cookie: ${value}`);
  return value.slice(2, value.lastIndexOf('.'));
}

/** A cookie value for `sid` signed with `secret`, as express-session signs it. */
export function signedCookie(sid: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return encodeURIComponent(`s:${sid}.${signature}`);
}

/** A GraphQL answer with its HTTP status. */
export interface GraphqlAnswer {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
  text: string;
  response: Response;
}

/** What a browser saw: every response of the site, headers and body, for leak checks. */
export interface Seen {
  url: string;
  status: number;
  headers: string;
  body: string;
}

/** A browser of the app: one cookie jar for the api's site, one for the music service's. */
export class Browser {
  readonly jar = new Jar();
  readonly musicJar = new Jar();
  /** Every response from the api this browser received. */
  readonly seen: Seen[] = [];

  constructor(
    readonly apiUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  /** The session id of the api's cookie, if any. */
  sid(): string | undefined {
    const cookie = this.jar.get(sessionCookieName);
    return cookie === undefined ? undefined : sidOf(cookie);
  }

  /** Fetches a path (or absolute URL) of the api with this browser's cookie, not following redirects. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.apiUrl}${path}`;
    const cookie = this.jar.header();
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...this.extraHeaders,
        ...(init.headers as Record<string, string> | undefined),
        ...(cookie ? { cookie } : {}),
      },
    });
    this.jar.keep(response);
    const body = await response.clone().text();
    this.seen.push({ url, status: response.status, headers: JSON.stringify([...response.headers]), body });
    return response;
  }

  /** Runs a GraphQL operation as the web client does: a JSON POST with the cookie. */
  async graphql(query: string, variables?: Record<string, unknown>): Promise<GraphqlAnswer> {
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    let body: GraphqlAnswer['body'] = {};
    try {
      body = JSON.parse(text) as GraphqlAnswer['body'];
    } catch {
      // Not JSON (a 4xx from a layer before GraphQL): the text says why.
    }
    return { status: response.status, body, text, response };
  }

  /**
   * Starts signing in at the api and consents at the music service; resolves with the callback
   * URL the music service sends the browser back to (not yet visited), and the authorize URL.
   */
  async consent(
    username = 'demo',
    password = 'demo',
    returnTo?: string,
  ): Promise<{ authorize: URL; callback: string }> {
    const login = await this.fetch(`/auth/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    const authorize = login.headers.get('location') ?? '';
    if (!authorize) throw new Error(`/auth/login answered ${login.status} without a redirect`);
    const callback = await consentAtMusic(this.musicJar, authorize, this.apiUrl, username, password);
    return { authorize: new URL(authorize), callback };
  }

  /** Signs in through the music service's pages; resolves with the api's final answer. */
  async signIn(username = 'demo', password = 'demo'): Promise<Response> {
    const { callback } = await this.consent(username, password);
    const done = await this.fetch(callback);
    if (done.headers.get('location')?.startsWith('/auth/error')) {
      throw new Error(`sign-in failed: ${done.headers.get('location') ?? ''}`);
    }
    return done;
  }
}

/** Everything written to the console and to stdout and stderr while `run` runs. */
export async function captureOutput<T>(run: () => Promise<T>): Promise<{ result: T; output: string }> {
  const chunks: string[] = [];
  const collect = (...args: unknown[]): void => {
    chunks.push(
      args
        .map((arg) =>
          arg instanceof Error
            ? `${arg.name}: ${arg.message}\n${arg.stack ?? ''}`
            : typeof arg === 'string'
              ? arg
              : JSON.stringify(arg),
        )
        .join(' '),
    );
  };
  const tap = (chunk: unknown): boolean => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
    return true;
  };
  const spies = [
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(collect),
    ),
    vi.spyOn(process.stdout, 'write').mockImplementation(tap),
    vi.spyOn(process.stderr, 'write').mockImplementation(tap),
  ];
  try {
    const result = await run();
    return { result, output: chunks.join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
