import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';

/**
 * Makes one refresh of a session run at a time, however many requests of that session race.
 * The authorization server rotates refresh tokens and revokes the whole family when a spent
 * one comes back, so two refreshes racing with the same token would sign the person out.
 */
export interface RefreshLock {
  /**
   * Runs `task` for `key` unless a run for `key` is under way, in which case the caller shares
   * its outcome. A task re-reads the session from the store first, so a run that starts after
   * another one finished finds the fresh tokens and keeps them.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** One process: concurrent requests of one session share one run. */
export class LocalRefreshLock implements RefreshLock {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running as Promise<T>;
    const run = task().finally(() => {
      this.running.delete(key);
    });
    this.running.set(key, run);
    return run;
  }
}

const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface RedisRefreshLockOptions {
  /** How long a holder may keep the lock before it lapses (a crashed instance). Default 15 s. */
  leaseMs?: number;
  /** How often a waiter looks whether the lock is free. Default 25 ms. */
  pollMs?: number;
  prefix?: string;
}

/**
 * Several api instances sharing sessions in Redis: a lease (`SET NX PX`) per session, so that
 * a burst of one browser's requests spread over the instances refreshes once. Requests of one
 * instance share one run first, so only one request per instance waits on Redis.
 */
export class RedisRefreshLock implements RefreshLock {
  private readonly local = new LocalRefreshLock();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClientType,
    options: RedisRefreshLockOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 15_000;
    this.pollMs = options.pollMs ?? 25;
    this.prefix = options.prefix ?? 'graphonic:refresh-lock:';
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const name = `${this.prefix}${key}`;
      const holder = randomBytes(16).toString('hex');
      await this.acquire(name, holder);
      try {
        return await task();
      } finally {
        await this.redis.eval(releaseScript, { keys: [name], arguments: [holder] }).catch(() => undefined);
      }
    });
  }

  /**
   * Waits for the lease. It gives up waiting when a lease outlives its holder (it lapses on its own by then)
   * and when Redis fails: then this instance refreshes on its own, as a single instance would, since the
   * task re-reads the session first.
   */
  private async acquire(name: string, holder: string): Promise<void> {
    const deadline = Date.now() + this.leaseMs;
    try {
      while (
        (await this.redis.set(name, holder, { condition: 'NX', expiration: { type: 'PX', value: this.leaseMs } })) ===
        null
      ) {
        if (Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      }
    } catch {
      // Redis is unavailable: go ahead without the lease.
    }
  }
}
