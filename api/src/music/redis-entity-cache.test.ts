import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasRedis, REDIS_URL } from '../../../test-support/services';
import { startTcpProxy } from '../../../test-support/tcp-proxy';
import { entityKey } from './entity-cache';
import { RedisEntityCache } from './redis-entity-cache';

describe.runIf(await hasRedis())('the catalog cache in Redis', () => {
  const prefix = testKeyPrefix('entity-cache');
  let redis: RedisClientType;

  beforeAll(async () => {
    redis = createClient({ url: REDIS_URL });
    await redis.connect();
  });

  afterAll(async () => {
    await deleteKeys(prefix);
    redis.destroy();
  });

  it('serves to one instance what another stored, by type and id', async () => {
    const a = new RedisEntityCache(redis, { prefix, ttlMs: 60_000 });
    const b = new RedisEntityCache(redis, { prefix, ttlMs: 60_000 });
    const track = { id: 't1', name: 'One', artists: [{ id: 'a1', name: 'A' }] };
    await a.setMany([[entityKey('track', 't1'), track]]);
    expect(await b.getMany([entityKey('track', 't1'), entityKey('track', 't2'), entityKey('album', 't1')])).toEqual([
      track,
      undefined,
      undefined,
    ]);
    expect(await redis.get(`${prefix}catalog:track:t1`)).toBe(JSON.stringify(track));
  });

  it('lets entries expire after their time to live', async () => {
    const cache = new RedisEntityCache(redis, { prefix, ttlMs: 100 });
    await cache.setMany([[entityKey('artist', 'a2'), { id: 'a2' }]]);
    const ttl = await redis.pTTL(`${prefix}catalog:artist:a2`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(100);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await cache.getMany([entityKey('artist', 'a2')])).toEqual([undefined]);
  });

  it('misses instead of failing while Redis is unreachable, and serves again when it is back', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(REDIS_URL).port || 6379) });
    const client: RedisClientType = createClient({
      url: proxy.via(REDIS_URL),
      disableOfflineQueue: true,
      socket: { reconnectStrategy: 50 },
    });
    client.on('error', () => undefined);
    await client.connect();
    const errors: unknown[] = [];
    const cache = new RedisEntityCache(client, { prefix, ttlMs: 60_000, onError: (error) => errors.push(error) });
    const key = entityKey('album', 'al1');
    try {
      await cache.setMany([[key, { id: 'al1' }]]);
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await cache.getMany([key])).toEqual([undefined]);
      await cache.setMany([[entityKey('album', 'al2'), { id: 'al2' }]]);
      expect(errors.length).toBeGreaterThanOrEqual(2);
      proxy.restore();
      await expect.poll(() => cache.getMany([key]), { timeout: 5000 }).toEqual([{ id: 'al1' }]);
    } finally {
      client.destroy();
      await proxy.close();
    }
  });
});
