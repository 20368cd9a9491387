import * as oauth from 'openid-client';
import type { Config } from '../config';

/**
 * The api's OAuth client at the accounts service (Spotify, or the local music service that
 * speaks its API): openid-client with the endpoints configured (Spotify publishes no discovery
 * document), authenticating with HTTP Basic, every request under a timeout (Node's fetch with
 * the library's timeout signal). The sign-in's code exchange and every session's refresh go
 * through it.
 */

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
  /** The token endpoint: `<accounts>/api/token`. */
  tokenUrl: string;
  /** The authorization endpoint, for sign-in: `<accounts>/authorize`. */
  authorizationUrl?: string;
  /** The accounts service's issuer identifier (the `iss` of its answers); the token URL's origin by default. */
  issuer?: string;
  clientId: string;
  clientSecret: string;
  /** The longest wait for one request to the accounts service. Default 10 s. */
  timeoutMs?: number;
}

/** The api's own client at the accounts service `config` names. */
export function accountsClient(
  config: Pick<Config, 'musicAccountsUrl' | 'oauthClient'>,
  timeoutMs?: number,
): ClientCredentials {
  return {
    tokenUrl: `${config.musicAccountsUrl}/api/token`,
    authorizationUrl: `${config.musicAccountsUrl}/authorize`,
    issuer: config.musicAccountsUrl,
    clientId: config.oauthClient.id,
    clientSecret: config.oauthClient.secret,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}

const loopbackHosts = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** One library configuration for each credentials object (the app makes one for the whole process). */
const configurations = new WeakMap<ClientCredentials, oauth.Configuration>();

export function oauthConfiguration(client: ClientCredentials): oauth.Configuration {
  const known = configurations.get(client);
  if (known) return known;
  const configuration = new oauth.Configuration(
    {
      issuer: client.issuer ?? new URL(client.tokenUrl).origin,
      token_endpoint: client.tokenUrl,
      ...(client.authorizationUrl === undefined ? {} : { authorization_endpoint: client.authorizationUrl }),
    },
    client.clientId,
    client.clientSecret,
    oauth.ClientSecretBasic(client.clientSecret),
  );
  // In seconds: a sign-in service that never answers must not hold a request (or a sign-in) forever.
  configuration.timeout = (client.timeoutMs ?? 10_000) / 1000;
  const endpoints = [client.tokenUrl, client.authorizationUrl].flatMap((url) => (url ? [new URL(url)] : []));
  if (plainHttpToLoopbackOnly(endpoints)) {
    // The local music service speaks plain http on this machine only (development, tests); Spotify and any other host stay https-only.
    // oxlint-disable-next-line typescript/no-deprecated -- marked deprecated by the library only to stand out
    oauth.allowInsecureRequests(configuration);
  }
  configurations.set(client, configuration);
  return configuration;
}

/** True when some of `urls` are plain http and every one of those is to a loopback host (the local music service). */
export function plainHttpToLoopbackOnly(urls: readonly URL[]): boolean {
  return (
    urls.some((url) => url.protocol === 'http:') &&
    urls.every((url) => url.protocol === 'https:' || loopbackHosts.has(url.hostname))
  );
}

/** The library's errors as the api reports them: the OAuth `error` code of a refusal, or why no answer came. */
export function asTokenEndpointError(error: unknown): TokenEndpointError {
  if (error instanceof TokenEndpointError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    return new TokenEndpointError(
      error.error,
      error.error_description ?? `The sign-in service answered ${error.status}.`,
      error.status,
      { cause: error },
    );
  }
  // A timeout, a refused connection or a reset: no answer at all.
  const unreachable =
    (error instanceof oauth.ClientError && (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT')) ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
    (error instanceof TypeError && error.message === 'fetch failed');
  if (unreachable) {
    return new TokenEndpointError('unreachable', 'The sign-in service cannot be reached.', 0, { cause: error });
  }
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const status =
    typeof cause === 'object' && cause !== null && 'status' in cause && typeof cause.status === 'number'
      ? cause.status
      : 0;
  return new TokenEndpointError(
    'invalid_response',
    status ? `The sign-in service answered ${status}.` : 'The sign-in service sent an answer that is not a token.',
    status,
    { cause: error },
  );
}

/** The fields the api keeps, from a token answer the library already checked. */
export function tokenResponse(answer: oauth.TokenEndpointResponse): TokenResponse {
  if (typeof answer.expires_in !== 'number') {
    throw new TokenEndpointError('invalid_response', 'The sign-in service sent a token without its lifetime.', 200);
  }
  return {
    access_token: answer.access_token,
    token_type: answer.token_type,
    expires_in: answer.expires_in,
    ...(answer.scope === undefined ? {} : { scope: answer.scope }),
    ...(answer.refresh_token === undefined ? {} : { refresh_token: answer.refresh_token }),
  };
}

/** Where to send the browser to sign in: the code flow with `state` and the PKCE S256 challenge of `verifier`. */
export async function authorizationUrl(
  client: ClientCredentials,
  params: {
    redirectUri: string;
    scope: string;
    state: string;
    verifier: string;
    /** Asks the service to show its sign-in dialog even for a browser it knows (after a sign-out). */
    showDialog?: boolean;
    /** OpenID Connect: the value the ID token must carry back. */
    nonce?: string;
  },
  /** The discovered configuration of an OpenID provider; the configured endpoints by default. */
  configuration: oauth.Configuration = oauthConfiguration(client),
): Promise<URL> {
  return oauth.buildAuthorizationUrl(configuration, {
    response_type: 'code',
    redirect_uri: params.redirectUri,
    scope: params.scope,
    state: params.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(params.verifier),
    code_challenge_method: 'S256',
    ...(params.showDialog ? { show_dialog: 'true' } : {}),
    ...(params.nonce === undefined ? {} : { nonce: params.nonce }),
  });
}

/** A new PKCE verifier (43 characters of base64url). */
export function newVerifier(): string {
  return oauth.randomPKCECodeVerifier();
}

/** Exchanges a refresh token for new tokens, authenticating as the api's confidential client. */
export async function refreshTokens(client: ClientCredentials, refreshToken: string): Promise<TokenResponse> {
  try {
    return tokenResponse(await oauth.refreshTokenGrant(oauthConfiguration(client), refreshToken));
  } catch (error) {
    throw asTokenEndpointError(error);
  }
}

/**
 * Exchanges the code of the callback at `callbackUrl` (the redirect URI with the query the
 * browser brought) for tokens, with its PKCE verifier; the library checks `state` and `iss` again.
 */
export async function exchangeCode(
  client: ClientCredentials,
  callbackUrl: URL,
  checks: { state: string; verifier: string },
): Promise<TokenResponse> {
  try {
    return tokenResponse(
      await oauth.authorizationCodeGrant(oauthConfiguration(client), callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.verifier,
      }),
    );
  } catch (error) {
    throw asTokenEndpointError(error);
  }
}
