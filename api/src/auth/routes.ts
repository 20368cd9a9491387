import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { MusicClient } from '../music/client';
import { upstreamOf } from '../music/upstream';
import { answerUnavailable } from '../ops/unavailable';
import { forgetSignOut, rememberSignOut, signedOutBefore } from './fresh-sign-in';
import { AddressLimit, loginLimit } from './login-limit';
import { endSessionUrl, exchangeCodeWithOpenId, nonceOf, OpenIdDiscovery, openIdScopes } from './openid';
import { safeReturnTo } from './return-to';
import { SignInStateStore, type PendingSignIn } from './sign-in-state';
import { BearerTokenSource } from './tokens';
import {
  accountsClient,
  authorizationUrl,
  exchangeCode,
  newVerifier,
  TokenEndpointError,
  type ClientCredentials,
  type TokenResponse,
} from './token-endpoint';
import { requestedScopes } from './scopes';
import { sessionCookieName } from './session';
import type { MusicSession } from './types';

/**
 * The music v1 client a sign-in reads its listener's profile with, given the access token just issued (no session
 * holds it yet) and the id of the callback's request.
 */
export type SignInMusic = (accessToken: string, requestId: string | undefined) => MusicClient;

export interface AuthRouterOptions {
  /** Where failed sign-ins are reported (without the code, the state or any secret). */
  logger: Logger;
  /** The longest wait for the token endpoint and the profile at sign-in. Default 10 s. */
  timeoutMs?: number;
  /**
   * The client of the profile read: the app's (its rate gate, its tuning, its record of upstream calls); by default one
   * of its own with `timeoutMs`.
   */
  music?: SignInMusic;
  /** The clock of the sign-in state's expiry and of the per-address limit (tests move it). */
  now?: () => number;
  /** The api's client at the accounts service (the one its sessions refresh with); made from the config by default. */
  client?: ClientCredentials;
  /** Whether the accounts service offers OpenID Connect; asked through its discovery document by default. */
  openId?: OpenIdDiscovery;
}

/** What a log line may say about a failed sign-in: the kind of failure and the OAuth error code, nothing else. */
function signInFailure(error: unknown): { reason: string; oauthError?: string } {
  if (!(error instanceof Error)) return { reason: typeof error };
  // The token client's TokenEndpointError carries the OAuth `error` code (or why no answer came).
  const code: unknown = error instanceof TokenEndpointError ? error.error : undefined;
  return {
    reason: error.name,
    ...(typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? { oauthError: code } : {}),
  };
}

/**
 * Reads who signed in, through the typed boundary like every other upstream call: its timeout, its retries of a
 * failed read and its status table are the client's. A refused token is not refreshed: the sign-in fails instead.
 */
async function readProfile(music: MusicClient): Promise<{ id: string; displayName: string | null }> {
  const profile = await upstreamOf(music).get('/me');
  if (typeof profile.id !== 'string' || profile.id === '') {
    throw new Error('The music service sent a profile without an id.');
  }
  return { id: profile.id, displayName: profile.display_name ?? null };
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

/** The music part of a session, from a code exchange without OpenID Connect: the profile names the listener. */
async function oauthSignIn(
  routes: SignInRoutes,
  callbackUrl: URL,
  checks: { state: string; verifier: string },
  requestId: string | undefined,
): Promise<MusicSession> {
  const tokens = await exchangeCode(routes.client, callbackUrl, checks);
  const profile = await readProfile(routes.music(tokens.access_token, requestId));
  return musicSession(tokens, profile.id, profile.displayName);
}

function musicSession(tokens: TokenResponse, userId: string, displayName: string | null): MusicSession {
  return {
    userId,
    displayName,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token || null,
    expiresAt: Date.now() + tokens.expires_in * 1000,
    lifetimeMs: tokens.expires_in * 1000,
    scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
  };
}

/** What the sign-in routes share: the api's client at the accounts service and the sealed sign-in state. */
interface SignInRoutes {
  config: Config;
  logger: Logger;
  client: ClientCredentials;
  music: SignInMusic;
  openId: OpenIdDiscovery;
  redirectUri: string;
  states: SignInStateStore;
  secure: boolean;
}

type Handler = (req: Request, res: Response) => Promise<void>;

/** `GET /auth/login`: sends the browser to the accounts service to sign in. */
function login({ client, openId, redirectUri, states }: SignInRoutes): Handler {
  return async (req, res) => {
    // A one-time state and the PKCE S256 verifier, sealed in a short-lived cookie: nothing is stored before sign-in.
    const verifier = newVerifier();
    const provider = await openId.provider();
    const state = states.begin(req, res, verifier, { openId: provider !== null });
    const scopes: string[] = provider ? [...requestedScopes, ...Object.keys(openIdScopes)] : requestedScopes;
    const target = await authorizationUrl(
      client,
      {
        redirectUri,
        scope: scopes.join(' '),
        state,
        verifier,
        // After a sign-out the service asks for the account again instead of signing the same one back in.
        showDialog: signedOutBefore(req),
        ...(provider ? { nonce: nonceOf(verifier) } : {}),
      },
      provider ?? undefined,
    );
    res.redirect(302, target.href);
  };
}

/** The music part of the session a callback makes, from the code in the query the browser brought. */
async function exchangeCallback(routes: SignInRoutes, req: Request, pending: PendingSignIn): Promise<MusicSession> {
  const { openId, redirectUri } = routes;
  // The redirect URI as registered, with the query the browser brought.
  const callbackUrl = new URL(redirectUri);
  callbackUrl.search = new URL(req.originalUrl, redirectUri).search;
  const checks = { state: pending.state, verifier: pending.verifier };
  if (pending.openId) {
    // Asked for at login: the ID token, validated, says who signed in; no profile request.
    const provider = await openId.provider();
    if (!provider) throw new Error('The sign-in service no longer offers OpenID Connect.');
    const signedIn = await exchangeCodeWithOpenId(provider, callbackUrl, checks);
    return { ...musicSession(signedIn.tokens, signedIn.userId, signedIn.displayName), idToken: signedIn.idToken };
  }
  return oauthSignIn(routes, callbackUrl, checks, typeof req.id === 'string' ? req.id : undefined);
}

/** Keeps the music part of a session in a new session. */
async function startSession(req: Request, music: MusicSession): Promise<void> {
  // A new session id at sign-in: an id planted before sign-in is worthless after it.
  await regenerate(req);
  req.session.music = music;
  await save(req);
}

/** `GET /auth/callback`: where the accounts service sends the browser back, with a code or an error. */
function callback(routes: SignInRoutes): Handler {
  const { logger, states, secure } = routes;
  return async (req, res) => {
    if (typeof req.query.error === 'string') {
      states.clear(res);
      toErrorPage(res, req.query.error === 'access_denied' ? 'access_denied' : 'sign_in_failed');
      return;
    }
    const pending = states.take(req, res, req.query.state);
    if (!pending) {
      // No token is asked for: a missing, wrong, spent or expired state ends here.
      toErrorPage(res, 'state_mismatch');
      return;
    }
    let music: MusicSession;
    try {
      music = await exchangeCallback(routes, req, pending);
    } catch (error) {
      // The reason goes to the log without the code or any secret; the person gets a plain page.
      logger.warn({ reqId: req.id, ...signInFailure(error) }, 'sign-in failed');
      toErrorPage(res, 'sign_in_failed');
      return;
    }
    const returnTo = safeReturnTo(pending.returnTo);
    try {
      await startSession(req, music);
    } catch (storeError) {
      // The session store failed (Redis restarting): the same answer as when it fails before a request.
      logger.warn({ err: storeError, reqId: req.id }, 'the session store failed');
      answerUnavailable(req, res);
      return;
    }
    forgetSignOut(res, secure);
    res.redirect(303, returnTo);
  };
}

/** The music service's end-session address for a session's ID token, or null (no ID token, not offered). */
async function endSessionAnswer({ config, openId }: SignInRoutes, idToken: string | undefined): Promise<URL | null> {
  if (idToken === undefined) return null;
  const provider = await openId.provider();
  return provider ? endSessionUrl(provider, idToken, `${config.publicUrl}/`) : null;
}

/** `POST /auth/logout`: ends the session here, and says where to end the sign-in at the music service. */
function logout(routes: SignInRoutes): (req: Request, res: Response) => void {
  const { logger, secure } = routes;
  return (req, res) => {
    // Only a listener who was signed in has a sign-in to forget; a visitor gets no cookie at all.
    const wasSignedIn = req.session.music !== undefined;
    const idToken = req.session.music?.idToken;
    req.session.destroy((error: unknown) => {
      if (error) {
        // Not signed out: the session is still in the store, and the person is told to try again.
        logger.warn({ err: error, reqId: req.id }, 'the session store failed');
        answerUnavailable(req, res);
        return;
      }
      res.clearCookie(sessionCookieName, { path: '/' });
      if (wasSignedIn) rememberSignOut(res, secure);
      // Signed out here whatever happens next: a failure to name the address only skips that step.
      void endSessionAnswer(routes, idToken)
        .catch(() => null)
        .then((url) => {
          // Where the browser goes next to end its sign-in at the music service too, when that service offers it.
          if (url) res.status(200).json({ endSessionUrl: url.href });
          else res.status(204).end();
        });
    });
  };
}

/**
 * Sign-in as a confidential OAuth client with state and PKCE (openid-client, token-endpoint.ts):
 * `/auth/login`, `/auth/callback` and `POST /auth/logout`; the sign-in after a sign-out asks the
 * music service for the account again (fresh-sign-in.ts). When the service offers OpenID Connect
 * (openid.ts), the sign-in asks for it too, the ID token names the listener, and signing out here
 * also ends the sign-in there. Tokens stay in the server-side session,
 * which is made only when a callback succeeds; until then the sign-in lives in a sealed cookie
 * (sign-in-state.ts).
 */
export function createAuthRouter(config: Config, options: AuthRouterOptions): Router {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = options.client ?? accountsClient(config, timeoutMs);
  const routes: SignInRoutes = {
    config,
    logger: options.logger,
    client,
    music:
      options.music ??
      ((accessToken) =>
        new MusicClient({ baseUrl: config.musicApiUrl, tokens: new BearerTokenSource(accessToken), timeoutMs })),
    openId: options.openId ?? new OpenIdDiscovery(client),
    redirectUri: `${config.publicUrl}/auth/callback`,
    states: new SignInStateStore({
      secrets: config.sessionSecrets,
      secure: config.env === 'production',
      now: options.now,
    }),
    secure: config.env === 'production',
  };
  const limit = new AddressLimit({ ...config.loginRateLimit, now: options.now });

  const router = express.Router();
  // One address may start only so many sign-ins (LOGIN_RATE_LIMIT); each gets its state in a cookie (sign-in-state.ts).
  router.get('/auth/login', loginLimit(limit), login(routes));
  router.get('/auth/callback', callback(routes));
  router.post('/auth/logout', logout(routes));
  return router;
}
