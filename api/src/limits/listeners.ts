import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestRateLimiter } from './request-rate';

/**
 * Who a /graphql request counts against (docs/decisions/024-fair-use-of-the-upstream.md): the
 * signed-in listener of its session; for a third-party client, the user its bearer token belongs
 * to, asked of the upstream once per token and kept a while; for an anonymous request, the
 * client's address. Each gets the request limit of their own, and a listener's upstream calls
 * take from their own share of the upstream's budget (the key `listenerOf` answers).
 */

/** The part of the session this reads: the signed-in listener's id. */
interface SessionLike {
  music?: { userId?: unknown };
}

/** The bearer token of an `Authorization: Bearer …` header, as the api's music client reads it. */
export function bearerOf(req: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
}

/** A short, stable digest of a token: never the token itself in a key or a log. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22);
}

/**
 * The address an anonymous request counts against: the client's (`req.ip`, which follows the
 * `trust proxy` setting); IPv4 as it is, IPv6 by its /64 network, since one host holds a whole /64.
 */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(address)) return `address:${address}`;
  if (isIPv6(address)) return `address:${ipv6Network(address)}::/64`;
  return 'address:unknown';
}

/** The first four groups of an IPv6 address, written out in full. */
function ipv6Network(address: string): string {
  const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? [];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}

/** What a lookup may read of the request that brought the token (an HTTP request, or a WebSocket's upgrade). */
export interface RequestIdentity {
  /** The request's id, for the upstream's log. */
  id?: unknown;
}

export interface BearerListenersOptions {
  /** Asks the upstream whose token this is (its `GET /me`); rejects when it cannot tell. */
  lookup: (token: string, req: RequestIdentity) => Promise<string>;
  /** How long a token's user is kept. Default 10 minutes. */
  ttlMs?: number;
  /** The most tokens kept; the oldest go first. Default 10 000. */
  maxTokens?: number;
  now?: () => number;
}

/** The users of bearer tokens, by the tokens' digests: one upstream question per token while kept. */
export class BearerListeners {
  private readonly known = new Map<string, { userId: string; until: number }>();
  private readonly asking = new Map<string, Promise<string | undefined>>();
  private readonly ttlMs: number;
  private readonly maxTokens: number;
  private readonly now: () => number;

  constructor(private readonly options: BearerListenersOptions) {
    this.ttlMs = options.ttlMs ?? 600_000;
    this.maxTokens = options.maxTokens ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The user of `token` if known now, without asking. */
  cached(token: string): string | undefined {
    const digest = tokenDigest(token);
    const entry = this.known.get(digest);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.userId;
    this.known.delete(digest);
    return undefined;
  }

  /** The user of `token`, asked of the upstream (once at a time per token); undefined when it cannot tell. */
  resolve(token: string, req: RequestIdentity): Promise<string | undefined> {
    const cached = this.cached(token);
    if (cached !== undefined) return Promise.resolve(cached);
    const digest = tokenDigest(token);
    let pending = this.asking.get(digest);
    if (!pending) {
      pending = this.options
        .lookup(token, req)
        .then((userId) => {
          this.known.set(digest, { userId, until: this.now() + this.ttlMs });
          for (const oldest of this.known.keys()) {
            if (this.known.size <= this.maxTokens) break;
            this.known.delete(oldest);
          }
          return userId;
        })
        // An invalid token, or an upstream that cannot answer now: the request counts by address, and GraphQL says why.
        .catch(() => undefined)
        .finally(() => this.asking.delete(digest));
      this.asking.set(digest, pending);
    }
    return pending;
  }
}

/** The listener of a request (`user:<id>` or `token:<digest>`) once the limit has seen it; for the music client. */
const listeners = new WeakMap<Request, string>();

/** Whose share of the upstream's budget this request's calls take (set by `fairUse`). */
export function listenerOf(req: Request): string | undefined {
  return listeners.get(req);
}

export interface FairUseOptions {
  /** The /graphql request limit, per listener or anonymous address; null when off. */
  limiter: RequestRateLimiter | null;
  bearers: BearerListeners;
}

/** The answer to a request over its limit: HTTP 429 with Retry-After, and the GraphQL error RATE_LIMITED. */
export function answerRateLimited(res: Response, waitMs: number): void {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  res.set('retry-after', String(seconds));
  res.status(429).json({
    errors: [
      {
        message: `Too many requests; try again in ${String(seconds)} seconds.`,
        extensions: { code: 'RATE_LIMITED', retryAfterSeconds: seconds },
      },
    ],
  });
}

/**
 * The /graphql middleware that finds each request's listener and holds them to their request
 * limit. A bearer token not yet known counts against its address too: finding its user costs an
 * upstream call, which a stream of made-up tokens must not get for free.
 */
export function fairUse(options: FairUseOptions): RequestHandler {
  const { limiter, bearers } = options;
  const admit = async (key: string, res: Response): Promise<boolean> => {
    const wait = limiter ? await limiter.hit(key) : 0;
    if (wait <= 0) return true;
    answerRateLimited(res, wait);
    return false;
  };
  const handle = async (req: Request, res: Response): Promise<boolean> => {
    const bearer = bearerOf(req);
    if (bearer !== undefined) {
      let userId = bearers.cached(bearer);
      if (userId === undefined) {
        if (!(await admit(addressKey(req.ip), res))) return false;
        userId = await bearers.resolve(bearer, req);
      }
      const listener = userId === undefined ? `token:${tokenDigest(bearer)}` : `user:${userId}`;
      listeners.set(req, listener);
      // Unknown user: the address has counted it already.
      return userId === undefined || admit(listener, res);
    }
    const sessionUser = (req.session as SessionLike | undefined)?.music?.userId;
    if (typeof sessionUser === 'string') {
      const listener = `user:${sessionUser}`;
      listeners.set(req, listener);
      return admit(listener, res);
    }
    return admit(addressKey(req.ip), res);
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    handle(req, res).then((go) => {
      if (go) next();
    }, next);
  };
}
