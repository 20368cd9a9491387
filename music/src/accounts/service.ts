import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';
import { hashSecret, randomToken, tokenHash } from './crypto';

/** Refresh tokens live six months from the original authorization, as Spotify's do since 2026. */
export const refreshFamilyLifetimeMs = 182 * 24 * 60 * 60 * 1000;

const userIdPattern = /^[a-z0-9][a-z0-9._-]{1,29}$/;

export class AccountError extends Error {}

export interface NewUser {
  id: string;
  password?: string;
  email?: string;
  displayName?: string;
  country?: string;
  product?: 'premium' | 'free';
}

export async function createUser(db: Queryable, user: NewUser): Promise<void> {
  if (!userIdPattern.test(user.id)) {
    throw new AccountError('A username is 2 to 30 lowercase letters, digits, dots, dashes or underscores.');
  }
  const passwordHash = user.password ? await hashSecret(user.password) : null;
  const { rowCount } = await db.query(
    `INSERT INTO users (id, account_id, display_name, email, password_hash, country, product)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [
      user.id,
      randomUUID(),
      user.displayName ?? user.id,
      user.email ?? null,
      passwordHash,
      user.country ?? 'US',
      user.product ?? 'premium',
    ],
  );
  if (rowCount === 0) throw new AccountError(`The username or e-mail of "${user.id}" is taken.`);
}

/** The demo user (password "demo"), so a fresh machine has someone to sign in as. Never in production. */
export async function ensureDemoUser(db: Queryable, production: boolean): Promise<boolean> {
  // A known password must never exist on a production service.
  if (production) throw new AccountError('The demo user is not available in production.');
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1', ['demo']);
  if (rows.length > 0) return false;
  await createUser(db, {
    id: 'demo',
    password: 'demo',
    displayName: 'Demo Listener',
    email: 'demo@graphonic.invalid',
    country: 'SE',
  });
  return true;
}

export interface NewClient {
  clientId?: string;
  name: string;
  redirectUris: string[];
  /** Confidential clients get a secret; public clients must use PKCE. */
  confidential: boolean;
}

/** Registers a client; resolves with its id and, for a confidential client, its secret (shown once). */
export async function createClient(
  db: Queryable,
  client: NewClient,
): Promise<{ clientId: string; clientSecret: string | null }> {
  const clientId = client.clientId ?? randomToken().slice(0, 32);
  const clientSecret = client.confidential ? randomToken() : null;
  if (client.redirectUris.length === 0 || !client.redirectUris.every((uri) => URL.canParse(uri))) {
    throw new AccountError('A client needs at least one valid redirect URI.');
  }
  await db.query('INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris) VALUES ($1, $2, $3, $4)', [
    clientId,
    clientSecret ? await hashSecret(clientSecret) : null,
    client.name,
    client.redirectUris,
  ]);
  return { clientId, clientSecret };
}

/** Registers (or updates) the api's client from configuration at start. */
export async function registerConfiguredClient(
  db: Queryable,
  client: { id: string; secret: string; redirectUris: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO oauth_clients (client_id, secret_hash, name, redirect_uris) VALUES ($1, $2, 'Graphonic', $3)
     ON CONFLICT (client_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, redirect_uris = EXCLUDED.redirect_uris`,
    [client.id, await hashSecret(client.secret), client.redirectUris],
  );
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  refresh_token?: string;
}

/** Issues an access token (and a refresh token) in a new family, or in `familyId` when rotating. */
export async function issueTokens(
  db: Queryable,
  grant: {
    userId: string | null;
    clientId: string;
    scopes: string[];
    ttlSeconds: number;
    withRefreshToken: boolean;
    familyId?: string;
    now?: number;
  },
): Promise<TokenResponse> {
  const now = grant.now ?? Date.now();
  let familyId = grant.familyId;
  if (!familyId) {
    familyId = randomUUID();
    await db.query(
      'INSERT INTO token_families (id, client_id, user_id, scopes, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [familyId, grant.clientId, grant.userId, grant.scopes, new Date(now), new Date(now + refreshFamilyLifetimeMs)],
    );
  }
  const accessToken = randomToken();
  await db.query('INSERT INTO access_tokens (token_hash, family_id, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
    tokenHash(accessToken),
    familyId,
    new Date(now + grant.ttlSeconds * 1000),
    new Date(now),
  ]);
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: 'Bearer',
    scope: grant.scopes.join(' '),
    expires_in: grant.ttlSeconds,
  };
  if (grant.withRefreshToken) {
    const refreshToken = randomToken();
    await db.query('INSERT INTO refresh_tokens (token_hash, family_id) VALUES ($1, $2)', [
      tokenHash(refreshToken),
      familyId,
    ]);
    response.refresh_token = refreshToken;
  }
  return response;
}

/** Revokes a family: its refresh tokens stop refreshing and its access tokens stop working. */
export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE token_families SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [familyId]);
  await db.query('UPDATE access_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}
