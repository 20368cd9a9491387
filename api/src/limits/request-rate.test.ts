import { describe, expect, it } from 'vitest';
import { testKeyPrefix, twoRedisClients } from '../../../test-support/redis-keys';
import { hasRedis } from '../../../test-support/services';
import { addressKey } from './listeners';
import { LocalRequestRateLimiter, RedisRequestRateLimiter } from './request-rate';

describe('the in-process request limit', () => {
  it('allows a burst of the limit, then one request per interval, for each key on its own', async () => {
    let now = 0;
    const limiter = new LocalRequestRateLimiter({ requests: 3, windowMs: 3000 }, { now: () => now });
    const hits = async (key: string, count: number): Promise<number[]> => {
      const waits: number[] = [];
      for (let hit = 0; hit < count; hit += 1) waits.push(await limiter.hit(key));
      return waits;
    };
    expect(await hits('user:greedy', 5)).toEqual([0, 0, 0, 1000, 1000]);
    expect(await hits('user:other', 3)).toEqual([0, 0, 0]);
    now = 999;
    expect(await limiter.hit('user:greedy')).toBe(1);
    now = 1000;
    // A refused request counted nothing: one interval on, one more goes.
    expect(await hits('user:greedy', 2)).toEqual([0, 1000]);
    now = 10_000;
    expect(await hits('user:greedy', 4)).toEqual([0, 0, 0, 1000]);
  });

  it('keeps at most its number of keys, forgetting the idle ones first', async () => {
    let now = 0;
    const limiter = new LocalRequestRateLimiter({ requests: 1, windowMs: 1000 }, { now: () => now, maxKeys: 2 });
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('b')).toBe(0);
    now = 10;
    expect(await limiter.hit('c')).toBe(0);
    // `a` was the longest idle, and went: it starts again. `c` is still held.
    expect(await limiter.hit('a')).toBe(0);
    expect(await limiter.hit('c')).toBeGreaterThan(0);
  });
});

describe('the address of an anonymous request', () => {
  it('is the IPv4 address, and the /64 network of an IPv6 one', () => {
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('2001:db8:7:8::1')).toBe('address:2001:db8:7:8::/64');
    expect(addressKey('2001:0db8:0007:0008:ffff:1:2:3')).toBe('address:2001:db8:7:8::/64');
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('address:unknown');
  });
});

describe.runIf(await hasRedis())('the request limit shared through Redis', () => {
  const prefix = testKeyPrefix('request-rate');
  const clients = twoRedisClients(prefix);

  it("counts a listener's requests at every instance together, and no one else's", async () => {
    const rate = { requests: 4, windowMs: 60_000 };
    const a = new RedisRequestRateLimiter(clients.one, rate, { prefix });
    const b = new RedisRequestRateLimiter(clients.two, rate, { prefix });
    const waits = await Promise.all([a, b, a, b, a, b].map((limiter) => limiter.hit('user:greedy')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(4);
    for (const wait of waits.filter((wait) => wait > 0)) {
      expect(wait).toBeGreaterThan(14_000);
      expect(wait).toBeLessThanOrEqual(15_000);
    }
    expect(await Promise.all([a, b, a, b].map((limiter) => limiter.hit('user:other')))).toEqual([0, 0, 0, 0]);
    // The key holds one number, kept no longer than its allowance needs.
    const keys = await clients.one.keys(`${prefix}graphql-rate:*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await clients.one.pTTL(key)).toBeLessThanOrEqual(60_000);
  });
});
