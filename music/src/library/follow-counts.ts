import type { Queryable } from '../db/types';
import type { ArtistRecord } from '../http/objects';
import { artistFollowerCounts } from './store';

/**
 * Artists' follower counts: the catalog's seeded audience plus the service's own listeners
 * who follow them, so that following an artist shows in its `followers.total`.
 *
 * Search and the artist endpoints ask for these counts on nearly every call, and follows change
 * rarely, so the listeners' follows per artist are read in one query and kept in memory: for
 * `maxAgeMs` at most (what another process, sharing a PostgreSQL server, changes shows within
 * that time), and forgotten at once when this process changes follows (`forgetArtistFollows`).
 */

/** How long the counts read from the store are used, by default. */
const defaultMaxAgeMs = 2000;

/** Changes of follows in this process so far: counts read while one happened are not kept. */
let generation = 0;

/** Makes every cache of this process read the counts again; call it once a change of follows is committed. */
export function forgetArtistFollows(): void {
  generation += 1;
}

interface Snapshot {
  counts: ReadonlyMap<string, number>;
  /** The time past which the counts are read again. */
  until: number;
  generation: number;
}

export class ArtistFollowCounts {
  private snapshot: Snapshot | undefined;
  /** The reading under way, shared by the requests that need it. */
  private reading: { promise: Promise<ReadonlyMap<string, number>>; generation: number } | undefined;

  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Queryable,
    /** `now`: a clock in milliseconds (tests move it); `performance.now` by default. */
    options: { maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? defaultMaxAgeMs;
    this.now = options.now ?? (() => performance.now());
  }

  /** The listeners' follows of each of `ids` that has any. */
  async of(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const counts = await this.all();
    const found = new Map<string, number>();
    for (const id of ids) {
      const count = counts.get(id);
      if (count !== undefined) found.set(id, count);
    }
    return found;
  }

  private all(): Promise<ReadonlyMap<string, number>> {
    const snapshot = this.snapshot;
    if (snapshot && snapshot.generation === generation && snapshot.until > this.now()) {
      return Promise.resolve(snapshot.counts);
    }
    if (this.reading?.generation === generation) return this.reading.promise;
    const started = generation;
    const promise = artistFollowerCounts(this.db).then(
      (counts) => {
        if (this.reading?.promise === promise) this.reading = undefined;
        // A change committed while the query ran may not be in what it read: use it, keep it not.
        if (started === generation) {
          this.snapshot = { counts, until: this.now() + this.maxAgeMs, generation: started };
        }
        return counts;
      },
      (error: unknown) => {
        if (this.reading?.promise === promise) this.reading = undefined;
        throw error;
      },
    );
    this.reading = { promise, generation: started };
    return promise;
  }
}

const shared = new WeakMap<Queryable, ArtistFollowCounts>();

/** The follow counts of database `db`, shared by every app over it. */
export function artistFollowCounts(db: Queryable): ArtistFollowCounts {
  let counts = shared.get(db);
  if (!counts) {
    counts = new ArtistFollowCounts(db);
    shared.set(db, counts);
  }
  return counts;
}

/** The listeners' follows of each of `ids` that has any. */
export function artistFollows(db: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  return artistFollowCounts(db).of(ids);
}

/** The artist with its listeners' follows added to its followers. */
export function withFollows(record: ArtistRecord, follows: ReadonlyMap<string, number>): ArtistRecord {
  return { ...record, followers: record.followers + (follows.get(record.id) ?? 0) };
}
