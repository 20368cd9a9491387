import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { safeReturnTo } from './return-to';

/**
 * A sign-in under way lives in a cookie of its own, not in the session store: the OAuth `state`,
 * the PKCE verifier and where to go afterwards, sealed with AES-256-GCM under a key derived from
 * the session secret (so the browser can neither read the verifier nor change anything), for ten
 * minutes. `/auth/login` stores nothing on the server, however often it is called; the session is
 * made only when a callback succeeds. The cookie is spent by the first callback that reads it.
 */

export const signInCookieName = 'graphonic.signin';
/** Long enough to sign in and consent at the music service; a state older than this is refused. */
export const signInLifetimeMs = 10 * 60 * 1000;
/** Only the callback reads it. */
const cookiePath = '/auth/callback';
const ivBytes = 12;
const tagBytes = 16;

export interface PendingSignIn {
  /** The OAuth `state` sent to the authorization server. */
  state: string;
  /** The PKCE verifier whose S256 challenge was sent. */
  verifier: string;
  /** Where to go after signing in: a same-origin path. */
  returnTo: string;
  /** Epoch milliseconds after which the sign-in is refused. */
  expiresAt: number;
  /** The sign-in asked for OpenID Connect: the callback expects an ID token (its nonce derives from the verifier). */
  openId?: boolean;
}

/** The sealing key for one session secret. */
function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'graphonic sign-in state', 32));
}

function seal(pending: PendingSignIn, key: Buffer): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // Bound to this cookie's name: no other sealed value of the api can stand in for it.
  cipher.setAAD(Buffer.from(signInCookieName));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

function isPending(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.state === 'string' &&
    typeof record.verifier === 'string' &&
    typeof record.returnTo === 'string' &&
    typeof record.expiresAt === 'number' &&
    (record.openId === undefined || typeof record.openId === 'boolean')
  );
}

function open(value: string, keys: readonly Buffer[]): PendingSignIn | null {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length <= ivBytes + tagBytes) return null;
  const iv = bytes.subarray(0, ivBytes);
  const sealed = bytes.subarray(ivBytes, bytes.length - tagBytes);
  const tag = bytes.subarray(bytes.length - tagBytes);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(signInCookieName));
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
      const parsed: unknown = JSON.parse(text);
      return isPending(parsed) ? parsed : null;
    } catch {
      // Sealed with another secret, or changed: the next secret may open it.
    }
  }
  return null;
}

/** Seals `pending` as the cookie's value with the newest of `secrets` (tests forge cookies with it). */
export function sealSignInState(pending: PendingSignIn, secrets: readonly string[]): string {
  return seal(pending, keyOf(secrets[0] ?? ''));
}

/** Opens a cookie value sealed with any of `secrets`, or null when none opens it. */
export function openSignInState(value: string, secrets: readonly string[]): PendingSignIn | null {
  return open(value, secrets.map(keyOf));
}

/** The values of every cookie called `name` the request carries. */
function cookieValues(req: Request, name: string): string[] {
  return (req.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SignInStateOptions {
  /** Cookie signing secrets, newest first: the newest seals, any opens (rotation). */
  secrets: readonly string[];
  /** Send the cookie over https only (production). */
  secure: boolean;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * The sign-ins under way: `begin` seals a new one in the browser's cookie, and `take` opens it
 * again at the callback, spending it.
 */
export class SignInStateStore {
  private readonly keys: Buffer[];
  private readonly now: () => number;
  private readonly cookie: CookieOptions;

  constructor(options: SignInStateOptions) {
    this.keys = options.secrets.map(keyOf);
    this.now = options.now ?? Date.now;
    // Scripts cannot read it; Lax, because the callback is a cross-site top-level navigation that must carry it.
    this.cookie = { httpOnly: true, sameSite: 'lax', secure: options.secure, path: cookiePath };
  }

  /**
   * Starts a sign-in with the PKCE `verifier` (and OpenID Connect when `openId`): seals it in the
   * cookie and answers the new one-time `state`.
   */
  begin(req: Request, res: Response, verifier: string, options: { openId?: boolean } = {}): string {
    const pending: PendingSignIn = {
      state: randomBytes(24).toString('base64url'),
      verifier,
      returnTo: safeReturnTo(req.query.returnTo),
      expiresAt: this.now() + signInLifetimeMs,
      ...(options.openId ? { openId: true } : {}),
    };
    const key = this.keys[0];
    if (!key) throw new Error('A sign-in cannot start without a secret.');
    res.cookie(signInCookieName, seal(pending, key), { ...this.cookie, maxAge: signInLifetimeMs });
    return pending.state;
  }

  /**
   * The sign-in the callback finishes, when its cookie opens, is still fresh and its state is
   * `providedState`; null otherwise.
   */
  take(req: Request, res: Response, providedState: unknown): PendingSignIn | null {
    const pending = cookieValues(req, signInCookieName)
      .map((value) => open(value, this.keys))
      .find((opened) => opened !== null);
    // Spent by this callback whatever it brings: a replayed callback finds nothing to verify against.
    this.clear(res);
    if (!pending || pending.expiresAt <= this.now()) return null;
    if (typeof providedState !== 'string' || !sameString(providedState, pending.state)) return null;
    return pending;
  }

  /** Forgets the sign-in under way (a refused consent, or once a callback read it). */
  clear(res: Response): void {
    res.clearCookie(signInCookieName, this.cookie);
  }
}
