import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { RegisteredOrigins, registeredOriginsCors } from './accounts/cors';
import { createAccountsRouter } from './accounts/routes';
import { audioRoutes } from './audio/routes';
import { authenticate } from './accounts/middleware';
import { SqlCatalogStore } from './catalog/store';
import type { MusicConfig } from './config';
import type { Database } from './db/types';
import { errorHandler, unknownEndpoint } from './errors';
import { imageRoutes } from './images/routes';
import { healthRouter } from './ops/health';
import { createHttpLogger, createLogger } from './ops/logger';
import { metricsHandler, MusicMetrics } from './ops/metrics';
import { audiobookRoutes } from './audiobooks/routes';
import { browseRoutes } from './browse/routes';
import { catalogRoutes } from './catalog/routes';
import { artistFollows } from './library/follow-counts';
import { legacyPlaylistItems } from './playlists/legacy-paths';
import { libraryRoutes } from './library/routes';
import { PlayerEvents } from './player/events';
import { playerRoutes } from './player/routes';
import { coverRoutes } from './playlists/covers';
import { playlistRoutes } from './playlists/routes';
import { PreparedCatalog } from './catalog/prepared';
import { userRoutes } from './users/routes';
import { createFaults, type FaultControl } from './http/faults';
import { parseQueryOnce } from './http/params';
import { profileMiddleware } from './http/profile';
import { searchRoutes } from './search/routes';
import { ShowCatalog } from './shows/catalog';
import { showRoutes } from './shows/routes';
import type { V1Deps } from './http/deps';

export interface MusicAppDeps {
  db: Database;
  /** The clock of tokens and the player (tests move it by hand). */
  now?: () => number;
  /**
   * Where the service logs: one JSON line per request, and errors with their request id (the
   * command line's `serve` passes one); by default stdout at the configured level.
   */
  logger?: Logger;
}

export interface MusicApp {
  app: Express;
  /** Changes the injected faults while the service runs (tests). */
  faults: FaultControl;
  metrics: MusicMetrics;
  /** Prepares the catalog's JSON ahead of requests, between them, until done or aborted (done at start). */
  warm(signal?: AbortSignal): Promise<void>;
  /** Pushes the player's changes to its event streams. */
  playerEvents: PlayerEvents;
  /**
   * Ends every open event stream and stops their timers, and opens no more: a stopping service
   * calls it first, since a stream is a request that would otherwise never finish.
   */
  endStreams(): void;
}

/** The local music service's HTTP app: the music v1 API under /v1. */
export function createMusicApp(config: MusicConfig, deps: MusicAppDeps): MusicApp {
  const app = express();
  const urls = { api: `${config.publicUrl}/v1`, site: config.publicUrl };
  const faults = createFaults(config.faults);
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');
  // When each request arrived, before any of the service's own work on it (injected latency counts from it).
  app.use(faults.arrival);
  // Sign-in attempt limits count per client address; only the proxies named here may state it.
  app.set('trust proxy', config.trustProxy);
  // One JSON line per request with the caller's request id; headers and link tokens never reach the log.
  const logger = deps.logger ?? createLogger({ level: config.logLevel, service: 'music' });
  app.use(createHttpLogger(logger));
  const metrics = new MusicMetrics();
  metrics.watchSessions(deps.db);
  app.use(metrics.middleware());

  // Alive (/healthz), and ready (/readyz): its store answers too.
  app.use(healthRouter(deps.db, logger));
  // Not public: a bearer token (METRICS_TOKEN) or a direct connection from this machine (see metricsHandler).
  app.get('/metrics', metricsHandler(metrics, config.metricsToken));

  // Registered clients' pages may call music v1 and the token endpoint from the browser.
  const origins = new RegisteredOrigins(deps.db);
  app.use(createAccountsRouter({ db: deps.db, config, logger, origins }));
  // Generated cover art and portraits, public like image CDNs are.
  app.use(imageRoutes());
  // Covers that owners upload for their playlists, public like the generated images.
  app.use(coverRoutes(deps.db));
  const store = new SqlCatalogStore(deps.db);
  const shows = new ShowCatalog(deps.db);
  // The catalog's tracks and albums as JSON, serialised once: they never change once seeded.
  const prepared = new PreparedCatalog(store, urls);
  // Playable audio, public like the CDN that serves Spotify's previews.
  app.use(audioRoutes({ db: deps.db, store, settings: config.audio }));

  const v1 = express.Router();
  // First: a preflight carries no token, and every answer (errors too) needs the CORS headers.
  v1.use(registeredOriginsCors(origins, ['GET', 'POST', 'PUT', 'DELETE']));
  v1.use(parseQueryOnce);
  // The token first: without a valid one there is no app whose mode could matter (401 before 403).
  v1.use(authenticate(deps.db, deps.now ?? Date.now));
  v1.use(profileMiddleware(() => config.profile));
  v1.use(faults.middleware);
  v1.use(
    catalogRoutes({
      store,
      urls,
      prepared,
      artistFollows: (ids) => artistFollows(deps.db, ids),
      profile: () => config.profile,
    }),
  );
  v1.use(libraryRoutes({ db: deps.db, store, urls, prepared }));
  v1.use(legacyPlaylistItems(() => config.profile));
  v1.use(playlistRoutes({ db: deps.db, shows, urls, prepared, profile: () => config.profile }));
  const now = deps.now ?? Date.now;
  const playerEvents = new PlayerEvents({
    now,
    onError: (error) => {
      logger.error({ err: error }, 'a player event stream could not read the player');
    },
  });
  v1.use(
    playerRoutes({
      db: deps.db,
      store,
      shows,
      urls,
      prepared,
      now,
      deviceTtlMs: config.deviceTtlMs,
      events: playerEvents,
    }),
  );
  v1.use(userRoutes({ db: deps.db, urls, store, prepared }));
  const v1Deps: V1Deps = { db: deps.db, store, prepared, urls, shows, profile: () => config.profile };
  v1.use(searchRoutes(v1Deps));
  v1.use(browseRoutes(v1Deps));
  v1.use(showRoutes(v1Deps));
  v1.use(audiobookRoutes({ urls }));
  v1.use(unknownEndpoint);
  app.use('/v1', v1);

  app.use(unknownEndpoint);
  app.use(errorHandler);
  return {
    app,
    faults: faults.control,
    metrics,
    warm: (signal) => prepared.warm(signal),
    playerEvents,
    endStreams: () => {
      playerEvents.close();
    },
  };
}
