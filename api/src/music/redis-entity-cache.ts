import type { RedisClientType } from 'redis';
import type { EntityCache } from './entity-cache';

/**
 * The catalog cache shared by every api instance: one Redis string per entity, its JSON, under
 * `<prefix>catalog:<type>:<id>` (keys from `entityKey`), expiring after `ttlMs`. Like
 * the in-process cache it holds catalog entities only, never user data (the loaders decide).
 *
 * A cache is an optimisation: when Redis cannot be reached, reads miss and writes are dropped,
 * and `onError` is told, so requests go on against the upstream.
 */
export interface RedisEntityCacheOptions {
  prefix: string;
  ttlMs: number;
  onError?: (error: unknown) => void;
}

export class RedisEntityCache implements EntityCache {
  constructor(
    private readonly redis: RedisClientType,
    private readonly options: RedisEntityCacheOptions,
  ) {}

  private key(key: string): string {
    return `${this.options.prefix}catalog:${key}`;
  }

  async getMany(keys: readonly string[]): Promise<unknown[]> {
    if (keys.length === 0) return [];
    try {
      const values = await this.redis.mGet(keys.map((key) => this.key(key)));
      return values.map((value) => (value === null ? undefined : (JSON.parse(value) as unknown)));
    } catch (error) {
      this.options.onError?.(error);
      return keys.map(() => undefined);
    }
  }

  async setMany(entries: readonly (readonly [key: string, value: unknown])[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      const batch = this.redis.multi();
      for (const [key, value] of entries) {
        batch.set(this.key(key), JSON.stringify(value), { expiration: { type: 'PX', value: this.options.ttlMs } });
      }
      await batch.exec();
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
