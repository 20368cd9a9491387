import type { Request, Response } from 'express';
import type { Queryable } from '../db/types';
import { randomToken, sameString, tokenHash } from './crypto';
import { lifetimes } from './service';

/**
 * The sign-in pages' own session: who is signed in to the service, and the CSRF token of its
 * forms. The cookie holds a random id; the store holds only its hash.
 */
export interface AccountSession {
  idHash: string;
  userId: string | null;
  csrf: string;
  /** When the session began: for a signed-in one, when its user signed in (an ID token's `auth_time`). */
  startedAt: Date;
}

/**
 * Over https the `__Host-` prefix makes browsers insist on Secure, Path=/ and no Domain, so
 * a sibling subdomain cannot plant or shadow the cookie.
 */
export function accountCookieName(secure: boolean): string {
  return secure ? '__Host-graphonic_account' : 'graphonic_account';
}

export class AccountSessions {
  readonly cookieName: string;

  constructor(
    private readonly db: Queryable,
    private readonly secure: boolean,
    private readonly now: () => number,
  ) {
    this.cookieName = accountCookieName(secure);
  }

  private cookieValue(req: Request): string | undefined {
    for (const part of (req.get('cookie') ?? '').split(';')) {
      const separator = part.indexOf('=');
      if (separator > 0 && part.slice(0, separator).trim() === this.cookieName) {
        return part.slice(separator + 1).trim();
      }
    }
    return undefined;
  }

  async load(req: Request): Promise<AccountSession | null> {
    const value = this.cookieValue(req);
    if (!value) return null;
    const idHash = tokenHash(value);
    const { rows } = await this.db.query<{ user_id: string | null; csrf_token: string; created_at: Date }>(
      'SELECT user_id, csrf_token, created_at FROM account_sessions WHERE id_hash = $1 AND expires_at > $2',
      [idHash, new Date(this.now())],
    );
    const row = rows[0];
    return row ? { idHash, userId: row.user_id, csrf: row.csrf_token, startedAt: row.created_at } : null;
  }

  /** The visitor's session, or a new anonymous one that only carries the forms' CSRF token. */
  async loadOrStart(req: Request, res: Response): Promise<AccountSession> {
    return (await this.load(req)) ?? this.start(res, null);
  }

  /** A new session with a new id and a new CSRF token; at sign-in this defeats session fixation. */
  async start(res: Response, userId: string | null): Promise<AccountSession> {
    const value = randomToken();
    const now = this.now();
    const session: AccountSession = { idHash: tokenHash(value), userId, csrf: randomToken(), startedAt: new Date(now) };
    const lifetime = userId === null ? lifetimes.anonymousSessionMs : lifetimes.sessionMs;
    await this.db.query(
      'INSERT INTO account_sessions (id_hash, user_id, csrf_token, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [session.idHash, userId, session.csrf, new Date(now + lifetime), new Date(now)],
    );
    res.cookie(this.cookieName, value, {
      // Scripts never read it; cross-site requests other than top-level navigations never carry it.
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: '/',
      maxAge: lifetime,
    });
    return session;
  }

  /** Signs `userId` in: the visitor's old session (if any) ends, and a new one begins. */
  async signIn(req: Request, res: Response, userId: string): Promise<AccountSession> {
    const value = this.cookieValue(req);
    if (value) await this.db.query('DELETE FROM account_sessions WHERE id_hash = $1', [tokenHash(value)]);
    return this.start(res, userId);
  }

  async destroy(session: AccountSession, res: Response): Promise<void> {
    await this.db.query('DELETE FROM account_sessions WHERE id_hash = $1', [session.idHash]);
    res.clearCookie(this.cookieName, { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/' });
  }
}

/** The form's CSRF token matches its session's. */
export function csrfValid(session: AccountSession | null, token: string | undefined): session is AccountSession {
  return session !== null && token !== undefined && sameString(token, session.csrf);
}
