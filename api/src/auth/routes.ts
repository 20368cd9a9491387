import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import passport from 'passport';
import OAuth2Strategy, { type VerifyCallback } from 'passport-oauth2';
import { fetch } from 'undici';
import type { Config } from '../config';
import { sharedDispatcher } from '../music/client';
import { safeReturnTo } from './return-to';
import { requestedScopes } from './scopes';
import { sessionCookieName } from './session';
import type { MusicSession } from './types';

const strategyName = 'music';

interface TokenParams {
  expires_in?: number;
  scope?: string;
}

interface Profile {
  id: string;
  display_name?: string | null;
}

/** Reads who signed in, with the fresh access token. */
async function fetchProfile(config: Config, accessToken: string): Promise<Profile> {
  const response = await fetch(`${config.musicApiUrl}/me`, {
    dispatcher: sharedDispatcher,
    signal: AbortSignal.timeout(10_000),
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The music service refused the profile request (${response.status}).`);
  const profile = (await response.json()) as Partial<Profile>;
  if (typeof profile.id !== 'string') throw new Error('The music service sent a profile without an id.');
  return { id: profile.id, display_name: profile.display_name ?? null };
}

/** Sends people to the client's error page with a code it explains in plain words. */
function toErrorPage(res: Response, code: string): void {
  res.redirect(303, `/auth/error?code=${encodeURIComponent(code)}`);
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((error: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error('The session could not be renewed.'));
      else resolve();
    });
  });
}

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.save((error: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error('The session could not be saved.'));
      else resolve();
    });
  });
}

/**
 * Sign-in as a confidential OAuth client with state and PKCE (passport-oauth2): `/auth/login`,
 * `/auth/callback` and `POST /auth/logout`. Tokens stay in the server-side session.
 */
export function createAuthRouter(config: Config): Router {
  const authenticator = new passport.Passport();
  const strategy = new OAuth2Strategy(
    {
      authorizationURL: `${config.musicAccountsUrl}/authorize`,
      tokenURL: `${config.musicAccountsUrl}/api/token`,
      clientID: config.oauthClient.id,
      clientSecret: config.oauthClient.secret,
      callbackURL: `${config.publicUrl}/auth/callback`,
      scope: requestedScopes,
      scopeSeparator: ' ',
      // A one-time state in the session, and PKCE S256 on top of the client secret.
      state: true,
      pkce: true,
      passReqToCallback: false,
    },
    (accessToken: string, refreshToken: string, params: TokenParams, _profile: unknown, done: VerifyCallback) => {
      fetchProfile(config, accessToken).then(
        (profile) => {
          const music: MusicSession = {
            userId: profile.id,
            displayName: profile.display_name ?? null,
            accessToken,
            refreshToken: refreshToken || null,
            expiresAt: Date.now() + (params.expires_in ?? 3600) * 1000,
            scopes: (params.scope ?? '').split(' ').filter(Boolean),
          };
          done(null, music);
        },
        (error: unknown) => {
          done(error instanceof Error ? error : new Error('The profile could not be read.'));
        },
      );
    },
  );
  authenticator.use(strategyName, strategy);

  const router = express.Router();
  router.use(authenticator.initialize());

  router.get('/auth/login', (req: Request, res: Response, next: NextFunction) => {
    req.session.returnTo = safeReturnTo(req.query.returnTo);
    (authenticator.authenticate(strategyName, { session: false }) as RequestHandler)(req, res, next);
  });

  router.get('/auth/callback', (req: Request, res: Response, next: NextFunction) => {
    if (typeof req.query.error === 'string') {
      toErrorPage(res, req.query.error === 'access_denied' ? 'access_denied' : 'sign_in_failed');
      return;
    }
    (
      authenticator.authenticate(
        strategyName,
        { session: false },
        (error: unknown, music: MusicSession | false, info: { message?: string } | undefined) => {
          if (error) {
            // The reason goes to the log without the code or any secret; the person gets a plain page.
            console.error(`Sign-in failed: ${error instanceof Error ? error.name : 'error'}`);
            toErrorPage(res, 'sign_in_failed');
            return;
          }
          if (!music) {
            toErrorPage(res, info?.message?.includes('state') ? 'state_mismatch' : 'sign_in_failed');
            return;
          }
          const returnTo = safeReturnTo(req.session.returnTo);
          // A new session id at sign-in: an id planted before sign-in is worthless after it.
          regenerate(req)
            .then(async () => {
              req.session.music = music;
              await save(req);
              res.redirect(303, returnTo);
            })
            .catch(next);
        },
      ) as RequestHandler
    )(req, res, next);
  });

  router.post('/auth/logout', (req: Request, res: Response, next: NextFunction) => {
    req.session.destroy((error: unknown) => {
      if (error) {
        next(error);
        return;
      }
      res.clearCookie(sessionCookieName, { path: '/' });
      res.status(204).end();
    });
  });

  return router;
}
