import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Database } from '../db/types';
import { ApiError } from '../errors';
import { tokenHash } from './crypto';

export interface AuthInfo {
  userId: string | null;
  clientId: string;
  scopes: ReadonlySet<string>;
  expiresAt: Date;
}

interface TokenRow {
  user_id: string | null;
  client_id: string;
  scopes: string[];
  expires_at: Date;
  revoked: boolean;
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, message, undefined, { 'WWW-Authenticate': 'Bearer realm="music"' });
}

/** Reads the bearer token of a music v1 request and puts who it speaks for in `res.locals.auth`. */
export function authenticate(db: Database, now: () => number = Date.now): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (!match?.[1]) {
      next(unauthorized(header === '' ? 'No token provided' : 'Only valid bearer authentication supported'));
      return;
    }
    db.query<TokenRow & Record<string, unknown>>(
      `SELECT f.user_id, f.client_id, f.scopes, t.expires_at,
              (t.revoked_at IS NOT NULL OR f.revoked_at IS NOT NULL) AS revoked
       FROM access_tokens t JOIN token_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
      [tokenHash(match[1])],
    ).then(
      ({ rows }) => {
        const row = rows[0];
        if (!row || row.revoked) {
          next(unauthorized('Invalid access token'));
          return;
        }
        if (row.expires_at.getTime() <= now()) {
          next(unauthorized('The access token expired'));
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

export function getAuth(res: Response): AuthInfo {
  const auth = res.locals.auth as AuthInfo | undefined;
  if (!auth) throw new Error('The request was not authenticated; mount authenticate() first.');
  return auth;
}

/** 403 unless the token carries every one of `scopes`. */
export function requireScopes(...scopes: string[]): RequestHandler {
  return (_req, res, next) => {
    const auth = getAuth(res);
    next(scopes.every((scope) => auth.scopes.has(scope)) ? undefined : new ApiError(403, 'Insufficient client scope'));
  };
}

/** 403 for a token without a user (client credentials) on an endpoint about a user. */
export const requireUser: RequestHandler = (_req, res, next) => {
  next(
    getAuth(res).userId ? undefined : new ApiError(403, 'This endpoint needs a user: client credentials cannot use it'),
  );
};
