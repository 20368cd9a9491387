import type { Database, Queryable } from '../db/types';
import { lifetimes } from './service';

/**
 * Limits on sign-in attempts, counted in the database so that they hold across restarts and
 * across processes sharing the store. A limit is a rolling window: an attempt counts for
 * `lifetimes.attemptWindowMs` after it was made.
 *
 * An attempt is counted before it is carried out, under a lock of its username and of its
 * address held by the store (PostgreSQL advisory locks; on the embedded engine a transaction
 * runs alone anyway): requests sent at the same time are counted one after the other, so the
 * limits hold however they are timed.
 */
export const attemptLimits = {
  /** Password checks per username that failed or are still running. */
  failuresPerUsername: 5,
  /** Password checks per network address that failed or are still running. */
  failuresPerAddress: 20,
  /** Sign-in links sent to one e-mail address (more are silently not sent). */
  linksPerEmail: 3,
  /** Requests for sign-in links per network address. */
  linkRequestsPerAddress: 20,
  /** User codes typed on the device verification page that matched no waiting device, per network address. */
  userCodeFailuresPerAddress: 10,
  /** Device codes asked for per network address (a device asks once per sign-in). */
  deviceCodesPerAddress: 30,
} as const;

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A password check that succeeded counts for nothing; one that failed, or is still running, counts. */
const unsuccessful = "AND outcome IS DISTINCT FROM 'succeeded'";

/**
 * The counters this module keeps: each is a fixed table, column, time column and condition,
 * and the lock that serialises its attempts: a class of PostgreSQL advisory locks of its own,
 * with the key's hash as the lock's second number.
 */
const counters = {
  attemptsByUsername: {
    table: 'sign_in_attempts',
    key: 'username',
    time: 'attempted_at',
    where: unsuccessful,
    lock: 4101,
  },
  attemptsByAddress: {
    table: 'sign_in_attempts',
    key: 'address',
    time: 'attempted_at',
    where: unsuccessful,
    lock: 4102,
  },
  linksByEmail: { table: 'sign_in_link_requests', key: 'email', time: 'requested_at', where: '', lock: 4103 },
  linksByAddress: { table: 'sign_in_link_requests', key: 'address', time: 'requested_at', where: '', lock: 4104 },
  userCodesByAddress: {
    table: 'user_code_attempts',
    key: 'address',
    time: 'attempted_at',
    where: unsuccessful,
    lock: 4105,
  },
  deviceCodesByAddress: { table: 'device_codes', key: 'requested_from', time: 'created_at', where: '', lock: 4106 },
} as const;

type Counter = keyof typeof counters;

/**
 * Holds, until `tx` ends, the locks of these counters' keys, in the order given. Every caller
 * takes the username's or e-mail's lock before the address's, so two callers never wait for
 * each other in a circle.
 */
async function lock(tx: Queryable, ...keys: [Counter, string][]): Promise<void> {
  for (const [counter, key] of keys) {
    await tx.query(`SELECT pg_advisory_xact_lock(${counters[counter].lock}, hashtext($1))`, [key]);
  }
}

/**
 * Whether one more attempt fits under `max` for `key`, and if not, when it will: the moment
 * enough of the counted attempts have left the window.
 */
async function check(db: Queryable, counter: Counter, key: string, max: number, now: number): Promise<LimitCheck> {
  const { table, key: column, time, where } = counters[counter];
  const since = new Date(now - lifetimes.attemptWindowMs);
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*) AS count FROM ${table} WHERE ${column} = $1 AND ${time} > $2 ${where}`,
    [key, since],
  );
  const count = rows[0]?.count ?? 0;
  if (count < max) return { allowed: true };
  const { rows: oldest } = await db.query<{ at: Date }>(
    `SELECT ${time} AS at FROM ${table} WHERE ${column} = $1 AND ${time} > $2 ${where}
     ORDER BY ${time} OFFSET $3 LIMIT 1`,
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

export type PasswordAttempt = { allowed: true; id: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a password check of this username from this address, before the password is checked,
 * when both are under their limits; refused (and not counted) otherwise. Report how it went
 * with `finishPasswordAttempt`: until then it counts as a failure, and so it stays if the
 * check never finishes.
 */
export async function beginPasswordAttempt(
  db: Pick<Database, 'transaction'>,
  attempt: Attempt,
): Promise<PasswordAttempt> {
  return db.transaction(async (tx) => {
    await lock(tx, ['attemptsByUsername', attempt.username], ['attemptsByAddress', attempt.address]);
    const limit = stricter(
      await check(tx, 'attemptsByUsername', attempt.username, attemptLimits.failuresPerUsername, attempt.now),
      await check(tx, 'attemptsByAddress', attempt.address, attemptLimits.failuresPerAddress, attempt.now),
    );
    if (!limit.allowed) return limit;
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO sign_in_attempts (username, address, attempted_at) VALUES ($1, $2, $3) RETURNING id',
      [attempt.username, attempt.address, new Date(attempt.now)],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The sign-in attempt was not recorded.');
    return { allowed: true, id };
  });
}

/**
 * Records how a counted check went. A failure keeps counting for the window; a success stops
 * counting, and clears nothing: the failures before it, of the username and of the address,
 * count on until they leave the window.
 */
export async function finishPasswordAttempt(db: Queryable, id: number, outcome: 'failed' | 'succeeded'): Promise<void> {
  await db.query('UPDATE sign_in_attempts SET outcome = $2 WHERE id = $1', [id, outcome]);
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
  db: Pick<Database, 'transaction'>,
  request: LinkRequest,
): Promise<{ address: LimitCheck; send: boolean }> {
  return db.transaction(async (tx) => {
    await lock(tx, ['linksByEmail', request.email], ['linksByAddress', request.address]);
    const address = await check(
      tx,
      'linksByAddress',
      request.address,
      attemptLimits.linkRequestsPerAddress,
      request.now,
    );
    if (!address.allowed) return { address, send: false };
    const email = await check(tx, 'linksByEmail', request.email, attemptLimits.linksPerEmail, request.now);
    await tx.query('INSERT INTO sign_in_link_requests (email, address, requested_at) VALUES ($1, $2, $3)', [
      request.email,
      request.address,
      new Date(request.now),
    ]);
    return { address, send: email.allowed };
  });
}

/** What a counter's limit allowed: the value recorded under it, or when to come back. */
export type Limited<T> = { allowed: true; value: T } | { allowed: false; retryAfterSeconds: number };

/**
 * Runs `record` (which adds what `counter` counts) when one more fits under `max` for `key`, under the key's lock,
 * so that requests sent together are counted one after the other; refused, with nothing recorded, otherwise.
 */
async function recordUnder<T>(
  db: Pick<Database, 'transaction'>,
  [counter, key]: [Counter, string],
  max: number,
  now: number,
  record: (tx: Queryable) => Promise<T>,
): Promise<Limited<T>> {
  return db.transaction(async (tx) => {
    await lock(tx, [counter, key]);
    const limit = await check(tx, counter, key, max, now);
    if (!limit.allowed) return limit;
    return { allowed: true, value: await record(tx) };
  });
}

/**
 * Counts a user code typed on the verification page from this address, before it is looked up,
 * when the address is under its limit; refused (and not counted) otherwise. Like a password check,
 * it counts as a failure until `finishUserCodeAttempt` says it matched. Answers the attempt's id.
 */
export async function beginUserCodeAttempt(
  db: Pick<Database, 'transaction'>,
  attempt: { address: string; now: number },
): Promise<Limited<number>> {
  const { address, now } = attempt;
  return recordUnder(db, ['userCodesByAddress', address], attemptLimits.userCodeFailuresPerAddress, now, async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO user_code_attempts (address, attempted_at) VALUES ($1, $2) RETURNING id',
      [address, new Date(now)],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The user code attempt was not recorded.');
    return id;
  });
}

/** Records whether a counted user code matched a waiting device: a match stops counting. */
export async function finishUserCodeAttempt(db: Queryable, id: number, outcome: 'failed' | 'succeeded'): Promise<void> {
  await db.query('UPDATE user_code_attempts SET outcome = $2 WHERE id = $1', [id, outcome]);
}

/**
 * Stores a new device code with `store` when this address is under its limit; refused (and nothing stored)
 * otherwise.
 */
export async function requestDeviceCode<T>(
  db: Pick<Database, 'transaction'>,
  request: { address: string; now: number },
  store: (tx: Queryable) => Promise<T>,
): Promise<Limited<T>> {
  return recordUnder(
    db,
    ['deviceCodesByAddress', request.address],
    attemptLimits.deviceCodesPerAddress,
    request.now,
    store,
  );
}
