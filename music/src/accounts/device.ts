import { randomInt } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { randomToken, tokenHash } from './crypto';
import {
  findClient,
  OAuthError,
  type AuthenticatedClient,
  type ClientRow,
  type Fields,
  type GrantContext,
} from './oauth';
import { parseScopes } from './scopes';
import { lifetimes, mintTokens, type TokenResponse } from './service';

/**
 * The device authorization grant (RFC 8628): a device with no browser, or no keyboard worth
 * typing a password on, gets a device code and a user code; the listener types the user code on
 * the verification page of any browser and approves; the device polls the token endpoint with
 * its device code until then. Both codes are stored only as hashes.
 */

export const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

/** Where the listener types the code: short, to be read off a screen and typed. */
export const verificationPath = '/device';

/** The interval a device is first told to poll at, in seconds; each `slow_down` adds 5 (RFC 8628 section 3.5). */
export const pollIntervalSeconds = 5;
const slowDownSeconds = 5;

/**
 * Twenty consonants: no vowels, so no words; no digits, so nothing to mistake for O or I; the
 * alphabet RFC 8628 section 6.1 suggests. Eight of them are about 34.6 bits, guessed only through
 * the verification page, whose attempts are limited per address.
 */
export const userCodeAlphabet = 'BCDFGHJKLMNPQRSTVWXZ';
const userCodeLength = 8;

/** A new user code, in its normal form (8 letters, no dash). */
export function newUserCode(): string {
  let code = '';
  for (let index = 0; index < userCodeLength; index += 1)
    code += userCodeAlphabet.charAt(randomInt(userCodeAlphabet.length));
  return code;
}

/** `BCDFGHJK` as the listener reads it: `BCDF-GHJK`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What was typed, in normal form, or null when it cannot be a user code: case, spaces and dashes
 * do not count (a person copies `bcdf ghjk` or `BCDF-GHJK` alike).
 */
export function normalizeUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== userCodeLength) return null;
  for (const char of code) if (!userCodeAlphabet.includes(char)) return null;
  return code;
}

/** The device authorization response (RFC 8628 section 3.2). */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/**
 * The device authorization endpoint: a device code and a user code for a registered client
 * (a confidential one has authenticated), for the scopes asked for.
 */
export async function startDeviceAuthorization(
  db: Queryable,
  { client }: AuthenticatedClient,
  fields: Fields,
  context: { issuer: string; now: number; address: string },
): Promise<DeviceAuthorization> {
  const scopes = parseScopes(fields.get('scope'));
  if (!scopes.ok) throw new OAuthError(400, 'invalid_scope', `Unknown scope: ${scopes.unknown.join(', ')}.`);
  const deviceCode = randomToken();
  // A new user code that matches a stored one (expired or not) is drawn again: a typed code finds one device.
  for (let tries = 0; tries < 5; tries += 1) {
    const userCode = newUserCode();
    const { rowCount } = await db.query(
      `INSERT INTO device_codes
         (device_code_hash, user_code_hash, client_id, scopes, interval_seconds, created_at, expires_at, requested_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [
        tokenHash(deviceCode),
        tokenHash(userCode),
        client.client_id,
        scopes.scopes,
        pollIntervalSeconds,
        new Date(context.now),
        new Date(context.now + lifetimes.deviceCodeMs),
        context.address,
      ],
    );
    if (rowCount === 0) continue;
    const shown = formatUserCode(userCode);
    const verificationUri = `${context.issuer}${verificationPath}`;
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${shown}`,
      expires_in: lifetimes.deviceCodeMs / 1000,
      interval: pollIntervalSeconds,
    };
  }
  throw new Error('No free user code was found.');
}

/** A device waiting for the listener's answer, as the verification page shows it. */
export interface PendingDevice {
  /** The user code in normal form. */
  userCode: string;
  client: ClientRow;
  scopes: string[];
}

/** The device waiting for this user code, or null when none is (unknown, answered, used or expired). */
export async function findPendingDevice(db: Queryable, userCode: string, now: number): Promise<PendingDevice | null> {
  const { rows } = await db.query<{ client_id: string; scopes: string[] }>(
    `SELECT client_id, scopes FROM device_codes
     WHERE user_code_hash = $1 AND status = 'pending' AND expires_at > $2`,
    [tokenHash(userCode), new Date(now)],
  );
  const row = rows[0];
  if (!row) return null;
  const client = await findClient(db, row.client_id);
  return client ? { userCode, client, scopes: row.scopes } : null;
}

/**
 * The listener's answer for the device waiting for this user code. Resolves false when no device
 * waits for it any more (answered in another tab, or expired meanwhile).
 */
export async function decideDevice(
  db: Queryable,
  userCode: string,
  decision: { userId: string; approved: boolean; now: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE device_codes SET status = $3, user_id = $4, decided_at = $5
     WHERE user_code_hash = $1 AND status = 'pending' AND expires_at > $2`,
    [
      tokenHash(userCode),
      new Date(decision.now),
      decision.approved ? 'approved' : 'denied',
      decision.userId,
      new Date(decision.now),
    ],
  );
  return rowCount > 0;
}

interface DeviceCodeRow {
  client_id: string;
  scopes: string[];
  status: 'pending' | 'approved' | 'denied' | 'used';
  user_id: string | null;
  interval_seconds: number;
  last_polled_at: Date | null;
  expires_at: Date;
}

type PollOutcome = TokenResponse | 'pending' | 'slow_down';

/**
 * `grant_type=urn:ietf:params:oauth:grant-type:device_code`: the device's poll. Pending, it is told
 * to wait (`authorization_pending`), or to wait longer when it came back within its interval
 * (`slow_down`, and its interval grows by 5 seconds); approved, it gets tokens as from a code,
 * once; denied, `access_denied`; expired, `expired_token`.
 */
export async function exchangeDeviceCode(
  db: Pick<Database, 'transaction'>,
  { client }: AuthenticatedClient,
  fields: Fields,
  context: GrantContext,
): Promise<TokenResponse> {
  const hash = tokenHash(fields.require('device_code'));
  const outcome = await db.transaction(async (tx): Promise<PollOutcome> => {
    const { rows } = await tx.query<DeviceCodeRow & Record<string, unknown>>(
      `SELECT client_id, scopes, status, user_id, interval_seconds, last_polled_at, expires_at
       FROM device_codes WHERE device_code_hash = $1 FOR UPDATE`,
      [hash],
    );
    const row = rows[0];
    if (!row || row.client_id !== client.client_id) throw new OAuthError(400, 'invalid_grant', 'Invalid device code');
    // Single use: the device that got its tokens has no reason to come back with the code.
    if (row.status === 'used') throw new OAuthError(400, 'invalid_grant', 'Invalid device code');
    if (row.expires_at.getTime() <= context.now) {
      throw new OAuthError(400, 'expired_token', 'The device code expired: ask for a new one.');
    }
    if (row.status === 'denied') throw new OAuthError(400, 'access_denied', 'The user declined.');
    if (row.status === 'pending') {
      const early =
        row.last_polled_at !== null && context.now - row.last_polled_at.getTime() < row.interval_seconds * 1000;
      // The poll is recorded either way, so a device that keeps polling too fast keeps being slowed.
      await tx.query(
        `UPDATE device_codes SET last_polled_at = $2, interval_seconds = interval_seconds + $3
         WHERE device_code_hash = $1`,
        [hash, new Date(context.now), early ? slowDownSeconds : 0],
      );
      return early ? 'slow_down' : 'pending';
    }
    if (row.user_id === null) throw new Error('An approved device code has no user.');
    const { familyId, ...tokens } = await mintTokens(tx, {
      userId: row.user_id,
      clientId: client.client_id,
      scopes: row.scopes,
      ttlSeconds: context.ttlSeconds,
      withRefreshToken: true,
      now: context.now,
    });
    await tx.query(
      `UPDATE device_codes SET status = 'used', used_at = $2, family_id = $3 WHERE device_code_hash = $1`,
      [hash, new Date(context.now), familyId],
    );
    return tokens;
  });
  // Thrown after the transaction, so that the recorded poll (and a grown interval) commits.
  if (outcome === 'pending') {
    throw new OAuthError(400, 'authorization_pending', 'The user has not answered yet.');
  }
  if (outcome === 'slow_down') {
    throw new OAuthError(400, 'slow_down', 'Polled faster than the interval: wait 5 seconds longer between polls.');
  }
  return outcome;
}
