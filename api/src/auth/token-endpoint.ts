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
export async function refreshTokens(client: ClientCredentials, refreshToken: string): Promise<TokenResponse> {
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  let response;
  try {
    response = await fetch(client.tokenUrl, {
      method: 'POST',
      dispatcher: sharedDispatcher,
      signal: AbortSignal.timeout(client.timeoutMs ?? 10_000),
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
  } catch (error) {
    throw new TokenEndpointError('unreachable', 'The sign-in service cannot be reached.', 0, { cause: error });
  }
  const text = await response.text();
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
