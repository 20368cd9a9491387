import { afterAll, beforeAll, describe } from 'vitest';
import { listen, type RunningServer } from '../../../../test-support/http';
import { registerConfiguredClient } from '../../accounts/service';
import { createMusicApp, type MusicApp } from '../../app';
import { seedCatalog, type SeedOptions } from '../../catalog/seed';
import { loadMusicConfig, type MusicConfig } from '../../config';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../../db/__fixtures__/engines';
import { migrate } from '../../db/migrate';
import type { Database } from '../../db/types';
import type { Profile } from '../../http/profile';
import { createListener, type Call } from './listener';

/** A small catalog that seeds in well under a second and still has every kind of record. */
export const smallCatalog: SeedOptions = {
  tracks: 200,
  albums: 15,
  artists: 6,
  playlists: 3,
  shows: 2,
  episodes: 6,
};

export interface ListenerOptions {
  product?: 'premium' | 'free';
  /** Which of the two services the listener calls: the full one (default) or the development-mode one. */
  profile?: Profile;
}

/** A seeded music service over HTTP, on one storage engine, shared read-only by a file's tests. */
export interface ServiceFixture {
  readonly engine: Database['kind'];
  /** The database behind both services, for arranging state a test cannot reach through the API. */
  readonly db: Database;
  readonly config: MusicConfig;
  /** The service answering as a full-access app. */
  readonly url: string;
  /** The same data, answering as a development-mode app. */
  readonly developmentUrl: string;
  /** The full-profile app's fault switches. */
  readonly faults: MusicApp['faults'];
  /** A new user with a token of `scopes`; each test makes its own, so no two share a library. */
  listener(scopes: string[], options?: ListenerOptions): Promise<{ id: string; token: string; call: Call }>;
}

/**
 * Declares `body`'s tests once per storage engine: PGlite always, PostgreSQL when it answers
 * (and always in CI). Each engine gets its own schema, one seeded catalog, and two services over
 * it, one per profile, started before the tests and closed after them.
 */
export async function describeService(
  name: string,
  body: (service: ServiceFixture) => void,
  options: { catalog?: SeedOptions; env?: NodeJS.ProcessEnv; now?: () => number } = {},
): Promise<void> {
  for (const engine of await testEngines()) {
    describe.runIf(engine.enabled)(`${name} (${engine.kind})`, () => {
      let isolated: IsolatedDatabase | undefined;
      let full: RunningServer | undefined;
      let development: RunningServer | undefined;
      let faults: MusicApp['faults'] | undefined;
      const config = loadMusicConfig({ NODE_ENV: 'test', ...options.env });
      const ready = <T>(value: T | undefined, what: string): T => {
        if (value === undefined) throw new Error(`The service fixture has no ${what} before its tests start.`);
        return value;
      };

      beforeAll(async () => {
        isolated = await engine.isolate();
        await migrate(isolated.db);
        await seedCatalog(isolated.db, options.catalog ?? smallCatalog);
        await registerConfiguredClient(isolated.db, config.client);
        const app = createMusicApp(config, { db: isolated.db, now: options.now });
        faults = app.faults;
        full = await listen(app.app);
        development = await listen(
          createMusicApp({ ...config, profile: 'development' }, { db: isolated.db, now: options.now }).app,
        );
      }, OPEN_TIMEOUT_MS);

      afterAll(async () => {
        await full?.close();
        await development?.close();
        await isolated?.dispose();
        await engine.shutdown();
      });

      body({
        engine: engine.kind,
        config,
        get db() {
          return ready(isolated, 'database').db;
        },
        get url() {
          return ready(full, 'server').url;
        },
        get developmentUrl() {
          return ready(development, 'server').url;
        },
        get faults() {
          return ready(faults, 'fault switches');
        },
        async listener(scopes, { product = 'premium', profile = 'full' } = {}) {
          const base = () => (profile === 'full' ? ready(full, 'server') : ready(development, 'server')).url;
          const made = await createListener(ready(isolated, 'database').db, base, scopes, product, options.now);
          const call: Call = (method, path, requestBody, shapeProfile = profile) =>
            made.call(method, path, requestBody, shapeProfile);
          return { id: made.id, token: made.token, call };
        },
      });
    });
  }
}
