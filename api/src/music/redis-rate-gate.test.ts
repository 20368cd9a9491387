import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasRedis, REDIS_URL } from '../../../test-support/services';
import { startTcpProxy, type TcpProxy } from '../../../test-support/tcp-proxy';
import { LocalRateGate } from './rate-gate';
import { RedisRateGate } from './redis-rate-gate';

describe('the in-process rate gate', () => {
  it('keeps calls within the budget of a sliding window', async () => {
    let now = 0;
    const gate = new LocalRateGate(() => now, { requests: 3, windowMs: 1000 });
    expect([await gate.take(), await gate.take(), await gate.take()]).toEqual([0, 0, 0]);
    expect(await gate.take()).toBe(1000);
    now = 400;
    expect(await gate.take()).toBe(600);
    now = 1000;
    expect(await gate.take()).toBe(0);
    expect(await gate.take()).toBe(0);
  });

  it('has no budget unless given one', async () => {
    const gate = new LocalRateGate();
    for (let call = 0; call < 1000; call += 1) expect(await gate.take()).toBe(0);
  });
});

describe.runIf(await hasRedis())('the rate gate shared through Redis', () => {
  const prefix = testKeyPrefix('rate-gate');
  let redis: RedisClientType;
  let other: RedisClientType;

  beforeAll(async () => {
    redis = createClient({ url: REDIS_URL });
    other = createClient({ url: REDIS_URL });
    await Promise.all([redis.connect(), other.connect()]);
  });

  afterAll(async () => {
    await deleteKeys(prefix);
    redis.destroy();
    other.destroy();
  });

  it('closes for every instance when one is told to wait, and never shortens a wait', async () => {
    const a = new RedisRateGate(redis, { prefix: `${prefix}pause:` });
    const b = new RedisRateGate(other, { prefix: `${prefix}pause:` });
    expect(await b.closedForMs()).toBe(0);
    await a.closeFor(2000);
    const left = await b.closedForMs();
    expect(left).toBeGreaterThan(1500);
    expect(left).toBeLessThanOrEqual(2000);
    await b.closeFor(100);
    expect(await a.closedForMs()).toBeGreaterThan(1500);
  });

  it('shares one budget between instances, counted by the clock of Redis', async () => {
    const budget = { requests: 5, windowMs: 1500 };
    const a = new RedisRateGate(redis, { prefix: `${prefix}budget:`, budget });
    const b = new RedisRateGate(other, { prefix: `${prefix}budget:`, budget });
    const taken = await Promise.all([a, b, a, b, a, b, a].map((gate) => gate.take()));
    expect(taken.filter((wait) => wait === 0)).toHaveLength(5);
    const waits = taken.filter((wait) => wait > 0);
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(1500);
    await new Promise((resolve) => setTimeout(resolve, Math.max(...waits) + 20));
    expect(await b.take()).toBe(0);
  });

  it('falls back to its own gate while Redis is unreachable, and says so', async () => {
    const proxy: TcpProxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(REDIS_URL).port || 6379) });
    const cut: RedisClientType = createClient({
      url: proxy.via(REDIS_URL),
      disableOfflineQueue: true,
      socket: { reconnectStrategy: 50 },
    });
    cut.on('error', () => undefined);
    await cut.connect();
    const errors: unknown[] = [];
    const gate = new RedisRateGate(cut, {
      prefix: `${prefix}fallback:`,
      budget: { requests: 1, windowMs: 60_000 },
      onError: (error) => errors.push(error),
    });
    try {
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await gate.closeFor(1000);
      expect(await gate.closedForMs()).toBeGreaterThan(500);
      expect(await gate.take()).toBe(0);
      expect(await gate.take()).toBeGreaterThan(0);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      cut.destroy();
      await proxy.close();
    }
  });
});
