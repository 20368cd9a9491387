import { readFileSync } from 'node:fs';
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import { requestLog } from '../ops/logger';
import { addAuthorizeRoutes } from './authorize-routes';
import { accountsContext, type AccountsContext, type AccountsDeps } from './context';
import { RegisteredOrigins, registeredOriginsCors } from './cors';
import { addDeviceRoutes, deviceAuthorizationPath } from './device-routes';
import { verificationPath } from './device';
import { sendPage } from './forms';
import { addOAuthRoutes } from './oauth-routes';
import { addOpenIdRoutes, endSessionPath, userinfoPath } from './openid-routes';
import { errorPage, icon, iconPath, stylesheetPath } from './pages';
import { pruneExpired } from './service';
import { addSignInRoutes } from './sign-in-routes';

export type { AccountsConfig, AccountsDeps } from './context';

const stylesheet = readFileSync(new URL('./assets/accounts.css', import.meta.url), 'utf8');

const pagePaths = ['/authorize', '/login', '/logout', '/dev/outbox', '/accounts', verificationPath, endSessionPath];
const oauthPaths = ['/api/token', '/oauth/revoke', '/oauth/introspect', deviceAuthorizationPath, userinfoPath];

/**
 * The accounts service, Spotify's accounts service in shape: the sign-in and consent pages,
 * the token, revocation, introspection and device authorization endpoints, the device
 * verification pages, OpenID Connect's keys, UserInfo and sign-out, and the server's metadata.
 * Mount it at the root of the app, before the app's 404 handler. The routes are in
 * authorize-routes.ts, sign-in-routes.ts, oauth-routes.ts, device-routes.ts and openid-routes.ts;
 * what they store and read, in the modules they call.
 */
export function createAccountsRouter(deps: AccountsDeps): Router {
  const ctx = accountsContext(deps);
  const router = express.Router();
  router.use(pruneNowAndThen(ctx, deps.pruneEveryMs ?? 10 * 60_000));
  router.use(pagePaths, pageHeaders);
  // Browser apps of registered clients exchange their codes (PKCE) and refresh their tokens here.
  router.use('/api/token', registeredOriginsCors(deps.origins ?? new RegisteredOrigins(ctx.db), ['POST']));
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
  addAuthorizeRoutes(router, ctx);
  addSignInRoutes(router, ctx);
  addOAuthRoutes(router, ctx);
  addDeviceRoutes(router, ctx);
  addOpenIdRoutes(router, ctx);
  router.use(accountsErrors(ctx.logger));
  return router;
}

/** Deletes expired rows now and then, in the background, never on the request's time. */
function pruneNowAndThen(ctx: AccountsContext, pruneEveryMs: number): RequestHandler {
  let lastPrune = ctx.now();
  return (req, _res, next) => {
    if (pruneEveryMs > 0 && ctx.now() - lastPrune >= pruneEveryMs) {
      lastPrune = ctx.now();
      pruneExpired(ctx.db, lastPrune).catch((error: unknown) => {
        requestLog(req, ctx.logger).error({ err: error }, 'pruning expired sign-in data failed');
      });
    }
    next();
  };
}

/**
 * The pages run no scripts and may not be framed; their forms and answers are never cached
 * and never leak their address (it may hold a sign-in link) to another site.
 */
const pageHeaders: RequestHandler = (_req, res, next) => {
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
};

/** Errors of the router's own routes: pages get a page, OAuth endpoints their JSON. */
function accountsErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
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
  };
}
