import type { RequestListener } from 'node:http';
import {
  createMusicApp,
  createUser,
  ensureDemoUser,
  issueTokens,
  loadMusicConfig,
  type openDatabase,
  openMigratedMemoryDatabase,
  prepareSigningKey,
  registerConfiguredClient,
  seedCatalog,
  type MusicApp,
  type MusicConfig,
} from '@graphonic/music';
import type { Logger } from 'pino';
import { listen, type RunningServer } from './http';

/**
 * The local music service in the test's own process, on an ephemeral loopback port, over its
 * embedded database in memory: a catalog, the api's OAuth client, and listeners with access
 * tokens. The api's tests run against it over real HTTP.
 */

export type MusicDatabase = Awaited<ReturnType<typeof openDatabase>>;

/** How large a catalog to generate (the seed's sizes). */
export type CatalogSizes = NonNullable<Parameters<typeof seedCatalog>[1]>;

export interface LocalMusicOptions {
  /** The catalog to generate; a small one by default, none with `false`. */
  catalog?: CatalogSizes | false;
  /** The service's settings on top of `NODE_ENV=test` and its own address as `MUSIC_PUBLIC_URL`. */
  env?: NodeJS.ProcessEnv;
  /**
   * Where clients reach the service, when not at its own address (a TLS terminator in front of it):
   * given the service's address, resolves with the public one.
   */
  publicUrl?: (url: string) => Promise<string>;
  /** Whether the demo user (`demo`, password `demo`) exists. */
  demoUser?: boolean;
  /** One JSON log line per request, through this logger. */
  logger?: Logger;
  /** Wraps the service's request handler: to record what arrives, or to hold it. */
  wrap?: (service: RequestListener) => RequestListener;
}

export interface LocalMusic {
  /** The service's own address, `http://127.0.0.1:<port>`. */
  url: string;
  server: RunningServer;
  db: MusicDatabase;
  config: MusicConfig;
  /** The running app, with its fault switches. */
  app: MusicApp;
  /**
   * A new listener `id` and an access token for them (no refresh token) with `scopes`, issued to the
   * api's client, as `npm run music -- token` issues one.
   */
  listenerToken(
    id: string,
    scopes: readonly string[],
    options?: { displayName?: string; product?: 'premium' | 'free'; ttlSeconds?: number },
  ): Promise<string>;
  /** Closes the server (and its connections), then the database. */
  stop(): Promise<void>;
}

const smallCatalog: CatalogSizes = { tracks: 30, albums: 3, artists: 2, playlists: 1, shows: 1, episodes: 1 };

export async function startLocalMusic(options: LocalMusicOptions = {}): Promise<LocalMusic> {
  const db = await openMigratedMemoryDatabase();
  try {
    if (options.catalog !== false) await seedCatalog(db, options.catalog ?? smallCatalog);
  } catch (error) {
    await db.close();
    throw error;
  }
  // The app needs its public address, which is known once the server listens: requests before that find none.
  const holder: { app?: MusicApp } = {};
  const service: RequestListener = (req, res) => {
    holder.app?.app(req, res);
  };
  const server = await listen(options.wrap ? options.wrap(service) : service);
  const publicUrl = options.publicUrl ? await options.publicUrl(server.url) : server.url;
  const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_PUBLIC_URL: publicUrl, ...options.env });
  try {
    // The demo password is hashed at the configured cost, as the service hashes it.
    if (options.demoUser) await ensureDemoUser(db, false, { passwordCost: config.passwordCost });
    await registerConfiguredClient(db, config.client);
    // As the service does at start: the signing key is ready before the first sign-in.
    await prepareSigningKey(db, config.signingKeyDays);
  } catch (error) {
    await server.close();
    await db.close();
    throw error;
  }
  const app = createMusicApp(config, { db, logger: options.logger });
  holder.app = app;
  return {
    url: server.url,
    server,
    db,
    config,
    app,
    async listenerToken(id, scopes, { displayName = `Listener ${id}`, product, ttlSeconds = 3600 } = {}) {
      await createUser(db, { id, displayName, ...(product ? { product } : {}) });
      const { access_token: token } = await issueTokens(db, {
        userId: id,
        clientId: config.client.id,
        scopes,
        ttlSeconds,
        withRefreshToken: false,
      });
      return token;
    },
    async stop() {
      await server.close();
      await db.close();
    },
  };
}
