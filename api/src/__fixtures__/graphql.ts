import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MusicApp } from '@graphonic/music';
import { afterAll, beforeAll, describe } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic, type MusicDatabase } from '../../../test-support/local-music';
import { createApp, type AppOptions } from '../app';
import { requestedScopes } from '../auth/scopes';
import { loadConfig } from '../config';

/** Every scope the api asks for at sign-in (the reviewed list), which third-party clients may hold too. */
export const allScopes: readonly string[] = requestedScopes;

export type Profile = 'full' | 'development';

/** One upstream call the api made. */
export interface UpstreamCall {
  method: string;
  path: string;
  status: number | 'error';
}

/** One request the music service received for an operation: its path with the query, as sent. */
export interface ReceivedCall {
  method: string;
  url: string;
}

export interface GraphqlResult<Data = Record<string, unknown>> {
  status: number;
  data: Data | null | undefined;
  errors: { message: string; path?: (string | number)[]; extensions?: { code?: string } & Record<string, unknown> }[];
  /** The upstream calls this operation made, in order. */
  upstream: UpstreamCall[];
  /** What the music service received for this operation, with query strings (the `limit` sent, for instance). */
  received: ReceivedCall[];
}

export interface Listener {
  id: string;
  token: string;
  /** Runs an operation as this listener (a bearer token, as a third-party client sends it). */
  query(document: string, variables?: Record<string, unknown>): Promise<GraphqlResult>;
}

export interface GraphqlFixture {
  readonly profile: Profile;
  /** The music service's database, for arranging what the API cannot. */
  readonly db: MusicDatabase;
  readonly apiUrl: string;
  readonly musicUrl: string;
  /** A new user of the music service with a token of `scopes` (all by default). */
  listener(options?: { scopes?: readonly string[]; product?: 'premium' | 'free' }): Promise<Listener>;
  /** The music service's fault switches (latency, rate limit, failures); tests reset what they set. */
  readonly faults: MusicApp['faults'];
}

export interface GraphqlFixtureOptions {
  profiles?: Profile[];
  /** The api's upstream timeouts, Retry-After budget and retries, for tests of failures. */
  musicClient?: AppOptions['musicClient'];
}

let listeners = 0;
let operations = 0;

/** A call tagged with the request id of the operation that made it. */
type Tagged<T> = T & { requestId: string | undefined };

/** One run of a profile: the music service, the api against it, and what the service heard. */
interface FixtureRun {
  music?: LocalMusic;
  api?: RunningServer;
  stop?: () => Promise<void>;
  closeSockets?: () => Promise<void>;
  readonly sessionDir: string;
  // Every call is tagged with the request id of the operation that made it, so that operations
  // running at the same time each get their own.
  readonly calls: Tagged<UpstreamCall>[];
  readonly received: Tagged<ReceivedCall>[];
}

/** Starts the local music service of `profile`, then the api against it over real HTTP. */
async function startRun(run: FixtureRun, profile: Profile, options: GraphqlFixtureOptions): Promise<void> {
  const music = await startLocalMusic({
    catalog: { tracks: 300, albums: 24, artists: 8, playlists: 4, shows: 2, episodes: 6 },
    env: { MUSIC_PROFILE: profile },
    wrap: (service) => (req, res) => {
      if (req.url?.startsWith('/v1/')) {
        const header = req.headers['x-request-id'];
        run.received.push({
          method: req.method ?? 'GET',
          url: req.url,
          requestId: Array.isArray(header) ? header[0] : header,
        });
      }
      service(req, res);
    },
  });
  run.music = music;
  const built = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_DIR: run.sessionDir,
      WEB_DIST: join(run.sessionDir, 'no-web'),
    }),
    {
      onUpstreamRequest: (event) => {
        run.calls.push({ method: event.method, path: event.path, status: event.status, requestId: event.requestId });
      },
      musicClient: options.musicClient,
    },
  );
  run.stop = built.stop;
  run.closeSockets = built.closeSockets;
  run.api = await listen(built.app);
  // Subscriptions too, as main.ts serves them: graphql-ws on /graphql.
  built.attach(run.api.server);
}

async function stopRun(run: FixtureRun): Promise<void> {
  // WebSockets first: an upgraded connection would hold the server open.
  await run.closeSockets?.();
  await run.api?.close();
  await run.stop?.();
  await run.music?.stop();
  rmSync(run.sessionDir, { recursive: true, force: true });
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The GraphQL fixture is used before its tests start.');
  return value;
}

/** Takes one operation's calls out of the shared list. */
function takeCalls<T extends { requestId: string | undefined }>(list: T[], requestId: string): Omit<T, 'requestId'>[] {
  const taken = list.filter((call) => call.requestId === requestId);
  const others = list.filter((call) => call.requestId !== requestId);
  list.splice(0, list.length, ...others);
  return taken.map(({ requestId: _id, ...call }) => call);
}

/** Runs an operation with a bearer token, with the upstream calls and requests it made. */
async function runOperation(
  run: FixtureRun,
  token: string,
  document: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlResult> {
  operations += 1;
  const requestId = `fixture-operation-${operations}`;
  const response = await fetch(`${ready(run.api).url}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-request-id': requestId,
    },
    body: JSON.stringify({ query: document, variables }),
  });
  const result = (await response.json()) as Partial<Pick<GraphqlResult, 'data' | 'errors'>>;
  return {
    status: response.status,
    data: result.data,
    errors: result.errors ?? [],
    upstream: takeCalls(run.calls, requestId),
    received: takeCalls(run.received, requestId),
  };
}

/** What the tests of one run see. */
function fixtureOf(run: FixtureRun, profile: Profile): GraphqlFixture {
  return {
    profile,
    get db() {
      return ready(run.music).db;
    },
    get apiUrl() {
      return ready(run.api).url;
    },
    get musicUrl() {
      return ready(run.music).url;
    },
    get faults() {
      return ready(run.music).app.faults;
    },
    async listener({ scopes = allScopes, product = 'premium' } = {}) {
      listeners += 1;
      const id = `graphql${listeners}`;
      const token = await ready(run.music).listenerToken(id, scopes, {
        displayName: `GraphQL listener ${listeners}`,
        product,
      });
      return {
        id,
        token,
        query: (document: string, variables?: Record<string, unknown>) => runOperation(run, token, document, variables),
      };
    },
  };
}

/**
 * Declares `body`'s operation tests once per profile of the local music service: the api runs
 * over real HTTP against the service, which answers as a full-access app and, in the second
 * run, as a development-mode app. Each run seeds one small catalog on embedded PostgreSQL;
 * tests make their own listeners, so none share a library or a player.
 */
export function describeGraphql(
  name: string,
  body: (fixture: GraphqlFixture) => void,
  options: GraphqlFixtureOptions = {},
): void {
  for (const profile of options.profiles ?? (['full', 'development'] as const)) {
    describe(`${name} (${profile} profile)`, () => {
      const run: FixtureRun = {
        sessionDir: mkdtempSync(join(tmpdir(), 'graphonic-graphql-')),
        calls: [],
        received: [],
      };
      beforeAll(() => startRun(run, profile, options), 60_000);
      afterAll(() => stopRun(run));
      body(fixtureOf(run, profile));
    });
  }
}
