import type { Queryable } from '../db/types';
import { lifetimes } from './service';

/**
 * Limits on sign-in attempts, counted in the database so that they hold across restarts and
 * across processes sharing the store. A limit is a rolling window: an attempt counts for
 * `lifetimes.attemptWindowMs` after it was made.
 */
export const attemptLimits = {
  /** Failed password sign-ins per username. */
  failuresPerUsername: 5,
  /** Failed password sign-ins per network address. */
  failuresPerAddress: 20,
  /** Sign-in links sent to one e-mail address (more are silently not sent). */
  linksPerEmail: 3,
  /** Requests for sign-in links per network address. */
  linkRequestsPerAddress: 20,
} as const;

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The counters this module keeps: each is a fixed table, column and time column. */
const counters = {
  failuresByUsername: { table: 'sign_in_failures', key: 'username', time: 'failed_at' },
  failuresByAddress: { table: 'sign_in_failures', key: 'address', time: 'failed_at' },
  linksByEmail: { table: 'sign_in_link_requests', key: 'email', time: 'requested_at' },
  linksByAddress: { table: 'sign_in_link_requests', key: 'address', time: 'requested_at' },
} as const;

/**
 * Whether one more attempt fits under `max` for `key`, and if not, when it will: the moment
 * enough of the counted attempts have left the window.
 */
async function check(
  db: Queryable,
  counter: keyof typeof counters,
  key: string,
  max: number,
  now: number,
): Promise<LimitCheck> {
  const { table, key: column, time } = counters[counter];
  const since = new Date(now - lifetimes.attemptWindowMs);
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*) AS count FROM ${table} WHERE ${column} = $1 AND ${time} > $2`,
    [key, since],
  );
  const count = rows[0]?.count ?? 0;
  if (count < max) return { allowed: true };
  const { rows: oldest } = await db.query<{ at: Date }>(
    `SELECT ${time} AS at FROM ${table} WHERE ${column} = $1 AND ${time} > $2 ORDER BY ${time} OFFSET $3 LIMIT 1`,
    [key, since, count - max],
  );
  const freedAt = (oldest[0]?.at.getTime() ?? now) + lifetimes.attemptWindowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

function stricter(a: LimitCheck, b: LimitCheck): LimitCheck {
  if (a.allowed) return b;
  if (b.allowed) return a;
  return a.retryAfterSeconds >= b.retryAfterSeconds ? a : b;
}

export interface Attempt {
  username: string;
  address: string;
  now: number;
}

/** May this username, from this address, try a password now? */
export async function checkPasswordAttempt(db: Queryable, attempt: Attempt): Promise<LimitCheck> {
  return stricter(
    await check(db, 'failuresByUsername', attempt.username, attemptLimits.failuresPerUsername, attempt.now),
    await check(db, 'failuresByAddress', attempt.address, attemptLimits.failuresPerAddress, attempt.now),
  );
}

export async function recordPasswordFailure(db: Queryable, attempt: Attempt): Promise<void> {
  await db.query('INSERT INTO sign_in_failures (username, address, failed_at) VALUES ($1, $2, $3)', [
    attempt.username,
    attempt.address,
    new Date(attempt.now),
  ]);
}

/** A successful sign-in clears the username's counter (the address keeps its own). */
export async function clearPasswordFailures(db: Queryable, username: string): Promise<void> {
  await db.query('DELETE FROM sign_in_failures WHERE username = $1', [username]);
}

export interface LinkRequest {
  email: string;
  address: string;
  now: number;
}

/**
 * Records a request for a sign-in link. Answers whether the address may ask at all (over
 * the limit: 429), and whether a link may go to this e-mail address (over its limit the
 * request is answered as usual and nothing is sent, so that nobody can flood a mailbox).
 */
export async function recordLinkRequest(
  db: Queryable,
  request: LinkRequest,
): Promise<{ address: LimitCheck; send: boolean }> {
  const address = await check(db, 'linksByAddress', request.address, attemptLimits.linkRequestsPerAddress, request.now);
  if (!address.allowed) return { address, send: false };
  const email = await check(db, 'linksByEmail', request.email, attemptLimits.linksPerEmail, request.now);
  await db.query('INSERT INTO sign_in_link_requests (email, address, requested_at) VALUES ($1, $2, $3)', [
    request.email,
    request.address,
    new Date(request.now),
  ]);
  return { address, send: email.allowed };
}
