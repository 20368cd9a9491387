import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasRedis, REDIS_URL } from '../../../test-support/services';
import { startTcpProxy, type TcpProxy } from '../../../test-support/tcp-proxy';
import { LocalRateGate, type RateGate } from './rate-gate';
import { RedisRateGate } from './redis-rate-gate';

/** `first` pauses one listener, whom `second` holds alone; then `second` pauses the app, which `first` holds for all. */
async function pausesListenerThenApp(first: RateGate, second: RateGate): Promise<void> {
  await first.closeFor(2000, 'user:limited');
  expect(await second.closedForMs('user:limited')).toBeGreaterThan(1500);
  expect(await second.closedForMs('user:other')).toBe(0);
  expect(await second.closedForMs()).toBe(0);
  await second.closeFor(3000);
  expect(await first.closedForMs('user:other')).toBeGreaterThan(2500);
}

describe('the in-process rate gate', () => {
  it('keeps calls within the budget of a sliding window', async () => {
    let now = 0;
    const gate = new LocalRateGate({ now: () => now, budget: { requests: 3, windowMs: 1000 } });
    const wait = async (): Promise<number> => (await gate.take()).waitMs;
    expect([await wait(), await wait(), await wait()]).toEqual([0, 0, 0]);
    expect(await wait()).toBe(1000);
    now = 400;
    expect(await wait()).toBe(600);
    now = 1000;
    expect(await wait()).toBe(0);
    expect(await wait()).toBe(0);
  });

  it("keeps each listener within their share: one greedy listener leaves the others' calls unrated", async () => {
    const now = 0;
    const gate = new LocalRateGate({
      now: () => now,
      budget: { requests: 8, windowMs: 1000 },
      listenerSharePercent: 25,
    });
    let greedy = 0;
    for (let taken = await gate.take('user:greedy'); taken.waitMs === 0; taken = await gate.take('user:greedy')) {
      greedy += 1;
    }
    expect(greedy).toBe(2);
    expect(await gate.take('user:greedy')).toEqual({ waitMs: 1000, limit: 'listener' });
    for (let call = 0; call < 2; call += 1) expect(await gate.take('user:other')).toEqual({ waitMs: 0, limit: 'app' });
  });

  it('still bounds all listeners together by the budget', async () => {
    const gate = new LocalRateGate({ now: () => 0, budget: { requests: 3, windowMs: 1000 }, listenerSharePercent: 50 });
    const taken = [];
    for (const listener of ['a', 'b', 'c', 'd']) taken.push(await gate.take(listener));
    expect(taken.map((take) => take.waitMs)).toEqual([0, 0, 0, 1000]);
    expect(taken[3]?.limit).toBe('app');
  });

  it("holds one listener for their own token's pause, and everyone for the app's", async () => {
    const gate = new LocalRateGate({ now: () => 0 });
    await pausesListenerThenApp(gate, gate);
  });

  it('has no budget unless given one', async () => {
    const gate = new LocalRateGate();
    for (let call = 0; call < 1000; call += 1) expect((await gate.take()).waitMs).toBe(0);
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
    const taken = await Promise.all([a, b, a, b, a, b, a].map(async (gate) => (await gate.take()).waitMs));
    expect(taken.filter((wait) => wait === 0)).toHaveLength(5);
    const waits = taken.filter((wait) => wait > 0);
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(1500);
    await new Promise((resolve) => setTimeout(resolve, Math.max(...waits) + 20));
    expect((await b.take()).waitMs).toBe(0);
  });

  it("keeps each listener within their share across instances: a greedy listener leaves the others' calls unrated", async () => {
    const options = {
      prefix: `${prefix}share:`,
      budget: { requests: 8, windowMs: 60_000 },
      listenerSharePercent: 25,
    };
    const a = new RedisRateGate(redis, options);
    const b = new RedisRateGate(other, options);
    // The greedy listener's calls arrive at both instances.
    let greedy = 0;
    for (let call = 0; call < 10; call += 1) {
      const taken = await (call % 2 === 0 ? a : b).take('user:greedy');
      if (taken.waitMs === 0) greedy += 1;
      else expect(taken.limit).toBe('listener');
    }
    expect(greedy).toBe(2);
    for (const gate of [a, b]) expect(await gate.take('user:other')).toEqual({ waitMs: 0, limit: 'app' });
    // Every call counted in the one budget: 4 of 8 taken, 4 left for whoever comes.
    const rest = await Promise.all(['c', 'd', 'e', 'f', 'g'].map((listener) => b.take(`user:${listener}`)));
    expect(rest.filter((taken) => taken.waitMs === 0)).toHaveLength(4);
    expect(rest.find((taken) => taken.waitMs > 0)?.limit).toBe('app');
  });

  it("pauses one listener for their own token's 429 on every instance, and leaves the others going", async () => {
    const a = new RedisRateGate(redis, { prefix: `${prefix}listener-pause:` });
    const b = new RedisRateGate(other, { prefix: `${prefix}listener-pause:` });
    await pausesListenerThenApp(a, b);
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
      expect((await gate.take()).waitMs).toBe(0);
      expect((await gate.take()).waitMs).toBeGreaterThan(0);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      cut.destroy();
      await proxy.close();
    }
  });
});
