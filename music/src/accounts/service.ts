import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { forgetRegisteredOrigins } from './cors';
import {
  hashClientSecret,
  hashPassword,
  randomToken,
  standardPasswordCost,
  tokenHash,
  verifyPassword,
  type ScryptCost,
} from './crypto';
import { forgetRevokedTokens } from './middleware';
import { redirectUriProblem } from './redirect-uris';
import { isKnownScope } from './scopes';

/** How long each thing the authorization server hands out stays valid. */
export const lifetimes = {
  /** Refresh tokens live six months from the original authorization; refreshing does not extend it. */
  refreshFamilyMs: 182 * 24 * 60 * 60 * 1000,
  authorizationCodeMs: 60_000,
  /** A device code and its user code: long enough to find a phone, sign in and type eight letters. */
  deviceCodeMs: 10 * 60_000,
  signInLinkMs: 10 * 60_000,
  /** A signed-in session of the sign-in pages. */
  sessionMs: 7 * 24 * 60 * 60 * 1000,
  /** A session that only carries a form's CSRF token, before anyone signs in. */
  anonymousSessionMs: 60 * 60_000,
  /** The window password checks and requests for links are counted over. */
  attemptWindowMs: 15 * 60_000,
} as const;

export const defaultAccessTokenTtl = 3600;

const userIdPattern = /^[a-z0-9][a-z0-9._-]{1,29}$/;
const clientIdPattern = /^[A-Za-z0-9._~-]{1,64}$/;
const minimumPasswordLength = 8;
const products: ReadonlySet<string> = new Set(['premium', 'free']);

/** A request the accounts service refuses, with a message fit for the person who made it. */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

/** E-mail addresses are stored and compared in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(email);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
// Two-letter regions the runtime names that are not countries (GB is the United Kingdom's code).
const notCountries = new Set(['EU', 'EZ', 'QO', 'UK', 'UN', 'ZZ']);

/** An ISO 3166-1 alpha-2 code the runtime knows (`SE`, `US`, and `XK`, which Spotify uses), not merely two letters. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || notCountries.has(code)) return false;
  try {
    return regionNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

export interface NewUser {
  /** The username: 2 to 30 of a-z, 0-9, `.`, `_`, `-`, starting with a letter or digit. */
  id: string;
  /** At least 8 characters; without one, the user signs in by e-mail link only. */
  password?: string;
  email?: string;
  displayName?: string;
  /** ISO 3166-1 alpha-2, `US` by default. */
  country?: string;
  product?: 'premium' | 'free';
  explicitFilterEnabled?: boolean;
  explicitFilterLocked?: boolean;
}

export interface CreatedUser {
  id: string;
  /** Never changes, even if the username does: what clients should link accounts by. */
  accountId: string;
}

export interface PasswordOptions {
  /** scrypt's cost for the password: the service's configured one (`config.passwordCost`); standard when not given. */
  passwordCost?: ScryptCost;
}

/**
 * Refuses a new user that no store would take, whatever it holds: a short password, a malformed username,
 * e-mail address, country or product, or an empty or long display name. Whether the username is free is the
 * store's to say.
 */
export function checkNewUser(user: NewUser): void {
  checkPassword(user);
  userFields(user);
}

export async function createUser(db: Queryable, user: NewUser, options: PasswordOptions = {}): Promise<CreatedUser> {
  checkPassword(user);
  return insertUser(db, user, options.passwordCost ?? standardPasswordCost);
}

function checkPassword(user: NewUser): void {
  if (user.password !== undefined && user.password.length < minimumPasswordLength) {
    throw new AccountError(`A password needs at least ${minimumPasswordLength} characters.`);
  }
}

/** A new user's stored fields, normalised, or an `AccountError` that says which one is wrong. */
function userFields(user: NewUser): { email: string | null; country: string; product: string; displayName: string } {
  if (!userIdPattern.test(user.id)) {
    throw new AccountError(
      'A username is 2 to 30 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit.',
    );
  }
  const email = user.email === undefined ? null : normalizeEmail(user.email);
  if (email !== null && !isEmailAddress(email)) throw new AccountError(`"${user.email}" is not an e-mail address.`);
  const country = (user.country ?? 'US').toUpperCase();
  if (!isCountryCode(country)) throw new AccountError(`"${user.country}" is not an ISO 3166-1 alpha-2 country code.`);
  const product = user.product ?? 'premium';
  // Checked at run time too: the command line passes whatever was typed.
  if (!products.has(product)) throw new AccountError('The product is "premium" or "free".');
  const displayName = (user.displayName ?? user.id).trim();
  if (displayName.length === 0 || displayName.length > 100) {
    throw new AccountError('A display name has 1 to 100 characters.');
  }
  return { email, country, product, displayName };
}

async function insertUser(db: Queryable, user: NewUser, passwordCost: ScryptCost): Promise<CreatedUser> {
  const { email, country, product, displayName } = userFields(user);
  const accountId = randomUUID();
  const passwordHash = user.password === undefined ? null : await hashPassword(user.password, passwordCost);
  const { rowCount } = await db.query(
    `INSERT INTO users (id, account_id, display_name, email, password_hash, country, product,
                        explicit_filter_enabled, explicit_filter_locked)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [
      user.id,
      accountId,
      displayName,
      email,
      passwordHash,
      country,
      product,
      user.explicitFilterEnabled ?? false,
      user.explicitFilterLocked ?? false,
    ],
  );
  if (rowCount === 0) throw new AccountError(`The username "${user.id}" or its e-mail address is taken.`);
  return { id: user.id, accountId };
}

/** The password of every demo listener: well known, so never valid on a production service. */
const demoPassword = 'demo';

/**
 * The ids of `count` demo listeners: `demo`, then `demo2`, `demo3`… Several let browser tests run
 * side by side, each with a listener (and a player) of its own.
 */
export function demoListenerIds(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? 'demo' : `demo${String(index + 1)}`));
}

/** A demo listener's id: `demo` or `demo` and a number from 2. */
const demoListenerId = /^demo(?:[2-9]|[1-9][0-9]+)?$/;

/**
 * A demo user (`demo` / `demo`, premium; `demo2` / `demo` and on when asked for), so that a fresh
 * machine has someone to sign in as. Resolves with true when it was created, false when it already existed.
 */
export async function ensureDemoUser(
  db: Queryable,
  production: boolean = process.env.NODE_ENV === 'production',
  options: PasswordOptions & { id?: string } = {},
): Promise<boolean> {
  const id = options.id ?? 'demo';
  // A well-known password must never exist on a production service.
  if (production) throw new AccountError('The demo user is not available in production.');
  if (!demoListenerId.test(id)) throw new AccountError(`"${id}" is not the id of a demo listener.`);
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1', [id]);
  if (rows.length > 0) return false;
  const number = id.slice('demo'.length);
  // Inserted directly: the demo password is deliberately shorter than the rule for real users.
  await insertUser(
    db,
    {
      id,
      password: demoPassword,
      displayName: number === '' ? 'Demo Listener' : `Demo Listener ${number}`,
      email: `${id}@graphonic.invalid`,
      country: 'SE',
      product: 'premium',
    },
    options.passwordCost ?? standardPasswordCost,
  );
  return true;
}

/**
 * For a production start: a store that once ran outside production may hold demo listeners,
 * whose password everyone knows. Their password stops working, and their sign-in sessions and
 * tokens end at once; their libraries stay. Resolves with the ids retired.
 */
export async function retireDemoSignIn(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ id: string; password_hash: string | null }>(
    "SELECT id, password_hash FROM users WHERE id LIKE 'demo%' AND password_hash IS NOT NULL ORDER BY id",
  );
  const retired: string[] = [];
  for (const { id, password_hash: hash } of rows) {
    if (!demoListenerId.test(id) || !hash || !(await verifyPassword(demoPassword, hash))) continue;
    const families = await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = NULL WHERE id = $1', [id]);
      await tx.query('DELETE FROM account_sessions WHERE user_id = $1', [id]);
      const revoked = await tx.query<{ id: string }>(
        'UPDATE token_families SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
        [id],
      );
      await tx.query(
        `UPDATE access_tokens SET revoked_at = now()
         WHERE family_id IN (SELECT id FROM token_families WHERE user_id = $1) AND revoked_at IS NULL`,
        [id],
      );
      return revoked.rows.map((row) => row.id);
    });
    // This process's bearer caches stop trusting them too.
    for (const familyId of families) forgetRevokedTokens({ familyId });
    retired.push(id);
  }
  return retired;
}

function checkRedirectUris(redirectUris: readonly string[]): void {
  if (redirectUris.length === 0) throw new AccountError('A client needs at least one redirect URI.');
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new AccountError(`Redirect URI ${problem}.`);
  }
}

export interface NewClient {
  /** Generated when not given. */
  clientId?: string;
  name: string;
  /** At least one, except for a device client, which signs in by device code only and may have none. */
  redirectUris: string[];
  /** Confidential clients get a secret; public clients have none and must use PKCE. */
  confidential: boolean;
  /** A client of a device or a command line (device authorization grant): public, redirect URIs optional. */
  device?: boolean;
}

export interface CreatedClient {
  clientId: string;
  /** Shown this once: only its hash is stored. Null for a public client. */
  clientSecret: string | null;
}

/**
 * Refuses a new client that no store would take (a malformed id or name, a device client with a secret, or
 * redirect URIs that are missing or not allowed), and answers its name as stored. Whether the id is free is the
 * store's to say.
 */
export function checkNewClient(client: NewClient): { name: string } {
  if (client.clientId !== undefined && !clientIdPattern.test(client.clientId)) {
    throw new AccountError('A client id is 1 to 64 URL-safe characters.');
  }
  const name = client.name.trim();
  if (name.length === 0 || name.length > 100) throw new AccountError('A client name has 1 to 100 characters.');
  if (client.device === true && client.confidential) {
    throw new AccountError('A device client is public: a secret on a device is no secret.');
  }
  // A device client with no redirect URI can never be sent a code through a browser: it polls for its tokens.
  if (client.device !== true || client.redirectUris.length > 0) checkRedirectUris(client.redirectUris);
  return { name };
}

export async function createClient(db: Queryable, client: NewClient): Promise<CreatedClient> {
  const { name } = checkNewClient(client);
  const clientId = client.clientId ?? randomToken(16).replace(/[-_]/g, '').slice(0, 20).toLowerCase();
  const clientSecret = client.confidential ? randomToken() : null;
  const { rowCount } = await db.query(
    `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [clientId, clientSecret === null ? null : hashClientSecret(clientSecret), name, client.redirectUris],
  );
  if (rowCount === 0) throw new AccountError(`The client id "${clientId}" is taken.`);
  forgetRegisteredOrigins();
  return { clientId, clientSecret };
}

/** The public client of the command-line example (examples/typed-client), registered outside production. */
export const exampleDeviceClient = { clientId: 'graphonic-cli', name: 'Graphonic command line' } as const;

/**
 * Registers the example's device client when it is missing, so that the example signs in on a fresh
 * machine. Never in production: there, an operator registers the clients they mean to allow.
 */
export async function ensureExampleDeviceClient(db: Queryable, production: boolean): Promise<boolean> {
  if (production) throw new AccountError('The example client is not registered in production.');
  const { rowCount } = await db.query(
    `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris) VALUES ($1, NULL, $2, '{}')
     ON CONFLICT DO NOTHING`,
    [exampleDeviceClient.clientId, exampleDeviceClient.name],
  );
  if (rowCount > 0) forgetRegisteredOrigins();
  return rowCount > 0;
}

/** The api's client as configuration describes it: `config.client` or named fields. */
export type ConfiguredClient =
  | { clientId: string; clientSecret: string; redirectUris: string[]; name?: string }
  | { id: string; secret: string; redirectUris: string[]; name?: string };

/**
 * Registers the api's client from configuration at start, or brings it up to date (secret,
 * redirect URIs, name): the configuration is the source of truth for this one client.
 */
export async function registerConfiguredClient(db: Queryable, client: ConfiguredClient): Promise<void> {
  const [clientId, clientSecret] =
    'clientId' in client ? [client.clientId, client.clientSecret] : [client.id, client.secret];
  if (!clientIdPattern.test(clientId)) throw new AccountError('A client id is 1 to 64 URL-safe characters.');
  if (clientSecret.length === 0) throw new AccountError('The configured client needs a secret.');
  checkRedirectUris(client.redirectUris);
  await db.query(
    `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris) VALUES ($1, $2, $3, $4)
     ON CONFLICT (client_id) DO UPDATE
       SET secret_hash = EXCLUDED.secret_hash, name = EXCLUDED.name, redirect_uris = EXCLUDED.redirect_uris`,
    [clientId, hashClientSecret(clientSecret), client.name ?? 'Graphonic', client.redirectUris],
  );
  forgetRegisteredOrigins();
}

/** The token endpoint's answer, in Spotify's shape. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  /** Space-separated; absent for client credentials, as at Spotify. */
  scope?: string;
  expires_in: number;
  refresh_token?: string;
  /** OpenID Connect: who signed in, for a code granted with `openid`. */
  id_token?: string;
}

export interface MintOptions {
  userId: string | null;
  clientId: string;
  scopes: readonly string[];
  ttlSeconds: number;
  withRefreshToken: boolean;
  /** Rotating within an existing family (a refresh) rather than starting one (a new authorization). */
  familyId?: string;
  now: number;
}

/** Stores a new access token (and refresh token) and returns them; the caller has checked everything. */
export async function mintTokens(db: Queryable, grant: MintOptions): Promise<TokenResponse & { familyId: string }> {
  const now = new Date(grant.now);
  let familyId = grant.familyId;
  if (familyId === undefined) {
    familyId = randomUUID();
    // Without a refresh token nothing outlives the access token, so neither does the family.
    const familyMs = grant.withRefreshToken ? lifetimes.refreshFamilyMs : grant.ttlSeconds * 1000;
    await db.query(
      `INSERT INTO token_families (id, client_id, user_id, scopes, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [familyId, grant.clientId, grant.userId, [...grant.scopes], now, new Date(grant.now + familyMs)],
    );
  }
  const accessToken = randomToken();
  await db.query('INSERT INTO access_tokens (token_hash, family_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
    tokenHash(accessToken),
    familyId,
    new Date(grant.now + grant.ttlSeconds * 1000),
    now,
  ]);
  const response: TokenResponse & { familyId: string } = {
    access_token: accessToken,
    token_type: 'Bearer',
    ...(grant.userId === null ? {} : { scope: grant.scopes.join(' ') }),
    expires_in: grant.ttlSeconds,
    familyId,
  };
  if (grant.withRefreshToken) {
    const refreshToken = randomToken();
    await db.query('INSERT INTO refresh_tokens (token_hash, family_id, created_at) VALUES ($1, $2, $3)', [
      tokenHash(refreshToken),
      familyId,
      now,
    ]);
    response.refresh_token = refreshToken;
  }
  return response;
}

export interface IssueOptions {
  /** Null for a client-credentials token (no user). */
  userId: string | null;
  clientId: string;
  scopes: readonly string[];
  /** True by default for a user, and impossible without one. */
  withRefreshToken?: boolean;
  /** Seconds; 3600 by default. */
  ttlSeconds?: number;
  now?: number;
}

/**
 * Refuses tokens that no store would issue (unknown scopes, a refresh token without a user, a lifetime below 1 s),
 * and answers whether a refresh token comes with them and their lifetime, the defaults filled in.
 */
export function checkTokenRequest(options: Omit<IssueOptions, 'clientId'>): {
  withRefreshToken: boolean;
  ttlSeconds: number;
} {
  const unknown = options.scopes.filter((scope) => !isKnownScope(scope));
  if (unknown.length > 0) throw new AccountError(`Unknown scope: ${unknown.join(', ')}.`);
  const withRefreshToken = options.withRefreshToken ?? options.userId !== null;
  if (withRefreshToken && options.userId === null) {
    throw new AccountError('A refresh token needs a user: client credentials have none.');
  }
  const ttlSeconds = options.ttlSeconds ?? defaultAccessTokenTtl;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1)
    throw new AccountError('The lifetime is a whole number of seconds, at least 1.');
  return { withRefreshToken, ttlSeconds };
}

/**
 * Issues tokens without the authorization pages, as if the user had consented: for the
 * command line (`token --user NAME --scopes …`) and for tests.
 */
export async function issueTokens(db: Queryable, options: IssueOptions): Promise<TokenResponse> {
  const { withRefreshToken, ttlSeconds } = checkTokenRequest(options);
  const client = await db.query('SELECT 1 FROM oauth_clients WHERE client_id = $1', [options.clientId]);
  if (client.rows.length === 0) throw new AccountError(`There is no client "${options.clientId}".`);
  if (options.userId !== null) {
    const user = await db.query('SELECT 1 FROM users WHERE id = $1', [options.userId]);
    if (user.rows.length === 0) throw new AccountError(`There is no user "${options.userId}".`);
  }
  const { familyId: _familyId, ...response } = await mintTokens(db, {
    userId: options.userId,
    clientId: options.clientId,
    scopes: [...new Set(options.scopes)],
    ttlSeconds,
    withRefreshToken,
    now: options.now ?? Date.now(),
  });
  return response;
}

/** Revokes a family: its refresh tokens stop refreshing and its access tokens stop working at once. */
export async function revokeFamily(db: Queryable, familyId: string, now: number = Date.now()): Promise<void> {
  // The bearer middleware's cache of this process stops trusting the family before the write.
  forgetRevokedTokens({ familyId });
  await db.query('UPDATE token_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    familyId,
    new Date(now),
  ]);
  await db.query('UPDATE access_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
    familyId,
    new Date(now),
  ]);
}

/** Revokes one access token, by its hash, at once: its family and refresh token stay. */
export async function revokeAccessToken(
  db: Queryable,
  accessTokenHash: string,
  now: number = Date.now(),
): Promise<void> {
  forgetRevokedTokens({ tokenHash: accessTokenHash });
  await db.query('UPDATE access_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
    accessTokenHash,
    new Date(now),
  ]);
}

/**
 * Deletes what can no longer be used. A spent code and an expired access token are kept a
 * day longer, so that a late replay is still recognised; used refresh tokens stay as long as
 * their family, for reuse detection.
 */
export async function pruneExpired(db: Queryable, now: number = Date.now()): Promise<void> {
  const at = new Date(now);
  const dayAgo = new Date(now - 24 * 60 * 60 * 1000);
  const windowAgo = new Date(now - lifetimes.attemptWindowMs);
  await db.query('DELETE FROM account_sessions WHERE expires_at <= $1', [at]);
  await db.query('DELETE FROM authorization_codes WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM token_families WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM access_tokens WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM sign_in_links WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM device_codes WHERE expires_at <= $1', [dayAgo]);
  await db.query('DELETE FROM user_code_attempts WHERE attempted_at <= $1', [windowAgo]);
  await db.query('DELETE FROM sign_in_attempts WHERE attempted_at <= $1', [windowAgo]);
  await db.query('DELETE FROM sign_in_link_requests WHERE requested_at <= $1', [windowAgo]);
  await db.query('DELETE FROM email_outbox WHERE created_at <= $1', [new Date(now - 7 * 24 * 60 * 60 * 1000)]);
}
