import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasRedis, REDIS_URL } from '../../../test-support/services';
import { LocalRefreshLock, RedisRefreshLock } from './refresh-lock';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the refresh lock of one process', () => {
  it('lets concurrent callers of one key share one run, and starts a new run once it settled', async () => {
    const lock = new LocalRefreshLock();
    let runs = 0;
    const task = async (): Promise<number> => {
      runs += 1;
      await sleep(20);
      return runs;
    };
    const shared = await Promise.all(Array.from({ length: 5 }, () => lock.run('session', task)));
    expect(shared).toEqual([1, 1, 1, 1, 1]);
    expect(await lock.run('session', task)).toBe(2);
    // Other keys never wait for each other.
    expect(await Promise.all([lock.run('a', task), lock.run('b', task)])).toEqual([4, 4]);
  });

  it('shares a failure too, and runs again after it', async () => {
    const lock = new LocalRefreshLock();
    let runs = 0;
    const failing = async (): Promise<never> => {
      runs += 1;
      await sleep(10);
      throw new Error('refused');
    };
    const outcomes = await Promise.allSettled([lock.run('s', failing), lock.run('s', failing)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    await expect(lock.run('s', () => Promise.resolve('next'))).resolves.toBe('next');
  });
});

const redisAvailable = await hasRedis();

describe.runIf(redisAvailable)('the refresh lock shared through Redis', () => {
  const prefix = testKeyPrefix('refresh-lock');
  let first: RedisClientType;
  let second: RedisClientType;

  beforeAll(async () => {
    first = createClient({ url: REDIS_URL });
    second = createClient({ url: REDIS_URL });
    await Promise.all([first.connect(), second.connect()]);
  });

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await deleteKeys(prefix);
  });

  it('runs one holder of a key at a time across instances, and releases when done', async () => {
    const one = new RedisRefreshLock(first, { prefix, pollMs: 5 });
    const two = new RedisRefreshLock(second, { prefix, pollMs: 5 });
    const events: string[] = [];
    const task = (name: string) => async (): Promise<void> => {
      events.push(`${name} starts`);
      await sleep(50);
      events.push(`${name} ends`);
    };
    await Promise.all([one.run('session', task('one')), two.run('session', task('two'))]);
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(`${events[0]?.split(' ')[0] ?? ''} ends`);
    expect(await first.get(`${prefix}session`)).toBeNull();
  });

  it('lets a waiter go ahead once a lease outlives its holder', async () => {
    // A holder that crashed: its lease stays until it lapses.
    await first.set(`${prefix}crashed`, 'someone-else', { expiration: { type: 'PX', value: 150 } });
    const lock = new RedisRefreshLock(second, { prefix, leaseMs: 150, pollMs: 10 });
    const started = Date.now();
    await expect(lock.run('crashed', () => Promise.resolve('ran'))).resolves.toBe('ran');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
