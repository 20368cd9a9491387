import { isIPv4, isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';

/**
 * How many sign-ins one address may start per window (`LOGIN_RATE_LIMIT`), counted in this
 * process in fixed windows. An IPv6 client is counted by its /64, the block one subscriber
 * holds. The table is bounded: past `maxAddresses`, the windows that ended go first, then the
 * oldest, so that a flood from many addresses costs a fixed amount of memory.
 */

export interface AddressLimitOptions {
  requests: number;
  windowMs: number;
  /** The most addresses remembered at once. Default 50,000 (a few MB). */
  maxAddresses?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Window {
  start: number;
  count: number;
}

/** The eight groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: Math.max(missing, 0) }, () => '0'), ...right];
}

/** What an address is counted as: IPv4 as it is (also when mapped into IPv6), IPv6 by its /64. */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? 'unknown').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.toLowerCase()).slice(0, 4);
  return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export class AddressLimit {
  private readonly windows = new Map<string, Window>();
  private readonly maxAddresses: number;
  private readonly now: () => number;

  constructor(private readonly options: AddressLimitOptions) {
    this.maxAddresses = options.maxAddresses ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** How many addresses the table holds now. */
  get size(): number {
    return this.windows.size;
  }

  /** Counts one request from `key`, or says how long it must wait. */
  take(key: string): Admission {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && now - window.start < this.options.windowMs) {
      if (window.count >= this.options.requests) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.options.windowMs - now) / 1000)),
        };
      }
      window.count += 1;
      return { allowed: true };
    }
    // A new window goes to the end: the table stays ordered by when each window began.
    this.windows.delete(key);
    this.makeRoom(now);
    this.windows.set(key, { start: now, count: 1 });
    return { allowed: true };
  }

  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (this.windows.size < this.maxAddresses && now - window.start < this.options.windowMs) return;
      this.windows.delete(key);
    }
  }
}

/** Answers 429, with Retry-After and a plain sentence, once an address started too many sign-ins. */
export function loginLimit(limit: AddressLimit): RequestHandler {
  return (req, res, next) => {
    const admission = limit.take(addressKey(req.ip));
    if (admission.allowed) {
      next();
      return;
    }
    const seconds = admission.retryAfterSeconds;
    res
      .status(429)
      .set('retry-after', String(seconds))
      .type('text/plain')
      .send(
        `Too many sign-ins were started from your address. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
  };
}
