import { readFileSync } from 'node:fs';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/types';
import { requestLog } from '../ops/logger';
import {
  deniedLocation,
  grantConsent,
  hasConsent,
  issueCode,
  validateAuthorizeRequest,
  type AuthorizeRequest,
} from './authorize';
import { RegisteredOrigins, registeredOriginsCors } from './cors';
import { needsRehash, hashPassword, verifyDummyPassword, verifyPassword, type ScryptCost } from './crypto';
import { consumeSignInLink, sendSignInLink } from './email-links';
import { beginPasswordAttempt, finishPasswordAttempt, recordLinkRequest } from './limits';
import { outboxMailer, readOutbox, smtpMailer, type Mailer } from './mail';
import {
  authenticateClient,
  clientCredentials,
  exchangeCode,
  Fields,
  introspectToken,
  OAuthError,
  refreshTokens,
  revokeToken,
} from './oauth';
import {
  checkEmailPage,
  consentPage,
  errorPage,
  icon,
  iconPath,
  outboxPage,
  signedInPage,
  signedOutPage,
  signInPage,
  stylesheetPath,
  type SignInPageOptions,
} from './pages';
import { knownScopes } from './scopes';
import { isEmailAddress, normalizeEmail, pruneExpired } from './service';
import { AccountSessions, csrfValid, type AccountSession } from './sessions';

/** What the accounts service reads from the music service's configuration. */
export interface AccountsConfig {
  env: 'development' | 'production' | 'test';
  /** The issuer: where clients reach the service, without a trailing slash. */
  publicUrl: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** scrypt's cost for passwords: new hashes get it, and older hashes of a lower cost are raised to it. */
  passwordCost: ScryptCost;
  /** `smtp://` or `smtps://`; without it, mail goes to the outbox table (outside production only). */
  smtpUrl?: string | undefined;
  /** The From of the mail the service sends. */
  mailFrom?: string | undefined;
}

export interface AccountsDeps {
  db: Database;
  config: AccountsConfig;
  /** Where errors go, with the id of the request they happened in. */
  logger: Logger;
  /** The origins allowed to call the token endpoint from a browser (made here when not shared). */
  origins?: RegisteredOrigins;
  /** The clock, in milliseconds; tests move it instead of waiting. */
  now?: () => number;
  /** Where sign-in links go; by default SMTP when configured, else the outbox. */
  mailer?: Mailer;
  /** How often expired rows are deleted, in clock milliseconds (default 10 minutes; 0 never). */
  pruneEveryMs?: number;
  /** Told of work that goes on after the answer (sending a sign-in link), so that tests can wait for it. */
  onBackgroundTask?: (task: Promise<void>) => void;
}

const defaultMailFrom = 'Graphonic <no-reply@graphonic.invalid>';

const stylesheet = readFileSync(new URL('./assets/accounts.css', import.meta.url), 'utf8');

/** The parsers of the forms and of the OAuth endpoints: small bodies only. */
const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 50 });

const pagePaths = ['/authorize', '/login', '/logout', '/dev/outbox', '/accounts'];
const oauthPaths = ['/api/token', '/oauth/revoke', '/oauth/introspect'];

/** A form field sent once, as a string. */
function formValue(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/**
 * The accounts service, Spotify's accounts service in shape: the sign-in and consent pages,
 * the token, revocation and introspection endpoints, and the server's metadata. Mount it at
 * the root of the app, before the app's 404 handler.
 */
export function createAccountsRouter(deps: AccountsDeps): Router {
  const { db, config, logger } = deps;
  const now = deps.now ?? Date.now;
  const issuer = config.publicUrl;
  const secure = config.publicUrl.startsWith('https:');
  const production = config.env === 'production';
  const sessions = new AccountSessions(db, secure, now);
  // A production service without a mail server has nowhere to send links: it does not offer them.
  const mailer: Mailer | null =
    deps.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom ?? defaultMailFrom)
      : production
        ? null
        : outboxMailer(db, now));
  const pruneEveryMs = deps.pruneEveryMs ?? 10 * 60_000;
  let lastPrune = now();
  const router = express.Router();

  /** Deletes expired rows now and then, in the background, never on the request's time. */
  router.use((req, _res, next) => {
    if (pruneEveryMs > 0 && now() - lastPrune >= pruneEveryMs) {
      lastPrune = now();
      pruneExpired(db, lastPrune).catch((error: unknown) => {
        requestLog(req, logger).error({ err: error }, 'pruning expired sign-in data failed');
      });
    }
    next();
  });

  router.use(pagePaths, (_req, res, next) => {
    // The pages run no scripts and may not be framed; their forms and answers are never cached
    // and never leak their address (it may hold a sign-in link) to another site.
    res.set({
      'Content-Security-Policy':
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    next();
  });

  // Browser apps of registered clients exchange their codes (PKCE) and refresh their tokens here.
  router.use('/api/token', registeredOriginsCors(deps.origins ?? new RegisteredOrigins(db), ['POST']));

  router.use(oauthPaths, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    next();
  });

  router.get(stylesheetPath, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/css').send(stylesheet);
  });
  router.get(iconPath, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(icon);
  });

  // ---- Pages ----

  function signIn(res: Response, status: number, options: Omit<SignInPageOptions, 'emailLinks'>): void {
    sendPage(res, status, signInPage({ ...options, emailLinks: mailer !== null }));
  }

  function formExpired(res: Response): void {
    sendPage(
      res,
      403,
      errorPage(
        'Please try again',
        'This form expired, or it was opened in another browser.',
        'Go back to the application and start signing in again.',
      ),
    );
  }

  /**
   * The authorization request a form carries ('' for none). Null when it was answered here:
   * an error page (bad client or redirect URI) or a redirect with the error to the client.
   */
  async function carriedRequest(query: string, res: Response): Promise<AuthorizeRequest | 'none' | null> {
    if (query === '') return 'none';
    const validation = await validateAuthorizeRequest(db, new URLSearchParams(query), issuer);
    if (validation.kind === 'ok') return validation.request;
    if (validation.kind === 'page') sendPage(res, 400, errorPage(validation.title, validation.message));
    else res.redirect(303, validation.location);
    return null;
  }

  async function displayName(userId: string): Promise<string> {
    const { rows } = await db.query<{ display_name: string | null }>('SELECT display_name FROM users WHERE id = $1', [
      userId,
    ]);
    return rows[0]?.display_name ?? userId;
  }

  /** Sign-in, consent or the code, depending on who is signed in and what they granted before. */
  async function continueAuthorization(
    request: AuthorizeRequest,
    session: AccountSession,
    res: Response,
  ): Promise<void> {
    const userId = session.userId;
    if (userId === null) {
      signIn(res, 200, { csrf: session.csrf, continueTo: request.query, clientName: request.client.name });
      return;
    }
    if (!request.showDialog && (await hasConsent(db, userId, request.client.client_id, request.scopes))) {
      res.redirect(303, await issueCode(db, request, userId, issuer, now()));
      return;
    }
    sendPage(
      res,
      200,
      consentPage({
        csrf: session.csrf,
        request: request.query,
        clientName: request.client.name,
        userName: await displayName(userId),
        scopes: request.scopes,
      }),
    );
  }

  /** After a sign-in: on with the authorization, or to the signed-in page. */
  async function afterSignIn(
    request: AuthorizeRequest | 'none',
    session: AccountSession,
    res: Response,
  ): Promise<void> {
    if (request === 'none') res.redirect(303, '/login');
    else await continueAuthorization(request, session, res);
  }

  router.get('/authorize', async (req, res) => {
    const params = new URL(req.originalUrl, 'http://localhost').searchParams;
    const validation = await validateAuthorizeRequest(db, params, issuer);
    if (validation.kind === 'page') {
      sendPage(res, 400, errorPage(validation.title, validation.message, 'Go back to the application and try again.'));
      return;
    }
    if (validation.kind === 'redirect') {
      res.redirect(303, validation.location);
      return;
    }
    await continueAuthorization(validation.request, await sessions.loadOrStart(req, res), res);
  });

  router.get('/login', async (req, res) => {
    const session = await sessions.loadOrStart(req, res);
    if (session.userId !== null) {
      sendPage(res, 200, signedInPage({ csrf: session.csrf, userName: await displayName(session.userId) }));
      return;
    }
    signIn(res, 200, { csrf: session.csrf, continueTo: '', clientName: null });
  });

  router.post('/login', form, async (req, res) => {
    const session = await sessions.load(req);
    if (!csrfValid(session, formValue(req, 'csrf'))) {
      formExpired(res);
      return;
    }
    const continueTo = formValue(req, 'continue') ?? '';
    const request = await carriedRequest(continueTo, res);
    if (request === null) return;
    const clientName = request === 'none' ? null : request.client.name;
    const username = (formValue(req, 'username') ?? '').trim().toLowerCase();
    const password = formValue(req, 'password') ?? '';
    const page = { csrf: session.csrf, continueTo, clientName, username };
    if (username === '' || password === '') {
      signIn(res, 400, { ...page, error: { field: 'password', message: 'Enter your username and password.' } });
      return;
    }
    // Counted before the password is checked, so that requests sent together cannot all be checked.
    const attempt = await beginPasswordAttempt(db, { username, address: req.ip ?? 'unknown', now: now() });
    if (!attempt.allowed) {
      const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
      res.set('Retry-After', String(attempt.retryAfterSeconds));
      sendPage(
        res,
        429,
        errorPage(
          'Too many attempts',
          'Too many sign-in attempts failed, so signing in is paused for a while.',
          `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask for a sign-in link by e-mail.`,
        ),
      );
      return;
    }
    const { rows } = await db.query<{ id: string; password_hash: string | null }>(
      'SELECT id, password_hash FROM users WHERE id = $1',
      [username],
    );
    const user = rows[0];
    // An unknown username costs the same time as a wrong password, and gets the same answer.
    const ok = user?.password_hash
      ? await verifyPassword(password, user.password_hash)
      : await verifyDummyPassword(password, config.passwordCost);
    await finishPasswordAttempt(db, attempt.id, user && ok ? 'succeeded' : 'failed');
    if (!user || !ok) {
      signIn(res, 401, { ...page, error: { field: 'password', message: 'That username and password do not match.' } });
      return;
    }
    if (user.password_hash && needsRehash(user.password_hash, config.passwordCost)) {
      // Hashes of a lower cost are raised to the configured one while the password is at hand (never lowered).
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        user.id,
        await hashPassword(password, config.passwordCost),
      ]);
    }
    await afterSignIn(request, await sessions.signIn(req, res, user.id), res);
  });

  router.post('/login/email', form, async (req, res) => {
    const session = await sessions.load(req);
    if (!csrfValid(session, formValue(req, 'csrf'))) {
      formExpired(res);
      return;
    }
    if (mailer === null) {
      sendPage(res, 404, errorPage('Not available', 'This service does not send sign-in links by e-mail.'));
      return;
    }
    const continueTo = formValue(req, 'continue') ?? '';
    const request = await carriedRequest(continueTo, res);
    if (request === null) return;
    const email = normalizeEmail(formValue(req, 'email') ?? '');
    if (!isEmailAddress(email)) {
      signIn(res, 400, {
        csrf: session.csrf,
        continueTo,
        clientName: request === 'none' ? null : request.client.name,
        email,
        error: { field: 'email', message: 'Enter an e-mail address, like name@example.org.' },
      });
      return;
    }
    const at = now();
    const allowed = await recordLinkRequest(db, { email, address: req.ip ?? 'unknown', now: at });
    if (!allowed.address.allowed) {
      res.set('Retry-After', String(allowed.address.retryAfterSeconds));
      sendPage(
        res,
        429,
        errorPage(
          'Too many requests',
          'Too many sign-in links were asked for from here.',
          'Wait a few minutes, then try again.',
        ),
      );
      return;
    }
    if (allowed.send) {
      // In the background: answering only after looking the address up and talking to the
      // mail server would tell, by the time it takes, whether the address has an account.
      const task = sendSignInLink(db, mailer, { email, continueQuery: continueTo, publicUrl: issuer, now: at }).then(
        () => undefined,
        (error: unknown) => {
          requestLog(req, logger).error({ err: error }, 'sending a sign-in link failed');
        },
      );
      deps.onBackgroundTask?.(task);
    }
    sendPage(res, 200, checkEmailPage(email));
  });

  router.get('/login/email/:token', async (req, res) => {
    // Link checkers in mail systems often probe with HEAD: that must not spend the link.
    if (req.method === 'HEAD') {
      res.status(200).type('html').end();
      return;
    }
    const outcome = await consumeSignInLink(db, req.params.token, now());
    if (!outcome.ok) {
      const pages = {
        unknown: ['This sign-in link is not valid', 'Check that you opened the whole link from the e-mail.'],
        used: ['This sign-in link was already used', 'Each link works once.'],
        expired: ['This sign-in link expired', 'Links work for 10 minutes after they are sent.'],
      } as const;
      const [title, message] = pages[outcome.reason];
      sendPage(res, 400, errorPage(title, message, 'Ask for a new link on the sign-in page.'));
      return;
    }
    const session = await sessions.signIn(req, res, outcome.userId);
    const request = await carriedRequest(outcome.continueQuery, res);
    if (request === null) return;
    await afterSignIn(request, session, res);
  });

  router.post('/authorize/decision', form, async (req, res) => {
    const session = await sessions.load(req);
    if (!csrfValid(session, formValue(req, 'csrf')) || session.userId === null) {
      formExpired(res);
      return;
    }
    const request = await carriedRequest(formValue(req, 'request') ?? '', res);
    if (request === null) return;
    if (request === 'none') {
      sendPage(res, 400, errorPage('Nothing to allow', 'This form did not say which application asks.'));
      return;
    }
    if (formValue(req, 'decision') !== 'allow') {
      res.redirect(303, deniedLocation(request, issuer));
      return;
    }
    const at = now();
    await grantConsent(db, session.userId, request.client.client_id, request.scopes, at);
    res.redirect(303, await issueCode(db, request, session.userId, issuer, at));
  });

  router.post('/logout', form, async (req, res) => {
    const session = await sessions.load(req);
    if (!csrfValid(session, formValue(req, 'csrf'))) {
      formExpired(res);
      return;
    }
    await sessions.destroy(session, res);
    // "Not you?" on the consent page: back to the same request, to sign in as someone else.
    const continueTo = formValue(req, 'continue') ?? '';
    if (continueTo !== '') {
      const request = await carriedRequest(continueTo, res);
      if (request === null) return;
      if (request !== 'none') {
        res.redirect(303, `/authorize?${request.query}`);
        return;
      }
    }
    sendPage(res, 200, signedOutPage());
  });

  if (!production) {
    // Lets a developer sign in by e-mail link without a mail server. Never in production.
    router.get('/dev/outbox', async (_req, res) => {
      sendPage(res, 200, outboxPage(await readOutbox(db)));
    });
  }

  // ---- OAuth endpoints ----

  function oauthError(res: Response, error: OAuthError): void {
    if (error.error === 'invalid_client') res.set('WWW-Authenticate', 'Basic realm="accounts", charset="UTF-8"');
    res.status(error.status).json({ error: error.error, error_description: error.description });
  }

  /** Runs an OAuth endpoint: its errors leave as `{ error, error_description }`. */
  function oauthEndpoint(handler: (req: Request, res: Response, fields: Fields) => Promise<void>) {
    return async (req: Request, res: Response): Promise<void> => {
      try {
        if (req.is('application/x-www-form-urlencoded') === false) {
          throw new OAuthError(400, 'invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
        }
        await handler(req, res, Fields.from(req.body));
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        oauthError(res, error);
      }
    };
  }

  router.post(
    '/api/token',
    form,
    oauthEndpoint(async (req, res, fields) => {
      const grantType = fields.get('grant_type');
      if (grantType === undefined) throw new OAuthError(400, 'invalid_request', 'The parameter grant_type is missing.');
      const client = await authenticateClient(db, req.get('authorization'), fields, { allowPublic: true });
      const context = { ttlSeconds: config.accessTokenTtl, now: now() };
      switch (grantType) {
        case 'authorization_code':
          res.json(await exchangeCode(db, client, fields, context));
          return;
        case 'refresh_token':
          res.json(await refreshTokens(db, client, fields, context));
          return;
        case 'client_credentials':
          res.json(await clientCredentials(db, client, context));
          return;
        default:
          throw new OAuthError(
            400,
            'unsupported_grant_type',
            'grant_type must be authorization_code, refresh_token or client_credentials.',
          );
      }
    }),
  );

  router.post(
    '/oauth/revoke',
    form,
    oauthEndpoint(async (req, res, fields) => {
      const client = await authenticateClient(db, req.get('authorization'), fields, { allowPublic: true });
      await revokeToken(db, client, fields.require('token'), fields.get('token_type_hint'), now());
      res.status(200).end();
    }),
  );

  router.post(
    '/oauth/introspect',
    form,
    oauthEndpoint(async (req, res, fields) => {
      // Only a client that can prove who it is learns anything about a token.
      const client = await authenticateClient(db, req.get('authorization'), fields, { allowPublic: false });
      res.json(await introspectToken(db, client, fields.require('token'), fields.get('token_type_hint'), now()));
    }),
  );

  router.get('/.well-known/oauth-authorization-server', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/api/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      introspection_endpoint: `${issuer}/oauth/introspect`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: Object.keys(knownScopes),
      authorization_response_iss_parameter_supported: true,
    });
  });

  // Errors of this router's own routes: pages get a page, OAuth endpoints their JSON.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status =
      typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
        ? error.status
        : 500;
    const clientError = status >= 400 && status < 500;
    if (!clientError) requestLog(req, logger).error({ err: error }, 'unexpected error');
    if (oauthPaths.includes(req.path)) {
      res
        .status(clientError ? status : 500)
        .json(
          clientError
            ? { error: 'invalid_request', error_description: 'The request could not be read.' }
            : { error: 'server_error', error_description: 'Something went wrong on our side.' },
        );
      return;
    }
    sendPage(
      res,
      clientError ? 400 : 500,
      clientError
        ? errorPage('Please try again', 'The form could not be read.', 'Go back and send it again.')
        : errorPage('Something went wrong', 'Something went wrong on our side.', 'Try again in a moment.'),
    );
  });

  return router;
}
