import DataLoader from 'dataloader';
import type { MusicClient } from './client';
import { entityKey, type EntityCache } from './entity-cache';
import { codeForStatus, isRefusal, MusicApiError } from './errors';
import { byIdEndpoints, getMany, getOne, upstreamOf, type ByIdEndpoint } from './upstream';
import type { UpstreamCapabilities } from './upstream-capabilities';

/**
 * Per-request loaders for everything the upstream can fetch by id. A loader batches the ids
 * asked for in one tick into multi-get calls at the endpoint's maximum, de-duplicates them,
 * answers in key order with an error for each missing item only, serves and fills the
 * cross-request cache, and, where the upstream has no multi-get (Spotify's development mode),
 * falls back to de-duplicated single GETs with a concurrency cap. It also serves the catalog
 * lists of its objects (an artist's top tracks, a page of their albums), cached the same way.
 */

export interface EntitySpec {
  /** The object type, as in `spotify:<type>:<id>`. */
  type: 'track' | 'album' | 'artist' | 'show' | 'episode' | 'audio-features';
  /** The multi-get and single GET endpoints (./upstream). */
  endpoint: ByIdEndpoint;
  /**
   * What a 403 on the multi-get means: that the upstream has no multi-gets (development mode), so
   * single GETs follow; or, for a feature an upstream may lack altogether (audio features), that
   * the feature is missing, which single GETs would only confirm one id at a time.
   */
  refusal: 'no-multi-get' | 'no-feature';
  /** Whether the objects are the same for every listener, and so may go to the cross-request cache. */
  shared: boolean;
  /**
   * Parts of a shared object that carry the listener's own data (a full show embeds its episodes with
   * the listener's resume points): the request gets them, the cross-request cache never does.
   */
  listenerParts?: readonly string[];
}

const catalog = { refusal: 'no-multi-get', shared: true } as const;

export const entitySpecs = {
  track: { type: 'track', endpoint: byIdEndpoints.track, ...catalog },
  album: { type: 'album', endpoint: byIdEndpoints.album, ...catalog },
  artist: { type: 'artist', endpoint: byIdEndpoints.artist, ...catalog },
  show: {
    type: 'show',
    endpoint: byIdEndpoints.show,
    ...catalog,
    listenerParts: ['episodes'],
  },
  // An episode carries the listener's own resume point: never shared between listeners.
  episode: {
    type: 'episode',
    endpoint: byIdEndpoints.episode,
    refusal: 'no-multi-get',
    shared: false,
  },
  audioFeatures: {
    type: 'audio-features',
    endpoint: byIdEndpoints.audioFeatures,
    refusal: 'no-feature',
    shared: true,
  },
} as const satisfies Record<string, EntitySpec>;

export interface LoaderOptions {
  client: MusicClient;
  capabilities: UpstreamCapabilities;
  cache?: EntityCache;
  /** Parallel single GETs at most, in the fallback. Default 4. */
  concurrency?: number;
}

function notFound(spec: EntitySpec, id: string): MusicApiError {
  return new MusicApiError(`No ${spec.type.replace('-', ' ')} has the id ${id}.`, {
    code: codeForStatus(404),
    status: 404,
    operation: `GET ${spec.endpoint.many}`,
  });
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Runs `tasks` with at most `limit` in flight. */
async function pooled<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  async function worker(): Promise<void> {
    for (let index = next++; index < tasks.length; index = next++) {
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, () => worker()));
  return results;
}

interface HasId {
  id?: unknown;
}

/** Fetches `ids` (distinct) from the upstream; a Map from id to object or to its own error. */
async function fetchEntities(
  spec: EntitySpec,
  ids: readonly string[],
  options: LoaderOptions,
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  const music = upstreamOf(options.client);

  if (options.capabilities.multiGet !== false || spec.refusal === 'no-feature') {
    try {
      const ask = async (batch: readonly string[]): Promise<void> => {
        const list = (await getMany(music, spec.endpoint, batch)) as (HasId | null)[];
        // The answer is matched by id, not by position: an upstream may reorder or leave gaps.
        for (const item of list) {
          if (item && typeof item.id === 'string') found.set(item.id, item);
        }
      };
      const batches = chunks(ids, spec.endpoint.maxIds);
      // Until the upstream has answered a multi-get, one call finds out whether it has them at all,
      // so that a development-mode upstream refuses one call rather than every batch.
      const probe = options.capabilities.multiGet === 'unknown' && spec.refusal === 'no-multi-get';
      const first = probe ? batches.shift() : undefined;
      if (first) await ask(first);
      // The batches go together: a long list costs one round trip, not one per batch.
      await Promise.all(batches.map(ask));
      if (spec.refusal === 'no-multi-get') options.capabilities.learnMultiGet(true);
      return found;
    } catch (error) {
      // A refusal of a multi-get is how development mode says it has none: fall back, and remember.
      if (!isRefusal(error) || spec.refusal === 'no-feature') throw error;
      options.capabilities.learnMultiGet(false);
    }
  }

  const missing = ids.filter((id) => !found.has(id));
  await pooled(
    missing.map((id) => async () => {
      try {
        found.set(id, await getOne(music, spec.endpoint, id));
      } catch (error) {
        found.set(id, error instanceof MusicApiError && error.code === 'NOT_FOUND' ? notFound(spec, id) : error);
      }
    }),
    options.concurrency ?? 4,
  );
  return found;
}

/** `value` without `parts` (a copy), or `value` itself when it has none of them. */
function without(value: unknown, parts: readonly string[] | undefined): unknown {
  if (!parts || typeof value !== 'object' || value === null || !parts.some((part) => part in value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const part of parts) Reflect.deleteProperty(copy, part);
  return copy;
}

/**
 * The loader of one entity type for one request. Besides objects by id, it serves the catalog
 * lists of one object (`list`): an artist's top tracks, related artists and pages of albums, an
 * album's tracks past its first page.
 */
export class EntityLoader<T> extends DataLoader<string, T> {
  private readonly lists = new Map<string, Promise<unknown>>();

  constructor(
    batch: DataLoader.BatchLoadFn<string, T>,
    private readonly spec: EntitySpec,
    private readonly cache: EntityCache | undefined,
  ) {
    // Batches never exceed what one tick asked for; chunking to the endpoint maximum happens in the batch.
    super(batch, { maxBatchSize: 1000 });
  }

  /**
   * The catalog list `name` of the object `id` (`key` tells its page apart), fetched by `fetch` at
   * most once per request, and kept in the cross-request cache like the objects themselves. Only
   * for lists that are the same for every listener: never one that carries the
   * listener's own data (episodes with resume points, library state).
   */
  list<L>(name: string, key: string, fetch: () => Promise<L>): Promise<L> {
    const cacheKey = entityKey(`${this.spec.type}-${name}`, key);
    let pending = this.lists.get(cacheKey) as Promise<L> | undefined;
    if (!pending) {
      const cache = this.spec.shared ? this.cache : undefined;
      pending = (async () => {
        const [cached] = cache ? await cache.getMany([cacheKey]) : [undefined];
        if (cached !== undefined) return cached as L;
        const fresh = await fetch();
        if (cache) await cache.setMany([[cacheKey, fresh]]);
        return fresh;
      })();
      this.lists.set(cacheKey, pending);
    }
    return pending;
  }
}

/** A loader for one entity type, for one request. */
export function createEntityLoader<T>(spec: EntitySpec, options: LoaderOptions): EntityLoader<T> {
  const cache = spec.shared ? options.cache : undefined;
  return new EntityLoader<T>(
    async (keys) => {
      const ids = [...new Set(keys)];
      const cacheKeys = ids.map((id) => entityKey(spec.type, id));
      const cached = cache ? await cache.getMany(cacheKeys) : ids.map(() => undefined);
      const results = new Map<string, unknown>();
      const misses: string[] = [];
      ids.forEach((id, index) => {
        const value = cached[index];
        if (value === undefined) misses.push(id);
        else results.set(id, value);
      });
      if (misses.length > 0) {
        const fetched = await fetchEntities(spec, misses, options);
        const fresh: [string, unknown][] = [];
        for (const id of misses) {
          const value = fetched.get(id);
          results.set(id, value ?? notFound(spec, id));
          if (value !== undefined && !(value instanceof Error)) {
            fresh.push([entityKey(spec.type, id), without(value, spec.listenerParts)]);
          }
        }
        if (cache && fresh.length > 0) await cache.setMany(fresh);
      }
      return keys.map((key) => {
        const value = results.get(key);
        return value instanceof Error ? value : (value as T);
      });
    },
    spec,
    cache,
  );
}
