import { createHash, randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { LocalRateGate, listenerShare, type RateBudget, type RateGate, type RateTake } from './rate-gate';

/**
 * The rate gate shared by every api instance through Redis: pauses (keys whose time to live is
 * the wait the upstream asked for: one for the app, one per listener) and one request budget with
 * a share per listener (sliding windows of the calls sent, sorted sets scored by Redis's own
 * clock, so that the instances' clocks never disagree). All are changed by Lua scripts,
 * atomically: a call is counted in the budget and in its listener's share together, or in neither.
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

/** The longer of the app's pause and the listener's (KEYS[2], when given), in milliseconds. */
const closedScript = `
local left = math.max(0, redis.call('PTTL', KEYS[1]))
if KEYS[2] then left = math.max(left, redis.call('PTTL', KEYS[2])) end
return left`;

/**
 * KEYS[1]: the budget's window; KEYS[2] (optional): the listener's. ARGV: the budget's requests,
 * the window, this call's member, the listener's share. Answers {wait, limit}: {0, 'app'} when
 * taken, else the wait until a call frees up and whose limit is spent.
 */
const takeScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
local function wait(key, limit)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) < limit then return 0 end
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
local appWait = wait(KEYS[1], tonumber(ARGV[1]))
local listenerWait = 0
if KEYS[2] then listenerWait = wait(KEYS[2], tonumber(ARGV[4])) end
if appWait > 0 or listenerWait > 0 then
  if listenerWait > 0 then return {math.max(appWait, listenerWait), 'listener'} end
  return {appWait, 'app'}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
if KEYS[2] then
  redis.call('ZADD', KEYS[2], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[2], window)
end
return {0, 'app'}`;

export interface RedisRateGateOptions {
  /** Prefixes the gate's keys (`<prefix>rate:pause`, `<prefix>rate:budget`, and per listener under them). */
  prefix: string;
  budget?: RateBudget | null;
  /** The percentage of the budget one listener may take (100: no share of their own). Default 100. */
  listenerSharePercent?: number;
  onError?: (error: unknown) => void;
}

/** A listener's part of a key: a digest, so that any id makes a short key of the same shape. */
function keyOf(listener: string): string {
  return createHash('sha256').update(listener).digest('base64url').slice(0, 22);
}

export class RedisRateGate implements RateGate {
  private readonly pauseKey: string;
  private readonly budgetKey: string;
  private readonly share: number;
  private readonly fallback: LocalRateGate;

  constructor(
    private readonly redis: RedisClientType,
    private readonly options: RedisRateGateOptions,
  ) {
    this.pauseKey = `${options.prefix}rate:pause`;
    this.budgetKey = `${options.prefix}rate:budget`;
    const budget = options.budget ?? null;
    this.share = budget ? listenerShare(budget, options.listenerSharePercent ?? 100) : 0;
    this.fallback = new LocalRateGate({ budget, listenerSharePercent: options.listenerSharePercent });
  }

  async closedForMs(listener?: string): Promise<number> {
    try {
      const keys = listener === undefined ? [this.pauseKey] : [this.pauseKey, `${this.pauseKey}:${keyOf(listener)}`];
      const left = Number(await this.redis.eval(closedScript, { keys, arguments: [] }));
      return Math.max(left, await this.fallback.closedForMs(listener));
    } catch (error) {
      this.options.onError?.(error);
      return this.fallback.closedForMs(listener);
    }
  }

  async closeFor(ms: number, listener?: string): Promise<void> {
    const wait = Math.max(1, Math.ceil(ms));
    // Kept locally too: should Redis fail next, this instance still waits.
    await this.fallback.closeFor(wait, listener);
    const key = listener === undefined ? this.pauseKey : `${this.pauseKey}:${keyOf(listener)}`;
    try {
      await this.redis.eval(closeScript, { keys: [key], arguments: [String(wait)] });
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  async take(listener?: string): Promise<RateTake> {
    const budget = this.options.budget;
    if (!budget) return { waitMs: 0, limit: 'app' };
    const shared = listener !== undefined && this.share < budget.requests;
    try {
      const answer = (await this.redis.eval(takeScript, {
        keys: shared ? [this.budgetKey, `${this.budgetKey}:${keyOf(listener)}`] : [this.budgetKey],
        arguments: [String(budget.requests), String(budget.windowMs), randomUUID(), String(this.share)],
      })) as [unknown, unknown];
      return { waitMs: Number(answer[0]), limit: answer[1] === 'listener' ? 'listener' : 'app' };
    } catch (error) {
      this.options.onError?.(error);
      return this.fallback.take(listener);
    }
  }
}
