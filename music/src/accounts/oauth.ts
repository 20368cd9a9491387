import type { Database, Queryable } from '../db/types';
import { pkceChallenge, sameString, tokenHash, verifyClientSecret } from './crypto';
import { issueIdToken } from './id-token';
import { mintTokens, revokeAccessToken, revokeFamily, type TokenResponse } from './service';
import type { SigningKeys } from './signing-keys';

/** An OAuth error answer: `{ error, error_description }` with its HTTP status. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

function invalidClient(description: string): OAuthError {
  return new OAuthError(401, 'invalid_client', description);
}

function invalidGrant(description: string): OAuthError {
  return new OAuthError(400, 'invalid_grant', description);
}

/** Form fields of a request: a field sent more than once is refused, as RFC 6749 requires. */
export class Fields {
  private constructor(private readonly values: Map<string, string>) {}

  static from(body: unknown): Fields {
    const values = new Map<string, string>();
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === 'string') values.set(name, value);
        else throw new OAuthError(400, 'invalid_request', `The parameter ${name} must be sent once.`);
      }
    }
    return new Fields(values);
  }

  get(name: string): string | undefined {
    const value = this.values.get(name);
    return value === '' ? undefined : value;
  }

  require(name: string): string {
    const value = this.get(name);
    if (value === undefined) throw new OAuthError(400, 'invalid_request', `The parameter ${name} is missing.`);
    return value;
  }
}

export interface ClientRow {
  client_id: string;
  secret_hash: string | null;
  name: string;
  redirect_uris: string[];
}

export async function findClient(db: Queryable, clientId: string | null | undefined): Promise<ClientRow | null> {
  if (!clientId) return null;
  const { rows } = await db.query<ClientRow & Record<string, unknown>>(
    'SELECT client_id, secret_hash, name, redirect_uris FROM oauth_clients WHERE client_id = $1',
    [clientId],
  );
  return rows[0] ?? null;
}

export interface AuthenticatedClient {
  client: ClientRow;
  /** A confidential client that proved its secret; false for a public client (PKCE only). */
  confidential: boolean;
}

/** A value of the Basic header: form-encoded before base64, as RFC 6749 section 2.3.1 says. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw invalidClient('The client credentials are malformed.');
  }
}

/**
 * Client authentication at the token, revocation and introspection endpoints: HTTP Basic,
 * or `client_id` and `client_secret` in the body; a public client sends its `client_id` only.
 */
export async function authenticateClient(
  db: Queryable,
  authorization: string | undefined,
  fields: Fields,
  options: { allowPublic: boolean },
): Promise<AuthenticatedClient> {
  let clientId = fields.get('client_id');
  let clientSecret = fields.get('client_secret');
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization ?? '')?.[1];
  if (basic !== undefined) {
    if (clientSecret !== undefined) {
      throw new OAuthError(400, 'invalid_request', 'Authenticate the client one way: Basic or the body, not both.');
    }
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient('The client credentials are malformed.');
    const basicId = formDecode(decoded.slice(0, colon));
    if (clientId !== undefined && clientId !== basicId) {
      throw new OAuthError(400, 'invalid_request', 'client_id does not match the authenticated client.');
    }
    clientId = basicId;
    clientSecret = formDecode(decoded.slice(colon + 1));
  }
  if (clientId === undefined) throw invalidClient('Client authentication is required.');
  const client = await findClient(db, clientId);
  if (!client) throw invalidClient('Invalid client');
  if (client.secret_hash === null) {
    if (clientSecret !== undefined) throw invalidClient('This client has no secret: it uses PKCE.');
    if (!options.allowPublic) throw invalidClient('This endpoint needs a confidential client.');
    return { client, confidential: false };
  }
  if (clientSecret === undefined || !(await verifyClientSecret(clientSecret, client.secret_hash))) {
    throw invalidClient('Invalid client secret');
  }
  return { client, confidential: true };
}

export interface GrantContext {
  ttlSeconds: number;
  now: number;
  /** Where ID tokens come from: a code granted with `openid` gets one, signed by this issuer's current key. */
  idTokens?: { issuer: string; keys: SigningKeys };
}

const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

interface CodeRow {
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: string[];
  code_challenge: string | null;
  expires_at: Date;
  used_at: Date | null;
  family_id: string | null;
  nonce: string | null;
  auth_time: Date | null;
}

/**
 * `grant_type=authorization_code`: a one-time code for tokens, and an ID token when the code was
 * granted with `openid` (OpenID Connect Core 3.1.3.3).
 */
export async function exchangeCode(
  db: Pick<Database, 'transaction'> & Queryable,
  { client }: AuthenticatedClient,
  fields: Fields,
  context: GrantContext,
): Promise<TokenResponse> {
  const code = fields.require('code');
  const redirectUri = fields.get('redirect_uri');
  const verifier = fields.get('code_verifier');
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<CodeRow & Record<string, unknown>>(
      `SELECT client_id, user_id, redirect_uri, scopes, code_challenge, expires_at, used_at, family_id, nonce, auth_time
       FROM authorization_codes WHERE code_hash = $1 FOR UPDATE`,
      [tokenHash(code)],
    );
    const row = rows[0];
    if (!row || row.client_id !== client.client_id) throw invalidGrant('Invalid authorization code');
    if (row.used_at !== null) {
      // A code presented twice was intercepted or replayed: what it issued stops working.
      // The revocation must commit, so this returns instead of throwing.
      if (row.family_id !== null) await revokeFamily(tx, row.family_id, context.now);
      return 'replayed' as const;
    }
    if (row.expires_at.getTime() <= context.now) throw invalidGrant('Authorization code expired');
    if (redirectUri !== row.redirect_uri) throw invalidGrant('Invalid redirect URI');
    // Every code is issued for a PKCE challenge; one without (from before PKCE was required) is refused.
    if (row.code_challenge === null) throw invalidGrant('PKCE is required: this code was issued without a challenge.');
    if (verifier === undefined) {
      throw new OAuthError(400, 'invalid_request', 'PKCE is required: the parameter code_verifier is missing.');
    }
    if (!verifierPattern.test(verifier) || !sameString(pkceChallenge(verifier), row.code_challenge)) {
      throw invalidGrant('code_verifier was incorrect');
    }
    const { familyId, ...tokens } = await mintTokens(tx, {
      userId: row.user_id,
      clientId: client.client_id,
      scopes: row.scopes,
      ttlSeconds: context.ttlSeconds,
      withRefreshToken: true,
      now: context.now,
    });
    await tx.query('UPDATE authorization_codes SET used_at = $2, family_id = $3 WHERE code_hash = $1', [
      tokenHash(code),
      new Date(context.now),
      familyId,
    ]);
    return { tokens, row };
  });
  if (outcome === 'replayed') throw invalidGrant('Invalid authorization code');
  const { tokens, row } = outcome;
  if (context.idTokens === undefined || !row.scopes.includes('openid')) return tokens;
  // Signed after the commit: the signing key may have to be made, in a transaction of its own.
  const idToken = await issueIdToken(db, context.idTokens.keys, {
    issuer: context.idTokens.issuer,
    clientId: client.client_id,
    userId: row.user_id,
    scopes: row.scopes,
    nonce: row.nonce,
    // Codes from before OpenID Connect have no sign-in time: the code's own time stands for it.
    authTime: row.auth_time ?? new Date(context.now),
    accessToken: tokens.access_token,
    now: context.now,
  });
  return { ...tokens, id_token: idToken };
}

interface RefreshRow {
  family_id: string;
  used_at: Date | null;
  client_id: string;
  user_id: string | null;
  scopes: string[];
  expires_at: Date;
  revoked_at: Date | null;
}

/** `grant_type=refresh_token`: rotation, with reuse of a spent token revoking its family. */
export async function refreshTokens(
  db: Pick<Database, 'transaction'>,
  { client }: AuthenticatedClient,
  fields: Fields,
  context: GrantContext,
): Promise<TokenResponse> {
  const refreshToken = fields.require('refresh_token');
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshRow & Record<string, unknown>>(
      `SELECT r.family_id, r.used_at, f.client_id, f.user_id, f.scopes, f.expires_at, f.revoked_at
       FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id
       WHERE r.token_hash = $1 FOR UPDATE OF r`,
      [tokenHash(refreshToken)],
    );
    const row = rows[0];
    if (!row || row.client_id !== client.client_id) throw invalidGrant('Invalid refresh token');
    if (row.revoked_at !== null) throw invalidGrant('Refresh token revoked');
    if (row.used_at !== null) {
      // A rotated token came back: it was copied, so the whole family is compromised.
      await revokeFamily(tx, row.family_id, context.now);
      return 'reused' as const;
    }
    // Six months after the original authorization, however often it was refreshed.
    if (row.expires_at.getTime() <= context.now) throw invalidGrant('Refresh token expired');
    await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [
      tokenHash(refreshToken),
      new Date(context.now),
    ]);
    const { familyId: _familyId, ...tokens } = await mintTokens(tx, {
      userId: row.user_id,
      clientId: client.client_id,
      scopes: row.scopes,
      ttlSeconds: context.ttlSeconds,
      withRefreshToken: true,
      familyId: row.family_id,
      now: context.now,
    });
    return tokens;
  });
  if (outcome === 'reused') throw invalidGrant('Refresh token revoked');
  return outcome;
}

/** `grant_type=client_credentials`: a token for the application itself, no user, no refresh token. */
export async function clientCredentials(
  db: Queryable,
  { client, confidential }: AuthenticatedClient,
  context: GrantContext,
): Promise<TokenResponse> {
  if (!confidential) throw new OAuthError(400, 'unauthorized_client', 'Public clients cannot use client credentials');
  const { familyId: _familyId, ...tokens } = await mintTokens(db, {
    userId: null,
    clientId: client.client_id,
    scopes: [],
    ttlSeconds: context.ttlSeconds,
    withRefreshToken: false,
    now: context.now,
  });
  return tokens;
}

export interface AccessTokenRow {
  family_id: string;
  client_id: string;
  user_id: string | null;
  account_id: string | null;
  scopes: string[];
  expires_at: Date;
  created_at: Date;
  revoked: boolean;
}

interface RefreshTokenRow {
  family_id: string;
  client_id: string;
  user_id: string | null;
  account_id: string | null;
  scopes: string[];
  expires_at: Date;
  created_at: Date;
  used: boolean;
  revoked: boolean;
}

/** An access token's row by the token, revoked or expired ones too; null when unknown. */
export async function lookUpAccessToken(
  db: Queryable,
  token: string,
): Promise<(AccessTokenRow & { hash: string }) | null> {
  const hash = tokenHash(token);
  const { rows } = await db.query<AccessTokenRow & Record<string, unknown>>(
    `SELECT t.family_id, f.client_id, f.user_id, u.account_id, f.scopes, t.expires_at, t.created_at,
            (t.revoked_at IS NOT NULL OR f.revoked_at IS NOT NULL) AS revoked
     FROM access_tokens t JOIN token_families f ON f.id = t.family_id LEFT JOIN users u ON u.id = f.user_id
     WHERE t.token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  return row ? { ...row, hash } : null;
}

async function lookUpRefreshToken(db: Queryable, token: string): Promise<RefreshTokenRow | null> {
  const { rows } = await db.query<RefreshTokenRow & Record<string, unknown>>(
    `SELECT r.family_id, f.client_id, f.user_id, u.account_id, f.scopes, f.expires_at, r.created_at,
            r.used_at IS NOT NULL AS used, f.revoked_at IS NOT NULL AS revoked
     FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id LEFT JOIN users u ON u.id = f.user_id
     WHERE r.token_hash = $1`,
    [tokenHash(token)],
  );
  return rows[0] ?? null;
}

/**
 * RFC 7009 revocation. A refresh token takes its whole family with it; an access token goes
 * alone. Unknown tokens, and tokens of another client, are answered the same way (200) and
 * left alone, so that the endpoint tells nothing about tokens the caller does not hold.
 */
export async function revokeToken(
  db: Queryable,
  { client }: AuthenticatedClient,
  token: string,
  hint: string | undefined,
  now: number,
): Promise<void> {
  const order = hint === 'refresh_token' ? (['refresh', 'access'] as const) : (['access', 'refresh'] as const);
  for (const kind of order) {
    if (kind === 'access') {
      const row = await lookUpAccessToken(db, token);
      if (row) {
        if (row.client_id === client.client_id) await revokeAccessToken(db, row.hash, now);
        return;
      }
    } else {
      const row = await lookUpRefreshToken(db, token);
      if (row) {
        if (row.client_id === client.client_id) await revokeFamily(db, row.family_id, now);
        return;
      }
    }
  }
}

export interface Introspection {
  active: boolean;
  scope?: string;
  client_id?: string;
  username?: string;
  token_type?: string;
  exp?: number;
  iat?: number;
  sub?: string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * RFC 7662 introspection, for the client the token was issued to. `sub` is the user's
 * account id (it never changes), or the client id for a client-credentials token;
 * `username` is the user id.
 */
export async function introspectToken(
  db: Queryable,
  { client }: AuthenticatedClient,
  token: string,
  hint: string | undefined,
  now: number,
): Promise<Introspection> {
  const inactive: Introspection = { active: false };
  const describe = (row: AccessTokenRow | RefreshTokenRow, tokenType: string): Introspection => ({
    active: true,
    scope: row.scopes.join(' '),
    client_id: row.client_id,
    ...(row.user_id === null ? {} : { username: row.user_id }),
    token_type: tokenType,
    exp: seconds(row.expires_at),
    iat: seconds(row.created_at),
    sub: row.account_id ?? row.client_id,
  });
  const order = hint === 'refresh_token' ? (['refresh', 'access'] as const) : (['access', 'refresh'] as const);
  for (const kind of order) {
    if (kind === 'access') {
      const row = await lookUpAccessToken(db, token);
      if (row) {
        const active = !row.revoked && row.expires_at.getTime() > now && row.client_id === client.client_id;
        return active ? describe(row, 'Bearer') : inactive;
      }
    } else {
      const row = await lookUpRefreshToken(db, token);
      if (row) {
        const active =
          !row.revoked && !row.used && row.expires_at.getTime() > now && row.client_id === client.client_id;
        return active ? describe(row, 'refresh_token') : inactive;
      }
    }
  }
  return inactive;
}
