import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { LocalRateGate, type RateBudget, type RateGate } from './rate-gate';

/**
 * The rate gate shared by every api instance through Redis: one pause (a key whose time to live
 * is the wait the upstream asked for) and one request budget (a sliding window of the calls
 * sent, a sorted set scored by Redis's own clock, so that the instances' clocks never disagree).
 * Both are changed by Lua scripts, atomically.
 *
 * When Redis cannot be reached, each instance falls back to its own gate and budget, and tells
 * `onError`: a failed store must not stop every upstream call.
 */

const closeScript = `
local left = redis.call('PTTL', KEYS[1])
if left < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 0`;

const takeScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)`;

export interface RedisRateGateOptions {
  /** Prefixes the gate's keys (`<prefix>rate:pause`, `<prefix>rate:budget`). */
  prefix: string;
  budget?: RateBudget | null;
  onError?: (error: unknown) => void;
}

export class RedisRateGate implements RateGate {
  private readonly pauseKey: string;
  private readonly budgetKey: string;
  private readonly fallback: LocalRateGate;

  constructor(
    private readonly redis: RedisClientType,
    private readonly options: RedisRateGateOptions,
  ) {
    this.pauseKey = `${options.prefix}rate:pause`;
    this.budgetKey = `${options.prefix}rate:budget`;
    this.fallback = new LocalRateGate(Date.now, options.budget ?? null);
  }

  async closedForMs(): Promise<number> {
    try {
      const left = await this.redis.pTTL(this.pauseKey);
      return Math.max(0, left, await this.fallback.closedForMs());
    } catch (error) {
      this.options.onError?.(error);
      return this.fallback.closedForMs();
    }
  }

  async closeFor(ms: number): Promise<void> {
    const wait = Math.max(1, Math.ceil(ms));
    // Kept locally too: should Redis fail next, this instance still waits.
    await this.fallback.closeFor(wait);
    try {
      await this.redis.eval(closeScript, { keys: [this.pauseKey], arguments: [String(wait)] });
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  async take(): Promise<number> {
    const budget = this.options.budget;
    if (!budget) return 0;
    try {
      const wait = await this.redis.eval(takeScript, {
        keys: [this.budgetKey],
        arguments: [String(budget.requests), String(budget.windowMs), randomUUID()],
      });
      return Number(wait);
    } catch (error) {
      this.options.onError?.(error);
      return this.fallback.take();
    }
  }
}
