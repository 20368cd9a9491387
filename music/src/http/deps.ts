import type { Database } from '../db/types';
import type { CatalogStore } from '../catalog/reads';
import type { Urls } from './objects';
import type { PreparedCatalog } from '../catalog/prepared';
import type { Profile } from './profile';
import type { ShowCatalog } from '../shows/catalog';

/** What a group of music v1 routes is built from. */
export interface V1Deps {
  db: Database;
  /** Cached reads of the (immutable) catalog records. */
  store: CatalogStore;
  urls: Urls;
  /** The catalog's tracks and albums as prepared JSON. */
  prepared: PreparedCatalog;
  /** Cached reads of the (immutable) podcast shows and episodes. */
  shows: ShowCatalog;
  /** How the service answers right now: as a full-access or a development-mode app. */
  profile: () => Profile;
}
