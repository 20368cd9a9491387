import type { Queryable } from '../db/types';
import { randomToken, tokenHash } from './crypto';
import { findClient, type ClientRow } from './oauth';
import { parseScopes } from './scopes';
import { lifetimes } from './service';

/** A validated `GET /authorize` request. */
export interface AuthorizeRequest {
  client: ClientRow;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  /** The PKCE S256 challenge, which every request carries. */
  codeChallenge: string;
  showDialog: boolean;
  /** OpenID Connect: the client's value, handed back in the ID token to tie it to this request. */
  nonce: string | undefined;
  /**
   * The request's parameters as a query string, carried through the sign-in and consent
   * forms and validated again, in full, whenever it comes back.
   */
  query: string;
}

export type AuthorizeValidation =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** The client or its redirect URI is wrong: show an error page, never redirect. */
  | { kind: 'page'; title: string; message: string }
  /** Any other problem goes back to the client's redirect URI with `error`. */
  | { kind: 'redirect'; location: string };

const carried = [
  'client_id',
  'response_type',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'show_dialog',
  'nonce',
] as const;

/** The authorization response's location: `params` added to the redirect URI, with `iss` (RFC 9207). */
export function redirectLocation(
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
): string {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) target.searchParams.set(name, value);
  }
  // Tells the client which server answered, against mix-up attacks between servers.
  target.searchParams.set('iss', issuer);
  return target.toString();
}

export async function validateAuthorizeRequest(
  db: Queryable,
  params: URLSearchParams,
  issuer: string,
): Promise<AuthorizeValidation> {
  const once = (name: string): string | undefined => {
    const values = params.getAll(name);
    return values.length === 1 ? values[0] : undefined;
  };
  const client = await findClient(db, once('client_id'));
  if (!client) {
    return {
      kind: 'page',
      title: 'This sign-in link is not valid',
      message: 'The application that sent you here is not registered with Graphonic (its client_id is unknown).',
    };
  }
  const redirectUri = once('redirect_uri');
  // Never redirect to an address the client did not register, exactly as registered.
  if (redirectUri === undefined || !client.redirect_uris.includes(redirectUri)) {
    return {
      kind: 'page',
      title: 'This sign-in link is not valid',
      message: `The address ${client.name} wants to send you back to is not one it registered (redirect_uri).`,
    };
  }
  const state = once('state');
  const fail = (error: string, description: string): AuthorizeValidation => ({
    kind: 'redirect',
    location: redirectLocation(redirectUri, issuer, { error, error_description: description, state }),
  });
  for (const name of carried) {
    if (params.getAll(name).length > 1)
      return fail('invalid_request', `The parameter ${name} was sent more than once.`);
  }
  const responseType = params.get('response_type');
  if (responseType === null) return fail('invalid_request', 'response_type is missing.');
  if (responseType !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  const scopes = parseScopes(params.get('scope'));
  if (!scopes.ok) return fail('invalid_scope', `Unknown scope: ${scopes.unknown.join(', ')}.`);
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  // PKCE for every client, secret or not (OAuth 2.0 Security BCP): a stolen code is worthless without the verifier.
  if (challenge === null && method === null) {
    return fail('invalid_request', 'PKCE is required: send code_challenge and code_challenge_method=S256.');
  }
  // Without a method PKCE means `plain`, which a network observer could replay.
  if (method !== 'S256') return fail('invalid_request', 'PKCE is required with code_challenge_method=S256.');
  if (challenge === null || !/^[A-Za-z0-9_-]{43,128}$/.test(challenge)) {
    return fail('invalid_request', 'PKCE is required: code_challenge must be 43 to 128 base64url characters.');
  }
  const nonce = once('nonce');
  // Carried through the forms and stored with the code: bounded like any other value a client sends.
  if (nonce !== undefined && (nonce.length > 255 || !/^[\x20-\x7e]+$/.test(nonce))) {
    return fail('invalid_request', 'nonce must be 1 to 255 printable ASCII characters.');
  }
  const query = new URLSearchParams();
  for (const name of carried) {
    const value = params.get(name);
    if (value !== null) query.set(name, value);
  }
  return {
    kind: 'ok',
    request: {
      client,
      redirectUri,
      state,
      scopes: scopes.scopes,
      codeChallenge: challenge,
      showDialog: params.get('show_dialog') === 'true',
      nonce,
      query: query.toString(),
    },
  };
}

/** Whether the user already granted all of `scopes` to the client. */
export async function hasConsent(
  db: Queryable,
  userId: string,
  clientId: string,
  scopes: readonly string[],
): Promise<boolean> {
  const { rows } = await db.query<{ scopes: string[] }>(
    'SELECT scopes FROM consents WHERE user_id = $1 AND client_id = $2',
    [userId, clientId],
  );
  const granted = rows[0]?.scopes;
  return granted !== undefined && scopes.every((scope) => granted.includes(scope));
}

/** Records the grant, adding to what the user granted the client before. */
export async function grantConsent(
  db: Queryable,
  userId: string,
  clientId: string,
  scopes: readonly string[],
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO consents (user_id, client_id, scopes, granted_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, client_id) DO UPDATE
       SET scopes = ARRAY(SELECT DISTINCT unnest(consents.scopes || EXCLUDED.scopes) ORDER BY 1),
           granted_at = EXCLUDED.granted_at`,
    [userId, clientId, [...scopes], new Date(now)],
  );
}

/**
 * Issues a one-time code (valid 60 seconds) and answers where to send the browser with it. The
 * code keeps the request's nonce and when the user signed in (`authTime`), for its ID token.
 */
export async function issueCode(
  db: Queryable,
  request: AuthorizeRequest,
  user: { userId: string; authTime: Date },
  issuer: string,
  now: number,
): Promise<string> {
  const { userId } = user;
  const code = randomToken();
  await db.query(
    `INSERT INTO authorization_codes
       (code_hash, client_id, user_id, redirect_uri, scopes, code_challenge, expires_at, nonce, auth_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tokenHash(code),
      request.client.client_id,
      userId,
      request.redirectUri,
      request.scopes,
      request.codeChallenge,
      new Date(now + lifetimes.authorizationCodeMs),
      request.nonce ?? null,
      user.authTime,
    ],
  );
  return redirectLocation(request.redirectUri, issuer, { code, state: request.state });
}

/** The client's answer when the person declines. */
export function deniedLocation(request: AuthorizeRequest, issuer: string): string {
  return redirectLocation(request.redirectUri, issuer, {
    error: 'access_denied',
    error_description: 'The user declined.',
    state: request.state,
  });
}
