import express, { type Request, type Response } from 'express';
import type { AccountsContext } from './context';
import { errorPage, signInPage, type SignInPageOptions } from './pages';

/** The parser of the forms and of the OAuth endpoints: small bodies only. */
export const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 50 });

/** A form field sent once, as a string. */
export function formValue(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/** The sign-in page, offering links by e-mail when the service sends them. */
export function sendSignInPage(
  ctx: AccountsContext,
  res: Response,
  status: number,
  options: Omit<SignInPageOptions, 'emailLinks'>,
): void {
  sendPage(res, status, signInPage({ ...options, emailLinks: ctx.mailer !== null }));
}

/** The answer to a form whose CSRF token does not match its session. */
export function formExpired(res: Response): void {
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

/** A wait before trying again, in whole minutes and words: "1 minute", "15 minutes". */
export function waitInMinutes(retryAfterSeconds: number): string {
  const count = Math.ceil(retryAfterSeconds / 60);
  return `${String(count)} minute${count === 1 ? '' : 's'}`;
}

/** The answer to a request refused for a while: a 429 page with its Retry-After. */
export function sendPaused(res: Response, retryAfterSeconds: number, page: string): void {
  res.set('Retry-After', String(retryAfterSeconds));
  sendPage(res, 429, page);
}
