import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMusicApp,
  createUser,
  issueTokens,
  loadMusicConfig,
  migrate,
  openDatabase,
  registerConfiguredClient,
  seedCatalog,
} from '@graphonic/music';
import { afterAll, beforeAll, describe } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { createApp } from '../app';
import { loadConfig } from '../config';

/** Every scope the api asks for at sign-in, and the ones third-party clients may hold. */
export const allScopes = [
  'user-read-private',
  'user-read-email',
  'user-library-read',
  'user-library-modify',
  'user-follow-read',
  'user-follow-modify',
  'user-top-read',
  'user-read-recently-played',
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'user-read-playback-position',
  'playlist-read-private',
  'playlist-read-collaborative',
  'playlist-modify-public',
  'playlist-modify-private',
];

export type Profile = 'full' | 'development';

/** One upstream call the api made. */
export interface UpstreamCall {
  method: string;
  path: string;
  status: number | 'error';
}

export interface GraphqlResult<Data = Record<string, unknown>> {
  status: number;
  data: Data | null | undefined;
  errors: { message: string; path?: (string | number)[]; extensions?: { code?: string } & Record<string, unknown> }[];
  /** The upstream calls this operation made, in order. */
  upstream: UpstreamCall[];
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
  readonly db: Awaited<ReturnType<typeof openDatabase>>;
  readonly apiUrl: string;
  readonly musicUrl: string;
  /** A new user of the music service with a token of `scopes` (all by default). */
  listener(options?: { scopes?: string[]; product?: 'premium' | 'free' }): Promise<Listener>;
}

let listeners = 0;

/**
 * Declares `body`'s operation tests once per profile of the local music service: the api runs
 * over real HTTP against the service, which answers as a full-access app and, in the second
 * run, as a development-mode app. Each run seeds one small catalog on embedded PostgreSQL;
 * tests make their own listeners, so none share a library or a player.
 */
export function describeGraphql(
  name: string,
  body: (fixture: GraphqlFixture) => void,
  options: { profiles?: Profile[] } = {},
): void {
  for (const profile of options.profiles ?? (['full', 'development'] as const)) {
    describe(`${name} (${profile} profile)`, () => {
      let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
      let music: RunningServer | undefined;
      let api: RunningServer | undefined;
      let stop: (() => Promise<void>) | undefined;
      const sessionDir = mkdtempSync(join(tmpdir(), 'graphonic-graphql-'));
      let calls: UpstreamCall[] = [];

      beforeAll(async () => {
        db = await openDatabase({});
        await migrate(db);
        await seedCatalog(db, { tracks: 300, albums: 24, artists: 8, playlists: 4, shows: 2, episodes: 6 });
        const musicApp = { current: undefined as ReturnType<typeof createMusicApp> | undefined };
        music = await listen((req, res) => {
          musicApp.current?.app(req, res);
        });
        const musicConfig = loadMusicConfig({ NODE_ENV: 'test', MUSIC_PUBLIC_URL: music.url, MUSIC_PROFILE: profile });
        await registerConfiguredClient(db, musicConfig.client);
        musicApp.current = createMusicApp(musicConfig, { db });
        const built = await createApp(
          loadConfig({
            NODE_ENV: 'test',
            MUSIC_API_URL: `${music.url}/v1`,
            MUSIC_ACCOUNTS_URL: music.url,
            SESSION_DIR: sessionDir,
            WEB_DIST: join(sessionDir, 'no-web'),
          }),
          {
            onUpstreamRequest: (event) => {
              calls.push({ method: event.method, path: event.path, status: event.status });
            },
          },
        );
        stop = built.stop;
        api = await listen(built.app);
      }, 60_000);

      afterAll(async () => {
        await api?.close();
        await stop?.();
        await music?.close();
        await db?.close();
        rmSync(sessionDir, { recursive: true, force: true });
      });

      const ready = <T>(value: T | undefined): T => {
        if (value === undefined) throw new Error('The GraphQL fixture is used before its tests start.');
        return value;
      };

      body({
        profile,
        get db() {
          return ready(db);
        },
        get apiUrl() {
          return ready(api).url;
        },
        get musicUrl() {
          return ready(music).url;
        },
        async listener({ scopes = allScopes, product = 'premium' } = {}) {
          listeners += 1;
          const id = `graphql${listeners}`;
          await createUser(ready(db), { id, displayName: `GraphQL listener ${listeners}`, product });
          const { access_token: token } = await issueTokens(ready(db), {
            userId: id,
            clientId: 'graphonic',
            scopes,
            ttlSeconds: 3600,
            withRefreshToken: false,
          });
          return {
            id,
            token,
            async query(document: string, variables?: Record<string, unknown>) {
              calls = [];
              const response = await fetch(`${ready(api).url}/graphql`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ query: document, variables }),
              });
              const result = (await response.json()) as Partial<Pick<GraphqlResult, 'data' | 'errors'>>;
              return { status: response.status, data: result.data, errors: result.errors ?? [], upstream: calls };
            },
          };
        },
      });
    });
  }
}
