import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';
import type { Config } from '../config';
import { MemoryEntityCache, type EntityCache } from '../music/entity-cache';
import { LocalRateGate, type RateGate } from '../music/rate-gate';
import { RedisEntityCache } from '../music/redis-entity-cache';
import { RedisRateGate } from '../music/redis-rate-gate';
import { throttled } from './redis';

/**
 * What the api's instances share: the catalog cache and the rate gate (the upstream's pause and
 * request budget). In Redis when it is configured, so that every instance sees the same; in
 * process otherwise.
 */
export function createSharedState(
  config: Config,
  redis: RedisClientType | undefined,
  logger: Logger,
): { cache: EntityCache; gate: RateGate } {
  if (!redis) {
    return {
      cache: new MemoryEntityCache({ maxEntries: 50_000, ttlMs: config.catalogCacheTtlMs }),
      gate: new LocalRateGate(Date.now, config.rateBudget),
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
    gate: new RedisRateGate(redis, {
      prefix: config.redisKeyPrefix,
      budget: config.rateBudget,
      onError: warn('the shared rate gate'),
    }),
  };
}
