import type { Express } from 'express';
import type { Logger } from 'pino';
import {
  demoListenerIds,
  ensureDemoUser,
  ensureExampleDeviceClient,
  registerConfiguredClient,
  retireDemoSignIn,
} from './accounts/service';
import { prepareSigningKey } from './accounts/signing-keys';
import { createMusicApp } from './app';
import { furnishDemoLibrary } from './catalog/demo';
import { seedCatalog, type SeedOptions } from './catalog/seed';
import type { MusicConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Database } from './db/types';
import { createLogger } from './ops/logger';

export interface MusicService {
  app: Express;
  db: Database;
  /** Ends the player's event streams (and opens no more), so that the HTTP server can close. */
  endStreams: () => void;
  /** Closes the database; the caller closes its HTTP server first (after `endStreams`). */
  close: () => Promise<void>;
  /** Settles once the catalog's JSON, prepared in the background from the start, is ready (or was given up). */
  warmed: Promise<void>;
}

export interface StartOptions {
  /** Reports each step of the start (opening, migrating …) for the command line. */
  log?: (line: string) => void;
  /** The catalog to generate on first start (the default catalog otherwise). */
  catalog?: SeedOptions;
  /** Where the service logs (see createMusicApp); by default stdout at the configured level. */
  logger?: Logger;
}

/** Opens the store, brings its schema up to date and builds the HTTP app. */
export async function startMusicService(config: MusicConfig, options: StartOptions = {}): Promise<MusicService> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const logger = options.logger ?? createLogger({ level: config.logLevel, service: 'music' });
  const db = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          onPoolError: (error) => {
            logger.error({ err: error }, 'PostgreSQL: an idle connection failed');
          },
        }
      : { dataDir: config.dataDir },
  );
  try {
    log(`Opened ${db.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}`);
    const applied = await migrate(db);
    if (applied.length > 0) log(`Applied migrations ${applied.join(', ')}`);
    const seedStarted = performance.now();
    const seeded = await seedCatalog(db, options.catalog);
    if (seeded) {
      log(
        `Generated the catalog (${seeded.tracks} tracks, ${seeded.albums} albums, ${seeded.artists} artists) in ${Math.round(performance.now() - seedStarted)} ms`,
      );
    }
    await registerConfiguredClient(db, config.client);
    await prepareSigningKey(db, config.signingKeyDays);
    if (config.env === 'production') {
      // A password everyone knows never signs anyone in on a production service.
      const retired = await retireDemoSignIn(db);
      if (retired.length > 0) {
        log(
          `Retired the sign-in of the demo listeners ${retired.join(', ')}: their well-known password no longer works`,
        );
      }
    } else {
      if (await ensureExampleDeviceClient(db, false)) {
        log('Registered the command-line example as a device client (graphonic-cli)');
      }
      for (const id of demoListenerIds(config.demoListeners)) {
        // A demo listener and its library appear together or not at all.
        const furnished = await db.transaction(async (tx) =>
          (await ensureDemoUser(tx, false, { id, passwordCost: config.passwordCost }))
            ? // Every demo listener gets the demo library, so that each can stand in for another.
              furnishDemoLibrary(tx, id, Date.now(), 'demo')
            : null,
        );
        if (furnished) {
          log(
            `Created the demo user (${id} / demo) with ${furnished.savedTracks} liked songs, ${furnished.playlists} playlists and ${furnished.plays} plays`,
          );
        }
      }
    }
    const music = createMusicApp(config, { db, logger });
    // The catalog's JSON is prepared in the background, between requests. It is an optimisation:
    // should it fail, answers prepare what they need and report any failure of the store.
    const warming = new AbortController();
    const warmed = music.warm(warming.signal).catch(() => undefined);
    log(`Ready in ${Math.round(performance.now() - started)} ms`);
    return {
      app: music.app,
      db,
      warmed,
      endStreams: () => {
        music.endStreams();
      },
      close: async () => {
        music.endStreams();
        warming.abort();
        await warmed;
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
