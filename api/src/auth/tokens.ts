import type { Session, SessionData } from 'express-session';
import type { TokenSource } from '../music/client';
import { MusicApiError } from '../music/errors';
import { refreshTokens, TokenEndpointError, type ClientCredentials } from './token-endpoint';
import type { MusicSession } from './types';

/** Refresh this long before expiry, so a call never starts with a token about to lapse. */
const refreshMarginMs = 60_000;

/**
 * One refresh per session at a time, however many requests of that session race: they all
 * wait for the same promise. Keyed by session id; entries leave when the refresh settles.
 */
const inFlight = new Map<string, Promise<MusicSession>>();

function signInAgain(message = 'Your session has ended. Please sign in again.'): MusicApiError {
  return new MusicApiError(message, { code: 'UNAUTHENTICATED', status: 401, operation: 'POST /api/token' });
}

export type SessionWithMusic = Session & Partial<SessionData>;

function saveSession(session: SessionWithMusic): Promise<void> {
  return new Promise((resolve, reject) => {
    session.save((error: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error('The session could not be saved.'));
      else resolve();
    });
  });
}

function reloadSession(session: SessionWithMusic): Promise<void> {
  return new Promise((resolve) => {
    // A session destroyed elsewhere reloads as an error: keep what this request has.
    session.reload(() => {
      resolve();
    });
  });
}

/**
 * The signed-in person's tokens, kept in their server-side session. A refresh replaces the
 * access token, and the refresh token too when the service rotated it; `invalid_grant` ends
 * the music part of the session, so the next request asks to sign in.
 */
export class SessionTokenSource implements TokenSource {
  constructor(
    private readonly session: SessionWithMusic,
    private readonly client: ClientCredentials,
    private readonly now: () => number = Date.now,
  ) {}

  async accessToken(): Promise<string> {
    const music = this.session.music;
    if (!music) throw signInAgain('Sign in to use your music.');
    if (music.expiresAt - refreshMarginMs > this.now()) return music.accessToken;
    return (await this.refreshOnce(music.accessToken)).accessToken;
  }

  async refresh(): Promise<string> {
    const music = this.session.music;
    if (!music) throw signInAgain();
    return (await this.refreshOnce(music.accessToken)).accessToken;
  }

  /** Refreshes unless another request of this session already replaced `staleToken`. */
  private refreshOnce(staleToken: string): Promise<MusicSession> {
    const key = this.session.id;
    const running = inFlight.get(key);
    if (running) return running;
    const refresh = this.doRefresh(staleToken).finally(() => inFlight.delete(key));
    inFlight.set(key, refresh);
    return refresh;
  }

  private async doRefresh(staleToken: string): Promise<MusicSession> {
    // Another instance (or an earlier request) may have refreshed already: use its result.
    await reloadSession(this.session);
    const current = this.session.music;
    if (!current) throw signInAgain();
    if (current.accessToken !== staleToken && current.expiresAt - refreshMarginMs > this.now()) return current;
    if (!current.refreshToken) {
      delete this.session.music;
      await saveSession(this.session);
      throw signInAgain();
    }
    let tokens;
    try {
      tokens = await refreshTokens(this.client, current.refreshToken);
    } catch (error) {
      if (
        error instanceof TokenEndpointError &&
        (error.error === 'invalid_grant' || error.error === 'invalid_client')
      ) {
        delete this.session.music;
        await saveSession(this.session);
        throw signInAgain();
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
      scopes: tokens.scope ? tokens.scope.split(' ').filter(Boolean) : current.scopes,
    };
    this.session.music = updated;
    await saveSession(this.session);
    return updated;
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
