import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import type { UserRow } from '../db/rows';
import type { Queryable } from '../db/types';
import type { SigningKeys } from './signing-keys';

/** How long an ID token is valid: it says who signed in, for the client to read at once. */
export const idTokenTtlSeconds = 600;

/** The claims of each OpenID scope; `sub` comes with `openid` itself. */
export const scopeClaims = {
  profile: ['name', 'preferred_username'],
  email: ['email'],
} as const;

export const supportedClaims = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'at_hash',
  ...scopeClaims.profile,
  ...scopeClaims.email,
];

export type UserClaims = Partial<Record<'name' | 'preferred_username' | 'email', string>>;

/** The user's claims that `scopes` grant: `profile` their names, `email` their address (when they have one). */
export async function userClaims(db: Queryable, userId: string, scopes: readonly string[]): Promise<UserClaims> {
  const { rows } = await db.query<Pick<UserRow, 'id' | 'display_name' | 'email'>>(
    'SELECT id, display_name, email FROM users WHERE id = $1',
    [userId],
  );
  const user = rows[0];
  if (!user) return {};
  const claims: UserClaims = {};
  if (scopes.includes('profile')) {
    claims.name = user.display_name ?? user.id;
    claims.preferred_username = user.id;
  }
  if (scopes.includes('email') && user.email !== null) claims.email = user.email;
  return claims;
}

/** `at_hash` for RS256: the left half of the access token's SHA-256, base64url (OpenID Connect Core 3.1.3.6). */
export function accessTokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}

export interface IdTokenInput {
  issuer: string;
  clientId: string;
  userId: string;
  scopes: readonly string[];
  /** The authorization request's nonce, when it sent one. */
  nonce: string | null;
  /** When the person signed in, in milliseconds. */
  authTime: Date;
  accessToken: string;
  now: number;
}

/** Signs the ID token of a code grant with the current key. */
export async function issueIdToken(db: Queryable, keys: SigningKeys, input: IdTokenInput): Promise<string> {
  const key = await keys.signingKey();
  const iat = Math.floor(input.now / 1000);
  return new SignJWT({
    ...(await userClaims(db, input.userId, input.scopes)),
    auth_time: Math.floor(input.authTime.getTime() / 1000),
    ...(input.nonce === null ? {} : { nonce: input.nonce }),
    at_hash: accessTokenHash(input.accessToken),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setSubject(input.userId)
    .setAudience(input.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + idTokenTtlSeconds)
    .sign(key.privateKey);
}

/** Who an `id_token_hint` names, and for which client. */
export interface IdTokenHint {
  userId: string;
  clientId: string;
}

/**
 * Reads an ID token this service issued, as a hint at sign-out: the signature must verify with
 * a published key and the issuer must be this one; an expired one is still a good hint.
 * Null when it is not such a token.
 */
export async function readIdTokenHint(keys: SigningKeys, issuer: string, token: string): Promise<IdTokenHint | null> {
  try {
    const jwks = createLocalJWKSet({ keys: await keys.publicKeys() });
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      algorithms: ['RS256'],
      // A hint names a past sign-in; it is not used to sign anyone in.
      currentDate: new Date(0),
    });
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (typeof payload.sub !== 'string' || audience.length !== 1 || typeof audience[0] !== 'string') return null;
    return { userId: payload.sub, clientId: audience[0] };
  } catch {
    return null;
  }
}
