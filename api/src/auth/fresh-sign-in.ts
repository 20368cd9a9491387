import type { CookieOptions, Request, Response } from 'express';

/**
 * Signing out is signing out: the music service would otherwise sign the same account straight back
 * in on the next "Continue with …" (its own sign-in lasts). A browser that signed out here carries
 * this cookie until its next sign-in succeeds, and that sign-in asks the music service to show its
 * dialog again (`show_dialog=true`): Spotify asks which account, the local music service asks for the
 * password again.
 */
export const signedOutCookieName = 'graphonic.signedout';

/** As long as a browser may keep a cookie: a sign-out is remembered until the next sign-in. */
const rememberMs = 400 * 24 * 60 * 60 * 1000;

function cookieOptions(secure: boolean): CookieOptions {
  // Only the sign-in routes read it; HttpOnly because no script needs it. It can only make a sign-in
  // ask more (a forged or dropped one signs no one in), so it is neither sealed nor signed.
  return { httpOnly: true, sameSite: 'lax', secure, path: '/auth' };
}

/** Remembers that this browser signed out. */
export function rememberSignOut(res: Response, secure: boolean): void {
  res.cookie(signedOutCookieName, '1', { ...cookieOptions(secure), maxAge: rememberMs });
}

/** Forgets it, once a sign-in has asked for the account again and succeeded. */
export function forgetSignOut(res: Response, secure: boolean): void {
  res.clearCookie(signedOutCookieName, cookieOptions(secure));
}

/** Whether this browser signed out since its last sign-in. */
export function signedOutBefore(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim() === `${signedOutCookieName}=1`);
}
