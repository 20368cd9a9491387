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
}

interface TokenRow {
  user_id: string | null;
  client_id: string;
  scopes: string[];
  expires_at: Date;
  revoked: boolean;
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
 * Reads the bearer token of a music v1 request, looks it up by its hash and puts who it
 * speaks for in `res.locals.auth`. Every request reads the store, so a revoked token stops
 * working at once, in every process.
 */
export function authenticate(db: Queryable, options: AuthenticateOptions | (() => number) = {}): RequestHandler {
  // A bare function is the clock, as earlier callers pass it.
  const now = typeof options === 'function' ? options : (options.now ?? Date.now);
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
    db.query<TokenRow & Record<string, unknown>>(
      `SELECT f.user_id, f.client_id, f.scopes, t.expires_at,
              (t.revoked_at IS NOT NULL OR f.revoked_at IS NOT NULL) AS revoked
       FROM access_tokens t JOIN token_families f ON f.id = t.family_id
       WHERE t.token_hash = $1`,
      [tokenHash(token)],
    ).then(
      ({ rows }) => {
        const row = rows[0];
        if (!row || row.revoked) {
          next(invalidToken('Invalid access token'));
          return;
        }
        if (row.expires_at.getTime() <= now()) {
          next(invalidToken('The access token expired'));
          return;
        }
        const auth: AuthInfo = {
          userId: row.user_id,
          clientId: row.client_id,
          scopes: new Set(row.scopes),
          expiresAt: row.expires_at,
        };
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
