import { createHash } from 'node:crypto';
import type { RedisClientType } from 'redis';

/**
 * How many requests one listener (or one anonymous address) may send to /graphql: `requests` per
 * `windowMs`, as a burst of up to `requests` at once and then one per `windowMs / requests`. The
 * generic cell rate algorithm keeps one number per key (the time its allowance is next due), so a
 * key costs the same whatever its limit, and a refused request changes nothing.
 */
export interface RequestRate {
  requests: number;
  windowMs: number;
}

export interface RequestRateLimiter {
  /** Counts one request of `key`: 0 when it may go, else the milliseconds until one may (and nothing was counted). */
  hit(key: string): Promise<number>;
}

export interface LocalRequestRateLimiterOptions {
  now?: () => number;
  /** The most keys kept; beyond it, the longest idle ones go first. Default 100 000. */
  maxKeys?: number;
}

export class LocalRequestRateLimiter implements RequestRateLimiter {
  /** Per key, when its allowance is next due (the theoretical arrival time); in insertion order. */
  private readonly due = new Map<string, number>();
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly intervalMs: number;

  constructor(
    private readonly rate: RequestRate,
    options: LocalRequestRateLimiterOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.intervalMs = rate.windowMs / rate.requests;
  }

  hit(key: string): Promise<number> {
    const now = this.now();
    const next = Math.max(this.due.get(key) ?? now, now) + this.intervalMs;
    if (next - now > this.rate.windowMs)
      return Promise.resolve(Math.max(1, Math.ceil(next - now - this.rate.windowMs)));
    // Moved to the end: the map's first keys are the longest idle.
    this.due.delete(key);
    this.due.set(key, next);
    if (this.due.size > this.maxKeys) this.forget(now);
    return Promise.resolve(0);
  }

  /** Drops the keys whose allowance is whole again, then, if still too many, the longest idle. */
  private forget(now: number): void {
    for (const [key, due] of this.due) if (due <= now) this.due.delete(key);
    for (const key of this.due.keys()) {
      if (this.due.size <= this.maxKeys) break;
      this.due.delete(key);
    }
  }
}

/** KEYS[1]: the key's due time. ARGV: the interval and the window, in milliseconds. Redis's clock counts. */
const hitScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local due = tonumber(redis.call('GET', KEYS[1]) or '0')
if due < now then due = now end
local nextDue = due + interval
if nextDue - now > window then return math.max(1, math.ceil(nextDue - now - window)) end
redis.call('SET', KEYS[1], tostring(nextDue), 'PX', math.max(1, math.ceil(nextDue - now)))
return 0`;

export interface RedisRequestRateLimiterOptions {
  /** Prefixes the limiter's keys (`<prefix>graphql-rate:<digest of the key>`). */
  prefix: string;
  onError?: (error: unknown) => void;
}

/**
 * The same limit shared by every instance through Redis, changed by one Lua script (atomic). While
 * Redis cannot be reached, each instance counts on its own and tells `onError`.
 */
export class RedisRequestRateLimiter implements RequestRateLimiter {
  private readonly fallback: LocalRequestRateLimiter;

  constructor(
    private readonly redis: RedisClientType,
    private readonly rate: RequestRate,
    private readonly options: RedisRequestRateLimiterOptions,
  ) {
    this.fallback = new LocalRequestRateLimiter(rate);
  }

  async hit(key: string): Promise<number> {
    const digest = createHash('sha256').update(key).digest('base64url').slice(0, 22);
    try {
      const wait = await this.redis.eval(hitScript, {
        keys: [`${this.options.prefix}graphql-rate:${digest}`],
        arguments: [String(this.rate.windowMs / this.rate.requests), String(this.rate.windowMs)],
      });
      return Number(wait);
    } catch (error) {
      this.options.onError?.(error);
      return this.fallback.hit(key);
    }
  }
}
