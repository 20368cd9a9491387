import { fetch } from 'undici';
import { sharedDispatcher } from '../music/client';

/** The accounts service's token answer (Spotify's shape). */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  scope?: string;
  expires_in: number;
  refresh_token?: string;
}

/** A refused grant: `invalid_grant` means the session cannot be refreshed any more. */
export class TokenEndpointError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TokenEndpointError';
  }
}

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

/** Exchanges a refresh token for new tokens, authenticating as the api's confidential client. */
export function refreshTokens(client: ClientCredentials, refreshToken: string): Promise<TokenResponse> {
  return tokenRequest(client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** Exchanges an authorization code (with its PKCE verifier) for tokens, at sign-in. */
export function exchangeCode(
  client: ClientCredentials,
  code: string,
  params: { redirect_uri?: string; code_verifier?: string },
): Promise<TokenResponse> {
  return tokenRequest(client, {
    grant_type: 'authorization_code',
    code,
    ...(params.redirect_uri === undefined ? {} : { redirect_uri: params.redirect_uri }),
    ...(params.code_verifier === undefined ? {} : { code_verifier: params.code_verifier }),
  });
}

/** One POST to the token endpoint, with a timeout, authenticated with HTTP Basic. */
async function tokenRequest(client: ClientCredentials, fields: Record<string, string>): Promise<TokenResponse> {
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  let response;
  try {
    response = await fetch(client.tokenUrl, {
      method: 'POST',
      dispatcher: sharedDispatcher,
      // A sign-in service that never answers must not hold the request (or a sign-in) forever.
      signal: AbortSignal.timeout(client.timeoutMs ?? 10_000),
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(fields).toString(),
    });
  } catch (error) {
    throw new TokenEndpointError('unreachable', 'The sign-in service cannot be reached.', 0, { cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: Partial<TokenResponse> & { error?: string; error_description?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: reported below with the status.
  }
  if (!response.ok || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
    throw new TokenEndpointError(
      body.error ?? 'invalid_response',
      body.error_description ?? `The sign-in service answered ${response.status}.`,
      response.status,
    );
  }
  return body as TokenResponse;
}
