import type { RequestHandler } from 'express';
import { ApiError } from '../errors';

export interface TokenBucketOptions {
  /** Requests a client may make at once: the bucket's size. */
  requests: number;
  /** How long an empty bucket takes to fill again. */
  windowMs: number;
  /** Addresses remembered at most; the least recently seen are forgotten first. */
  maxClients?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client address: each request takes a token, and tokens come back at
 * `requests` per `windowMs`, so a player's few range requests per track pass while one address
 * cannot keep the render threads to itself. Past the limit: 429 with `Retry-After`, the seconds
 * until the next token. The address is Express's `req.ip`, which names a proxy's client only
 * when `trust proxy` allows it.
 */
export function tokenBucketLimit(options: TokenBucketOptions): RequestHandler {
  const now = options.now ?? Date.now;
  const maxClients = options.maxClients ?? 10_000;
  const perMs = options.requests / options.windowMs;
  const buckets = new Map<string, Bucket>();

  return (req, _res, next) => {
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const at = now();
    const bucket = buckets.get(address) ?? { tokens: options.requests, at };
    bucket.tokens = Math.min(options.requests, bucket.tokens + (at - bucket.at) * perMs);
    bucket.at = at;
    // Most recently seen last, so the first entries are the ones to forget.
    buckets.delete(address);
    buckets.set(address, bucket);
    if (buckets.size > maxClients) {
      const oldest = buckets.keys().next();
      if (!oldest.done) buckets.delete(oldest.value);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      next();
      return;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    next(new ApiError(429, 'Too many audio requests', 'RATE_LIMITED', { 'Retry-After': String(retryAfter) }));
  };
}
