import type { Request, Response, Router } from 'express';
import { grantConsent } from './authorize';
import type { AccountsContext } from './context';
import {
  decideDevice,
  findPendingDevice,
  formatUserCode,
  normalizeUserCode,
  startDeviceAuthorization,
  verificationPath,
  type PendingDevice,
} from './device';
import { form, formExpired, formValue, sendPage, sendPaused, sendSignInPage, waitInMinutes } from './forms';
import { beginUserCodeAttempt, finishUserCodeAttempt, requestDeviceCode } from './limits';
import { authenticateClient } from './oauth';
import { oauthEndpoint } from './oauth-routes';
import { deviceAnsweredPage, deviceCodePage, deviceConsentPage, errorPage } from './pages';
import { csrfValid, type AccountSession } from './sessions';
import { displayName } from './store';

export const deviceAuthorizationPath = '/oauth/device_authorization';

/**
 * The device authorization grant's endpoint and its verification pages (`/device`): type or
 * confirm the code, sign in if needed, then agree or cancel. The grant's polling is at the token
 * endpoint (oauth-routes.ts).
 */
export function addDeviceRoutes(router: Router, ctx: AccountsContext): void {
  router.post(
    deviceAuthorizationPath,
    form,
    oauthEndpoint(async (req, res, fields) => {
      // A confidential client proves its secret here too (RFC 8628 section 3.1); a public one names itself.
      const client = await authenticateClient(ctx.db, req.get('authorization'), fields, { allowPublic: true });
      const request = { address: req.ip ?? 'unknown', now: ctx.now() };
      const started = await requestDeviceCode(ctx.db, request, (tx) =>
        startDeviceAuthorization(tx, client, fields, { ...request, issuer: ctx.issuer }),
      );
      if (!started.allowed) {
        // Asking is open to anyone who names a public client, and each code is stored: an address is limited.
        // The error is OAuth's own for a server that cannot take the request for now (RFC 6749 section 4.1.2.1).
        res.set('Retry-After', String(started.retryAfterSeconds));
        res.status(429).json({
          error: 'temporarily_unavailable',
          error_description: `Too many device codes were asked for from this network address; try again in ${waitInMinutes(started.retryAfterSeconds)}.`,
        });
        return;
      }
      res.json(started.value);
    }),
  );
  router.get(verificationPath, async (req, res) => {
    await showCodeForm(ctx, req, res);
  });
  router.post(verificationPath, form, async (req, res) => {
    await enterCode(ctx, req, res);
  });
  router.post(`${verificationPath}/decision`, form, async (req, res) => {
    await decide(ctx, req, res);
  });
}

/** A sign-in on its way to a device's consent: what the sign-in forms carry as `continue`. */
export interface DeviceContinuation extends PendingDevice {
  /** `user_code=…`, the form's `continue` value. */
  query: string;
}

export function isDeviceContinuation(value: object): value is DeviceContinuation {
  return 'userCode' in value;
}

/** The `continue` value of a sign-in on its way to this device's consent. */
function continueQuery(userCode: string): string {
  return new URLSearchParams({ user_code: userCode }).toString();
}

/** Where "sign in as someone else" goes back to for this device. */
export function deviceLocation(device: DeviceContinuation): string {
  return `${verificationPath}?${new URLSearchParams({ user_code: formatUserCode(device.userCode) }).toString()}`;
}

/**
 * The device a sign-in form carries (`continue=user_code=…`); undefined when the form carries
 * something else. Null when it was answered here: the device no longer waits (the code page,
 * with why).
 */
export async function carriedDevice(
  ctx: AccountsContext,
  query: string,
  session: AccountSession | null,
  res: Response,
): Promise<DeviceContinuation | null | undefined> {
  const params = new URLSearchParams(query);
  const typed = params.get('user_code');
  if (typed === null || params.has('client_id')) return undefined;
  const userCode = normalizeUserCode(typed);
  const device = userCode === null ? null : await findPendingDevice(ctx.db, userCode, ctx.now());
  if (device === null) {
    sendPage(res, 400, deviceCodePage({ csrf: session?.csrf ?? '', error: codeNotWaiting }));
    return null;
  }
  return { ...device, query: continueQuery(device.userCode) };
}

const codeNotWaiting =
  'No device is waiting for that code: it may have expired or been answered. Check the code on your device, or start again there.';

/** The consent for a device, to a signed-in listener: asked each time (see decision 045). */
export async function continueDevice(
  ctx: AccountsContext,
  device: DeviceContinuation,
  session: AccountSession,
  res: Response,
): Promise<void> {
  if (session.userId === null) {
    sendSignInPage(ctx, res, 200, { csrf: session.csrf, continueTo: device.query, clientName: device.client.name });
    return;
  }
  sendPage(
    res,
    200,
    deviceConsentPage({
      csrf: session.csrf,
      userCode: formatUserCode(device.userCode),
      clientName: device.client.name,
      userName: await displayName(ctx.db, session.userId),
      scopes: device.scopes,
      continueTo: device.query,
    }),
  );
}

async function showCodeForm(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.loadOrStart(req, res);
  const typed = new URL(req.originalUrl, 'http://localhost').searchParams.get('user_code') ?? undefined;
  const normal = typed === undefined ? null : normalizeUserCode(typed);
  sendPage(
    res,
    200,
    deviceCodePage({
      csrf: session.csrf,
      userCode: normal === null ? typed : formatUserCode(normal),
      userName: session.userId === null ? null : await displayName(ctx.db, session.userId),
    }),
  );
}

/** The code typed: counted against the address, looked up, then sign-in or consent. */
async function enterCode(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf'))) {
    formExpired(res);
    return;
  }
  const typed = (formValue(req, 'user_code') ?? '').trim();
  const userCode = normalizeUserCode(typed);
  if (userCode === null) {
    sendPage(
      res,
      400,
      deviceCodePage({
        csrf: session.csrf,
        userCode: typed,
        error: 'Enter the code your device shows: 8 letters, like BCDF-GHJK.',
      }),
    );
    return;
  }
  const at = ctx.now();
  // Counted before the lookup, so that guesses sent together cannot all be looked up.
  const attempt = await beginUserCodeAttempt(ctx.db, { address: req.ip ?? 'unknown', now: at });
  if (!attempt.allowed) {
    sendPaused(
      res,
      attempt.retryAfterSeconds,
      errorPage(
        'Too many codes',
        'Too many codes that match no device were entered from here, so entering codes is paused for a while.',
        `Try again in ${waitInMinutes(attempt.retryAfterSeconds)}.`,
      ),
    );
    return;
  }
  const device = await findPendingDevice(ctx.db, userCode, at);
  await finishUserCodeAttempt(ctx.db, attempt.value, device === null ? 'failed' : 'succeeded');
  if (device === null) {
    sendPage(res, 400, deviceCodePage({ csrf: session.csrf, userCode: typed, error: codeNotWaiting }));
    return;
  }
  await continueDevice(ctx, { ...device, query: continueQuery(userCode) }, session, res);
}

/** The listener's answer: the device's next poll gets tokens, or `access_denied`. */
async function decide(ctx: AccountsContext, req: Request, res: Response): Promise<void> {
  const session = await ctx.sessions.load(req);
  if (!csrfValid(session, formValue(req, 'csrf')) || session.userId === null) {
    formExpired(res);
    return;
  }
  const userCode = normalizeUserCode(formValue(req, 'user_code') ?? '');
  const at = ctx.now();
  const device = userCode === null ? null : await findPendingDevice(ctx.db, userCode, at);
  const approved = formValue(req, 'decision') === 'allow';
  if (
    device === null ||
    !(await decideDevice(ctx.db, device.userCode, { userId: session.userId, approved, now: at }))
  ) {
    sendPage(res, 400, deviceCodePage({ csrf: session.csrf, error: codeNotWaiting }));
    return;
  }
  if (approved) await grantConsent(ctx.db, session.userId, device.client.client_id, device.scopes, at);
  sendPage(res, 200, deviceAnsweredPage({ clientName: device.client.name, approved }));
}
