import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import passport from 'passport';
import OAuth2Strategy, { type VerifyCallback } from 'passport-oauth2';
import type { Logger } from 'pino';
import { fetch } from 'undici';
import type { Config } from '../config';
import { sharedDispatcher } from '../music/client';
import { answerUnavailable } from '../ops/unavailable';
import { AddressLimit, loginLimit } from './login-limit';
import { safeReturnTo } from './return-to';
import { SignInStateStore } from './sign-in-state';
import { exchangeCode, TokenEndpointError, type ClientCredentials, type TokenResponse } from './token-endpoint';
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

export interface AuthRouterOptions {
  /** Where failed sign-ins are reported (without the code, the state or any secret). */
  logger: Logger;
  /** The longest wait for the token endpoint and the profile at sign-in. Default 10 s. */
  timeoutMs?: number;
  /** The clock of the sign-in state's expiry and of the per-address limit (tests move it). */
  now?: () => number;
}

/** What a log line may say about a failed sign-in: the kind of failure and the OAuth error code, nothing else. */
function signInFailure(error: unknown): { reason: string; oauthError?: string } {
  if (!(error instanceof Error)) return { reason: typeof error };
  // passport-oauth2's TokenError and the token client's TokenEndpointError carry the OAuth `error` code.
  const code: unknown = 'code' in error ? error.code : error instanceof TokenEndpointError ? error.error : undefined;
  return {
    reason: error.name,
    ...(typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? { oauthError: code } : {}),
  };
}

/** Reads who signed in, with the fresh access token. */
async function fetchProfile(config: Config, accessToken: string, timeoutMs: number): Promise<Profile> {
  const response = await fetch(`${config.musicApiUrl}/me`, {
    dispatcher: sharedDispatcher,
    signal: AbortSignal.timeout(timeoutMs),
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The music service refused the profile request (${response.status}).`);
  const profile = (await response.json()) as Partial<Profile>;
  if (typeof profile.id !== 'string') throw new Error('The music service sent a profile without an id.');
  return { id: profile.id, display_name: profile.display_name ?? null };
}

/** How passport-oauth2 reports a token endpoint's refusal: the status and the JSON body it parses for `error`. */
type TokenCallback = (
  error: { statusCode: number; data: string } | Error | null,
  accessToken?: string,
  refreshToken?: string,
  params?: TokenResponse,
) => void;

/**
 * passport-oauth2 exchanges the code through the `oauth` package, which sets no timeout: a
 * sign-in service that never answers would hold the callback forever. The exchange goes
 * through the api's own token client instead (undici, a timeout, HTTP Basic), and answers
 * passport in the shape it expects.
 */
function exchangeCodesWithTimeout(strategy: OAuth2Strategy, client: ClientCredentials): void {
  const oauth2 = (strategy as unknown as { _oauth2: { getOAuthAccessToken: unknown } })._oauth2;
  oauth2.getOAuthAccessToken = (
    code: string,
    params: { redirect_uri?: string; code_verifier?: string },
    callback: TokenCallback,
  ): void => {
    exchangeCode(client, code, params).then(
      (tokens) => {
        callback(null, tokens.access_token, tokens.refresh_token, tokens);
      },
      (error: unknown) => {
        if (error instanceof TokenEndpointError && error.status > 0) {
          callback({
            statusCode: error.status,
            data: JSON.stringify({ error: error.error, error_description: error.message }),
          });
        } else {
          callback(error instanceof Error ? error : new Error('The token request failed.'));
        }
      },
    );
  };
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
 * `/auth/callback` and `POST /auth/logout`. Tokens stay in the server-side session, which is made
 * only when a callback succeeds; until then the sign-in lives in a sealed cookie (sign-in-state.ts).
 */
export function createAuthRouter(config: Config, options: AuthRouterOptions): Router {
  const { logger } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const states = new SignInStateStore({
    secrets: config.sessionSecrets,
    secure: config.env === 'production',
    now: options.now,
  });
  const limit = new AddressLimit({ ...config.loginRateLimit, now: options.now });
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
      // A one-time state and the PKCE S256 verifier, sealed in a short-lived cookie: nothing is stored before sign-in.
      state: true,
      pkce: true,
      store: states as unknown as OAuth2Strategy.StateStore,
      passReqToCallback: false,
    },
    (accessToken: string, refreshToken: string, params: TokenParams, _profile: unknown, done: VerifyCallback) => {
      fetchProfile(config, accessToken, timeoutMs).then(
        (profile) => {
          const music: MusicSession = {
            userId: profile.id,
            displayName: profile.display_name ?? null,
            accessToken,
            refreshToken: refreshToken || null,
            expiresAt: Date.now() + (params.expires_in ?? 3600) * 1000,
            lifetimeMs: (params.expires_in ?? 3600) * 1000,
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
  exchangeCodesWithTimeout(strategy, {
    tokenUrl: `${config.musicAccountsUrl}/api/token`,
    clientId: config.oauthClient.id,
    clientSecret: config.oauthClient.secret,
    timeoutMs,
  });
  authenticator.use(strategyName, strategy);

  const router = express.Router();
  router.use(authenticator.initialize());

  // One address may start only so many sign-ins (LOGIN_RATE_LIMIT); each gets its state in a cookie (sign-in-state.ts).
  router.get(
    '/auth/login',
    loginLimit(limit),
    authenticator.authenticate(strategyName, { session: false }) as RequestHandler,
  );

  router.get('/auth/callback', (req: Request, res: Response, next: NextFunction) => {
    if (typeof req.query.error === 'string') {
      states.clear(res);
      toErrorPage(res, req.query.error === 'access_denied' ? 'access_denied' : 'sign_in_failed');
      return;
    }
    (
      authenticator.authenticate(
        strategyName,
        { session: false },
        (
          error: unknown,
          music: MusicSession | false,
          info: { message?: string; state?: { returnTo?: string } } | undefined,
        ) => {
          if (error) {
            // The reason goes to the log without the code or any secret; the person gets a plain page.
            logger.warn({ reqId: req.id, ...signInFailure(error) }, 'sign-in failed');
            toErrorPage(res, 'sign_in_failed');
            return;
          }
          if (!music) {
            toErrorPage(res, info?.message?.includes('state') ? 'state_mismatch' : 'sign_in_failed');
            return;
          }
          const returnTo = safeReturnTo(info?.state?.returnTo);
          // A new session id at sign-in: an id planted before sign-in is worthless after it.
          regenerate(req)
            .then(async () => {
              req.session.music = music;
              await save(req);
              res.redirect(303, returnTo);
            })
            .catch((storeError: unknown) => {
              // The session store failed (Redis restarting): the same answer as when it fails before a request.
              logger.warn({ err: storeError, reqId: req.id }, 'the session store failed');
              answerUnavailable(req, res);
            });
        },
      ) as RequestHandler
    )(req, res, next);
  });

  router.post('/auth/logout', (req: Request, res: Response) => {
    req.session.destroy((error: unknown) => {
      if (error) {
        // Not signed out: the session is still in the store, and the person is told to try again.
        logger.warn({ err: error, reqId: req.id }, 'the session store failed');
        answerUnavailable(req, res);
        return;
      }
      res.clearCookie(sessionCookieName, { path: '/' });
      res.status(204).end();
    });
  });

  return router;
}
