import type { Request, Response, Router } from 'express';
import { requestLog } from '../ops/logger';
import { afterSignIn, carriedRequest, type Continuation } from './authorize-routes';
import type { AccountsContext } from './context';
import { deviceLocation, isDeviceContinuation } from './device-routes';
import { consumeSignInLink, sendSignInLink, type LinkOutcome } from './email-links';
import { form, formExpired, formValue, sendPage, sendPaused, sendSignInPage, waitInMinutes } from './forms';
import { beginPasswordAttempt, recordLinkRequest } from './limits';
import { readOutbox, type Mailer } from './mail';
import { checkEmailPage, errorPage, outboxPage, signedInPage, signedOutPage } from './pages';
import { checkPassword } from './password-check';
import { isEmailAddress, normalizeEmail } from './service';
import { csrfValid } from './sessions';
import { displayName } from './store';

/**
 * The sign-in pages: by password, by a link sent by e-mail, signing out, and (outside
 * production) the outbox of the links not sent by a mail server.
 */
export function addSignInRoutes(router: Router, ctx: AccountsContext): void {
  router.get('/login', async (req, res) => {
    await showSignIn(ctx, req, res);
  });
  router.post('/login', form, async (req, res) => {
    await signInWithPassword(ctx, req, res);
  });
  router.post('/login/email', form, async (req, res) => {
    await askForLink(ctx, req, res);
  });
  router.get('/login/email/:token', async (req, res) => {
    await signInWithLink(ctx, req, res);
  });
  router.post('/logout', form, async (req, res) => {
    await signOut(ctx, req, res);
  });
  if (!ctx.production) {
    // Lets a developer sign in by e-mail link without a mail server. Never in production.
    router.get('/dev/outbox', async (_req, res) => {
      sendPage(res, 200, outboxPage(await readOutbox(ctx.db)));
    });
  }
}

function clientNameOf(request: Continuation): string | null {
  return request === 'none' ? null : request.client.name;
}

async function showSignIn(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.loadOrStart(req, res);
  if (session.userId !== null) {
    sendPage(res, 200, signedInPage({ csrf: session.csrf, userName: await displayName(ctx.db, session.userId) }));
    return;
  }
  sendSignInPage(ctx, res, 200, { csrf: session.csrf, continueTo: '', clientName: null });
}

async function signInWithPassword(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf'))) {
    formExpired(res);
    return;
  }
  const continueTo = formValue(req, 'continue') ?? '';
  const request = await carriedRequest(ctx, continueTo, res, session);
  if (request === null) return;
  const username = (formValue(req, 'username') ?? '').trim().toLowerCase();
  const password = formValue(req, 'password') ?? '';
  const page = { csrf: session.csrf, continueTo, clientName: clientNameOf(request), username };
  if (username === '' || password === '') {
    sendSignInPage(ctx, res, 400, {
      ...page,
      error: { field: 'password', message: 'Enter your username and password.' },
    });
    return;
  }
  // Counted before the password is checked, so that requests sent together cannot all be checked.
  const attempt = await beginPasswordAttempt(ctx.db, { username, address: req.ip ?? 'unknown', now: ctx.now() });
  if (!attempt.allowed) {
    sendPaused(res, attempt.retryAfterSeconds, attemptsPausedPage(attempt.retryAfterSeconds));
    return;
  }
  const userId = await checkPassword(ctx.db, ctx.config.passwordCost, { id: attempt.id, username, password });
  if (userId === null) {
    sendSignInPage(ctx, res, 401, {
      ...page,
      error: { field: 'password', message: 'That username and password do not match.' },
    });
    return;
  }
  await afterSignIn(ctx, request, await ctx.sessions.signIn(req, res, userId), res);
}

function attemptsPausedPage(retryAfterSeconds: number): string {
  return errorPage(
    'Too many attempts',
    'Too many sign-in attempts failed, so signing in is paused for a while.',
    `Try again in ${waitInMinutes(retryAfterSeconds)}, or ask for a sign-in link by e-mail.`,
  );
}

async function askForLink(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf'))) {
    formExpired(res);
    return;
  }
  const mailer = ctx.mailer;
  if (mailer === null) {
    sendPage(res, 404, errorPage('Not available', 'This service does not send sign-in links by e-mail.'));
    return;
  }
  const continueTo = formValue(req, 'continue') ?? '';
  const request = await carriedRequest(ctx, continueTo, res, session);
  if (request === null) return;
  const email = normalizeEmail(formValue(req, 'email') ?? '');
  if (!isEmailAddress(email)) {
    sendSignInPage(ctx, res, 400, {
      csrf: session.csrf,
      continueTo,
      clientName: clientNameOf(request),
      email,
      error: { field: 'email', message: 'Enter an e-mail address, like name@example.org.' },
    });
    return;
  }
  const at = ctx.now();
  const allowed = await recordLinkRequest(ctx.db, { email, address: req.ip ?? 'unknown', now: at });
  if (!allowed.address.allowed) {
    sendPaused(res, allowed.address.retryAfterSeconds, linksPausedPage);
    return;
  }
  if (allowed.send) sendLinkInBackground(ctx, req, mailer, { email, continueQuery: continueTo, now: at });
  sendPage(res, 200, checkEmailPage(email));
}

const linksPausedPage = errorPage(
  'Too many requests',
  'Too many sign-in links were asked for from here.',
  'Wait a few minutes, then try again.',
);

/**
 * In the background: answering only after looking the address up and talking to the mail
 * server would tell, by the time it takes, whether the address has an account.
 */
function sendLinkInBackground(
  ctx: AccountsContext,
  req: Request,
  mailer: Mailer,
  link: { email: string; continueQuery: string; now: number },
): void {
  const task = sendSignInLink(ctx.db, mailer, { ...link, publicUrl: ctx.issuer }).then(
    () => undefined,
    (error: unknown) => {
      requestLog(req, ctx.logger).error({ err: error }, 'sending a sign-in link failed');
    },
  );
  ctx.onBackgroundTask(task);
}

const refusedLinks: Record<Exclude<LinkOutcome, { ok: true }>['reason'], readonly [string, string]> = {
  unknown: ['This sign-in link is not valid', 'Check that you opened the whole link from the e-mail.'],
  used: ['This sign-in link was already used', 'Each link works once.'],
  expired: ['This sign-in link expired', 'Links work for 10 minutes after they are sent.'],
};

async function signInWithLink(ctx: AccountsContext, req: Request<{ token: string }>, res: Response): Promise<void> {
  // Link checkers in mail systems often probe with HEAD: that must not spend the link.
  if (req.method === 'HEAD') {
    res.status(200).type('html').end();
    return;
  }
  const outcome = await consumeSignInLink(ctx.db, req.params.token, ctx.now());
  if (!outcome.ok) {
    const [title, message] = refusedLinks[outcome.reason];
    sendPage(res, 400, errorPage(title, message, 'Ask for a new link on the sign-in page.'));
    return;
  }
  const session = await ctx.sessions.signIn(req, res, outcome.userId);
  const request = await carriedRequest(ctx, outcome.continueQuery, res, session);
  if (request === null) return;
  await afterSignIn(ctx, request, session, res);
}

async function signOut(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf'))) {
    formExpired(res);
    return;
  }
  await ctx.sessions.destroy(session, res);
  // "Not you?" on the consent page: back to the same request, to sign in as someone else.
  const continueTo = formValue(req, 'continue') ?? '';
  if (continueTo !== '') {
    const request = await carriedRequest(ctx, continueTo, res);
    if (request === null) return;
    if (request !== 'none') {
      res.redirect(303, isDeviceContinuation(request) ? deviceLocation(request) : `/authorize?${request.query}`);
      return;
    }
  }
  sendPage(res, 200, signedOutPage());
}
