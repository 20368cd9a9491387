import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Queryable } from '../db/types';
import { ApiError } from '../errors';
import { tokenHash } from './crypto';

/** Who a music v1 request speaks for, from its bearer token. */
export interface AuthInfo {
  /** Null for a client-credentials token: the app itself, no user. */
  userId: string | null;
  clientId: string;
  scopes: ReadonlySet<string>;
  expiresAt: Date;
}

export interface AuthenticateOptions {
  /** The clock, in milliseconds; tests move it to expire tokens without waiting. */
  now?: () => number;
  /**
   * How long a token lookup is reused, in milliseconds of real time (0: every request reads
   * the store). It bounds how late this process learns of a revocation made by another one.
   */
  cacheMs?: number;
}

interface TokenRow {
  family_id: string;
  user_id: string | null;
  client_id: string;
  scopes: string[];
  expires_at: Date;
  revoked: boolean;
}

/** How long a looked-up token is reused by default. */
const defaultCacheMs = 2000;
/** Tokens remembered at most per middleware; the oldest go first. */
const maxCachedTokens = 10_000;
/**
 * How long a revoked token or family bypasses every cache, in milliseconds: longer than any
 * transaction that revokes it takes to commit, so no lookup made before the commit is reused.
 */
const revocationMemoryMs = 5 * 60_000;

/** Token hashes and family ids revoked in this process, with when they may be forgotten. */
const revocations = new Map<string, number>();
/** Revocations so far in this process: a lookup that saw this change while it ran is not kept. */
let revocationCount = 0;

/**
 * Makes every `authenticate` cache of this process forget the token (by its hash) or the whole
 * family at once; the revocation functions call it, before or after their write.
 */
export function forgetRevokedTokens(revoked: { tokenHash?: string; familyId?: string }): void {
  const until = performance.now() + revocationMemoryMs;
  for (const [key, expires] of revocations) if (expires <= performance.now()) revocations.delete(key);
  if (revoked.tokenHash !== undefined) revocations.set(`token:${revoked.tokenHash}`, until);
  if (revoked.familyId !== undefined) revocations.set(`family:${revoked.familyId}`, until);
  revocationCount += 1;
}

function isRevokedHere(hash: string, familyId: string): boolean {
  return revocations.size > 0 && (revocations.has(`token:${hash}`) || revocations.has(`family:${familyId}`));
}

interface CachedToken {
  row: TokenRow;
  /** performance.now() past which the row is read again. */
  until: number;
}

// RFC 6750's token68 syntax.
const bearerPattern = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

function challenge(attributes: Record<string, string> = {}): Record<string, string> {
  const parts = [['realm', 'music'], ...Object.entries(attributes)].map(([name, value]) => `${name}="${value}"`);
  return { 'WWW-Authenticate': `Bearer ${parts.join(', ')}` };
}

function invalidToken(message: string): ApiError {
  return new ApiError(401, message, undefined, challenge({ error: 'invalid_token', error_description: message }));
}

/**
 * Access tokens by their hash, read from the store and kept for `cacheMs`: only valid, unrevoked rows are kept,
 * for seconds, never past their expiry (checked per request by the caller), and a revocation in this process
 * bypasses the entry at once. The lookups under way are shared by the requests of one token, and dropped
 * whenever a revocation happens.
 */
class AccessTokens {
  private readonly cache = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<TokenRow | undefined>>();
  private pendingRevocations = revocationCount;

  constructor(
    private readonly db: Queryable,
    private readonly cacheMs: number,
  ) {}

  find(hash: string): Promise<TokenRow | undefined> {
    if (this.pendingRevocations !== revocationCount) {
      this.pending.clear();
      this.pendingRevocations = revocationCount;
    }
    const cached = this.cache.get(hash);
    if (cached !== undefined) {
      if (cached.until > performance.now() && !isRevokedHere(hash, cached.row.family_id)) {
        return Promise.resolve(cached.row);
      }
      this.cache.delete(hash);
    }
    const existing = this.pending.get(hash);
    if (existing !== undefined) return existing;
    const lookup = this.read(hash).finally(() => {
      if (this.pending.get(hash) === lookup) this.pending.delete(hash);
    });
    if (this.cacheMs > 0) this.pending.set(hash, lookup);
    return lookup;
  }

  private async read(hash: string): Promise<TokenRow | undefined> {
    const started = revocationCount;
    const { rows } = await this.db.query<TokenRow & Record<string, unknown>>(
      `SELECT t.family_id, f.user_id, f.client_id, f.scopes, t.expires_at,
              (t.revoked_at IS NOT NULL OR f.revoked_at IS NOT NULL) AS revoked
       FROM access_tokens t JOIN token_families f ON f.id = t.family_id
       WHERE t.token_hash = $1`,
      [hash],
    );
    const row = rows[0];
    // A revocation while the lookup ran may not be in what it read: use it, keep it not.
    if (this.cacheMs > 0 && row && !row.revoked && started === revocationCount && !isRevokedHere(hash, row.family_id)) {
      this.cache.set(hash, { row, until: performance.now() + this.cacheMs });
      if (this.cache.size > maxCachedTokens) {
        const oldest = this.cache.keys().next();
        if (!oldest.done) this.cache.delete(oldest.value);
      }
    }
    return row;
  }
}

/**
 * Reads the bearer token of a music v1 request, looks it up by its hash and puts who it
 * speaks for in `res.locals.auth`. A lookup is reused for `cacheMs` (2 s by default); a
 * revocation in this process takes effect at once, one in another process within `cacheMs`.
 * Expiry is checked on every request.
 */
export function authenticate(db: Queryable, options: AuthenticateOptions | (() => number) = {}): RequestHandler {
  // A bare function is the clock, as earlier callers pass it.
  const now = typeof options === 'function' ? options : (options.now ?? Date.now);
  const cacheMs = typeof options === 'function' ? defaultCacheMs : (options.cacheMs ?? defaultCacheMs);
  const tokens = new AccessTokens(db, cacheMs);
  // Who a looked-up token speaks for, made once per row read (cached rows are reused as they are).
  const infos = new WeakMap<TokenRow, AuthInfo>();

  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.get('authorization');
    if (header === undefined || header.trim() === '') {
      next(new ApiError(401, 'No token provided', undefined, challenge()));
      return;
    }
    const token = bearerPattern.exec(header)?.[1];
    if (token === undefined) {
      // Spotify's answer to Basic or a malformed header on the API.
      next(
        new ApiError(
          400,
          'Only valid bearer authentication supported',
          undefined,
          challenge({ error: 'invalid_request', error_description: 'Only valid bearer authentication supported' }),
        ),
      );
      return;
    }
    tokens.find(tokenHash(token)).then(
      (row) => {
        if (!row || row.revoked) {
          next(invalidToken('Invalid access token'));
          return;
        }
        if (row.expires_at.getTime() <= now()) {
          next(invalidToken('The access token expired'));
          return;
        }
        let auth = infos.get(row);
        if (auth === undefined) {
          auth = {
            userId: row.user_id,
            clientId: row.client_id,
            scopes: new Set(row.scopes),
            expiresAt: row.expires_at,
          };
          infos.set(row, auth);
        }
        res.locals.auth = auth;
        next();
      },
      (error: unknown) => {
        next(error);
      },
    );
  };
}

function isAuthInfo(value: unknown): value is AuthInfo {
  return typeof value === 'object' && value !== null && 'clientId' in value && 'scopes' in value;
}

/** Who the request speaks for; throws when `authenticate` did not run before (a wiring mistake). */
export function getAuth(res: Response): AuthInfo {
  const auth: unknown = res.locals.auth;
  if (!isAuthInfo(auth)) throw new Error('The request was not authenticated: mount authenticate() before this route.');
  return auth;
}

/** 403 unless the token carries every one of `scopes`. */
export function requireScopes(...scopes: string[]): RequestHandler {
  return (_req, res, next) => {
    const auth = getAuth(res);
    if (scopes.every((scope) => auth.scopes.has(scope))) {
      next();
      return;
    }
    next(
      new ApiError(
        403,
        'Insufficient client scope',
        undefined,
        challenge({ error: 'insufficient_scope', scope: scopes.join(' ') }),
      ),
    );
  };
}

/** 403 for a token without a user (client credentials) on an endpoint about a user. */
export const requireUser: RequestHandler = (_req, res, next) => {
  next(
    getAuth(res).userId === null
      ? new ApiError(403, 'This endpoint needs a user: client credentials cannot use it')
      : undefined,
  );
};
