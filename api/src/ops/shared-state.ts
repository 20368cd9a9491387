import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';
import type { Config } from '../config';
import { LocalRequestRateLimiter, RedisRequestRateLimiter, type RequestRateLimiter } from '../limits/request-rate';
import { MemoryEntityCache, type EntityCache } from '../music/entity-cache';
import { LocalRateGate, type RateGate } from '../music/rate-gate';
import { RedisEntityCache } from '../music/redis-entity-cache';
import { RedisRateGate } from '../music/redis-rate-gate';
import { throttled } from './redis';

/** How long a browse list (new releases, categories, a category's playlists) is shared before it is asked again. */
export const browseListsTtlMs = 5 * 60_000;

/**
 * What the api's instances share: the catalog cache, the browse lists of each market (the same for
 * every listener there, kept for `browseListsTtlMs`), the rate gate (the upstream's pauses, its
 * request budget and each listener's share of it) and each listener's /graphql request limit
 * (null when off). In Redis when it is configured, so that every instance sees the same; in
 * process otherwise.
 */
export function createSharedState(
  config: Config,
  redis: RedisClientType | undefined,
  logger: Logger,
): { cache: EntityCache; browse: EntityCache; gate: RateGate; requestLimiter: RequestRateLimiter | null } {
  const requestLimit = config.fairUse.requestLimit;
  if (!redis) {
    return {
      cache: new MemoryEntityCache({ maxBytes: 48 * 1024 * 1024, ttlMs: config.catalogCacheTtlMs }),
      browse: new MemoryEntityCache({ maxBytes: 4 * 1024 * 1024, ttlMs: browseListsTtlMs }),
      gate: new LocalRateGate({
        budget: config.rateBudget,
        listenerSharePercent: config.fairUse.listenerSharePercent,
      }),
      requestLimiter: requestLimit ? new LocalRequestRateLimiter(requestLimit) : null,
    };
  }
  const warn = (what: string) =>
    throttled(10_000, (error: unknown) => {
      logger.warn({ err: error }, `${what} is unavailable; going on without it`);
    });
  return {
    cache: new RedisEntityCache(redis, {
      prefix: config.redisKeyPrefix,
      ttlMs: config.catalogCacheTtlMs,
      onError: warn('the shared catalog cache'),
    }),
    // The same store, its keys under `catalog:browse:`, each kept for the browse lists' own short time.
    browse: new RedisEntityCache(redis, {
      prefix: config.redisKeyPrefix,
      ttlMs: browseListsTtlMs,
      onError: warn('the shared browse lists'),
    }),
    gate: new RedisRateGate(redis, {
      prefix: config.redisKeyPrefix,
      budget: config.rateBudget,
      listenerSharePercent: config.fairUse.listenerSharePercent,
      onError: warn('the shared rate gate'),
    }),
    requestLimiter: requestLimit
      ? new RedisRequestRateLimiter(redis, requestLimit, {
          prefix: config.redisKeyPrefix,
          onError: warn('the shared request limit'),
        })
      : null,
  };
}
