import type { Session, SessionData, Store } from 'express-session';
import type { TokenSource } from '../music/client';
import { MusicApiError } from '../music/errors';
import { LocalRefreshLock, type RefreshLock } from './refresh-lock';
import { refreshTokens, TokenEndpointError, type ClientCredentials } from './token-endpoint';
import type { MusicSession } from './types';

/** Refresh this long before expiry, so a call never starts with a token about to lapse. */
const refreshMarginMs = 60_000;

/** A minute before expiry, or a quarter of the lifetime of a token that lives less than four minutes. */
function marginOf(music: MusicSession): number {
  return Math.min(refreshMarginMs, (music.lifetimeMs ?? Number.POSITIVE_INFINITY) / 4);
}

function signInAgain(message = 'Your session has ended. Please sign in again.'): MusicApiError {
  return new MusicApiError(message, { code: 'UNAUTHENTICATED', status: 401, operation: 'POST /api/token' });
}

export type SessionWithMusic = Session & Partial<SessionData>;

/** The parts of an Express request a session's tokens live in. */
export interface SessionRequest {
  session?: SessionWithMusic;
  sessionID?: string;
  sessionStore: Store;
}

/** The session store failed (Redis restarting, a full disk): the same answer as a failing upstream. */
function storeUnavailable(error: unknown): MusicApiError {
  return new MusicApiError(
    'Sign-in sessions are unavailable right now; try again shortly.',
    { code: 'UPSTREAM_UNAVAILABLE', operation: 'session store' },
    { cause: error },
  );
}

function saveSession(session: SessionWithMusic): Promise<void> {
  return new Promise((resolve, reject) => {
    session.save((error: unknown) => {
      if (error) reject(storeUnavailable(error));
      else resolve();
    });
  });
}

/** What the store holds for `sid` now: another request or instance may have changed it. */
function readStored(store: Store, sid: string): Promise<Partial<SessionData> | null> {
  return new Promise((resolve, reject) => {
    store.get(sid, (error: unknown, data?: SessionData | null) => {
      if (error) reject(storeUnavailable(error));
      else resolve(data ?? null);
    });
  });
}

/**
 * The signed-in person's tokens, kept in their server-side session. A refresh replaces the
 * access token, and the refresh token too when the service rotated it; `invalid_grant` ends
 * the music part of the session, so the next request asks to sign in.
 *
 * Requests of one session race: each holds its own copy of the session, read when it began.
 * A refresh therefore reads the store again under the refresh lock and keeps tokens another
 * request already refreshed, and writes only through the request's live session object, so
 * that express-session's own save at the end of the request writes the same tokens.
 */
export class SessionTokenSource implements TokenSource {
  /** The tokens this request uses after a refresh (its own or one it shared). */
  private latest: MusicSession | undefined;

  constructor(
    private readonly req: SessionRequest,
    private readonly client: ClientCredentials,
    private readonly lock: RefreshLock = new LocalRefreshLock(),
    private readonly now: () => number = Date.now,
  ) {}

  private current(): MusicSession | undefined {
    return this.latest ?? this.req.session?.music;
  }

  async accessToken(): Promise<string> {
    const music = this.current();
    if (!music) throw signInAgain('Sign in to use your music.');
    if (music.expiresAt - marginOf(music) > this.now()) return music.accessToken;
    return (await this.refreshOnce(music.accessToken)).accessToken;
  }

  async refresh(): Promise<string> {
    const music = this.current();
    if (!music) throw signInAgain();
    return (await this.refreshOnce(music.accessToken)).accessToken;
  }

  /** Refreshes unless another request of this session already replaced `staleToken`. */
  private async refreshOnce(staleToken: string): Promise<MusicSession> {
    const sid = this.req.sessionID;
    if (!sid) throw signInAgain();
    const refreshed = await this.lock.run(sid, () => this.doRefresh(sid, staleToken));
    this.latest = refreshed;
    return refreshed;
  }

  private async doRefresh(sid: string, staleToken: string): Promise<MusicSession> {
    const stored = await readStored(this.req.sessionStore, sid);
    // Signed out meanwhile (the session is gone from the store): nothing to refresh, nothing to write back.
    if (!stored) throw signInAgain();
    const current = stored.music;
    if (!current) {
      if (this.req.session) delete this.req.session.music;
      throw signInAgain();
    }
    // Another request (or instance) refreshed already: use its tokens, whose refresh token is the live one.
    if (current.accessToken !== staleToken && current.expiresAt > this.now()) return current;
    if (!current.refreshToken) return this.end();
    let tokens;
    try {
      tokens = await refreshTokens(this.client, current.refreshToken);
    } catch (error) {
      if (
        error instanceof TokenEndpointError &&
        (error.error === 'invalid_grant' || error.error === 'invalid_client')
      ) {
        return this.end();
      }
      throw new MusicApiError(
        'The sign-in service is unavailable; try again shortly.',
        { code: 'UPSTREAM_UNAVAILABLE', operation: 'POST /api/token' },
        { cause: error },
      );
    }
    const updated: MusicSession = {
      ...current,
      accessToken: tokens.access_token,
      // Rotation: a new refresh token replaces the old one; without one, the old one stays valid.
      refreshToken: tokens.refresh_token ?? current.refreshToken,
      expiresAt: this.now() + tokens.expires_in * 1000,
      lifetimeMs: tokens.expires_in * 1000,
      scopes: tokens.scope ? tokens.scope.split(' ').filter(Boolean) : current.scopes,
    };
    const session = this.req.session;
    if (session) {
      session.music = updated;
      // Written before the lock is released: a request that takes the lock next reads these tokens.
      await saveSession(session);
    }
    return updated;
  }

  /** The session can no longer be refreshed: forget its tokens, keep the (now anonymous) session. */
  private async end(): Promise<never> {
    this.latest = undefined;
    const session = this.req.session;
    if (session) {
      delete session.music;
      await saveSession(session);
    }
    throw signInAgain();
  }
}

/** A third-party client's own bearer token: used as it is, never refreshed by the api. */
export class BearerTokenSource implements TokenSource {
  constructor(private readonly token: string) {}

  accessToken(): Promise<string> {
    return Promise.resolve(this.token);
  }

  refresh(): Promise<string> {
    return Promise.reject(signInAgain('The access token was refused; refresh it and try again.'));
  }
}
