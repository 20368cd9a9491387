import type { Request, Response, Router } from 'express';
import {
  deniedLocation,
  grantConsent,
  hasConsent,
  issueCode,
  validateAuthorizeRequest,
  type AuthorizeRequest,
} from './authorize';
import type { AccountsContext } from './context';
import { carriedDevice, continueDevice, isDeviceContinuation, type DeviceContinuation } from './device-routes';
import { form, formExpired, formValue, sendPage, sendSignInPage } from './forms';
import { consentPage, errorPage } from './pages';
import { csrfValid, type AccountSession } from './sessions';
import { displayName } from './store';

/**
 * The authorization pages: `/authorize` and the consent form's decision, and the way on from a
 * sign-in to the request that asked for it.
 */
export function addAuthorizeRoutes(router: Router, ctx: AccountsContext): void {
  router.get('/authorize', async (req, res) => {
    await authorize(ctx, req, res);
  });
  router.post('/authorize/decision', form, async (req, res) => {
    await decide(ctx, req, res);
  });
}

/** What a sign-in goes on to: an authorization request, a device's consent, or nothing. */
export type Continuation = AuthorizeRequest | DeviceContinuation | 'none';

/**
 * The authorization request, or the device, a form carries ('' for none). Null when it was
 * answered here: an error page (bad client or redirect URI, a device no longer waiting) or a
 * redirect with the error to the client.
 */
export async function carriedRequest(
  ctx: AccountsContext,
  query: string,
  res: Response,
  session: AccountSession | null = null,
): Promise<Continuation | null> {
  if (query === '') return 'none';
  const device = await carriedDevice(ctx, query, session, res);
  if (device !== undefined) return device;
  const validation = await validateAuthorizeRequest(ctx.db, new URLSearchParams(query), ctx.issuer);
  if (validation.kind === 'ok') return validation.request;
  if (validation.kind === 'page') sendPage(res, 400, errorPage(validation.title, validation.message));
  else res.redirect(303, validation.location);
  return null;
}

/** After a sign-in: on with the authorization or the device, or to the signed-in page. */
export async function afterSignIn(
  ctx: AccountsContext,
  request: Continuation,
  session: AccountSession,
  res: Response,
): Promise<void> {
  if (request === 'none') res.redirect(303, '/login');
  else if (isDeviceContinuation(request)) await continueDevice(ctx, request, session, res);
  else await continueAuthorization(ctx, request, session, res, { justSignedIn: true });
}

/**
 * Sign-in, consent or the code, depending on who is signed in and what they granted before.
 * `show_dialog=true` asks for both again: the sign-in (the password, even from a browser signed in
 * here, unless it was given for this very request) and the consent. An application sends it after its
 * user signed out of it, so that the next person at the same computer is not signed in as them.
 */
async function continueAuthorization(
  ctx: AccountsContext,
  request: AuthorizeRequest,
  session: AccountSession,
  res: Response,
  { justSignedIn }: { justSignedIn: boolean },
): Promise<void> {
  const userId = session.userId;
  if (userId === null || (request.showDialog && !justSignedIn)) {
    sendSignInPage(ctx, res, 200, { csrf: session.csrf, continueTo: request.query, clientName: request.client.name });
    return;
  }
  if (!request.showDialog && (await hasConsent(ctx.db, userId, request.client.client_id, request.scopes))) {
    res.redirect(303, await issueCode(ctx.db, request, { userId, authTime: session.startedAt }, ctx.issuer, ctx.now()));
    return;
  }
  sendPage(
    res,
    200,
    consentPage({
      csrf: session.csrf,
      request: request.query,
      clientName: request.client.name,
      userName: await displayName(ctx.db, userId),
      scopes: request.scopes,
    }),
  );
}

async function authorize(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const params = new URL(req.originalUrl, 'http://localhost').searchParams;
  const validation = await validateAuthorizeRequest(ctx.db, params, ctx.issuer);
  if (validation.kind === 'page') {
    sendPage(res, 400, errorPage(validation.title, validation.message, 'Go back to the application and try again.'));
    return;
  }
  if (validation.kind === 'redirect') {
    res.redirect(303, validation.location);
    return;
  }
  await continueAuthorization(ctx, validation.request, await ctx.sessions.loadOrStart(req, res), res, {
    justSignedIn: false,
  });
}

/** The consent form's answer: the code to the client when allowed, the error when denied. */
async function decide(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf')) || session.userId === null) {
    formExpired(res);
    return;
  }
  const request = await carriedRequest(ctx, formValue(req, 'request') ?? '', res, session);
  if (request === null) return;
  if (request === 'none' || isDeviceContinuation(request)) {
    sendPage(res, 400, errorPage('Nothing to allow', 'This form did not say which application asks.'));
    return;
  }
  if (formValue(req, 'decision') !== 'allow') {
    res.redirect(303, deniedLocation(request, ctx.issuer));
    return;
  }
  const at = ctx.now();
  await grantConsent(ctx.db, session.userId, request.client.client_id, request.scopes, at);
  res.redirect(
    303,
    await issueCode(ctx.db, request, { userId: session.userId, authTime: session.startedAt }, ctx.issuer, at),
  );
}
