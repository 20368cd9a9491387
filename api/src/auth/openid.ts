import { createHash } from 'node:crypto';
import * as oauth from 'openid-client';
import {
  asTokenEndpointError,
  plainHttpToLoopbackOnly,
  tokenResponse,
  type ClientCredentials,
  type TokenResponse,
} from './token-endpoint';

/**
 * OpenID Connect at the accounts service, when it offers it (the local music service does;
 * Spotify does not): learnt from its discovery document, and used at sign-in to learn who signed
 * in from a validated ID token instead of a profile request of the api's own.
 */

/** The scopes OpenID Connect adds to the sign-in, each with why the api asks for it. */
export const openIdScopes = {
  openid: 'who signed in, as an ID token the library validates',
  profile: "the listener's name for the app's header",
  email: 'the account e-mail, as the profile page shows it',
} as const;

export interface OpenIdDiscoveryOptions {
  /** How long an answer (offered or not) holds. Default 10 minutes. */
  ttlMs?: number;
  /** How long a service that did not answer is taken for OAuth only before it is asked again. Default 30 s. */
  unreachableTtlMs?: number;
  now?: () => number;
}

interface Known {
  provider: oauth.Configuration | null;
  until: number;
}

/**
 * Whether the accounts service offers OpenID Connect: its `/.well-known/openid-configuration`,
 * for this issuer, with `openid` among its scopes. An answer holds for `ttlMs`; no answer at all
 * (a timeout, a refused connection) counts as not offered for `unreachableTtlMs` only, so that
 * sign-ins during an outage do not each wait for the timeout, and the service is asked again soon.
 */
export class OpenIdDiscovery {
  private known: Known | undefined;
  private pending: Promise<oauth.Configuration | null> | undefined;
  private readonly ttlMs: number;
  private readonly unreachableTtlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly client: ClientCredentials,
    options: OpenIdDiscoveryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 600_000;
    this.unreachableTtlMs = options.unreachableTtlMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** The provider's configuration when it offers OpenID Connect, else null. */
  async provider(): Promise<oauth.Configuration | null> {
    if (this.known && this.known.until > this.now()) return this.known.provider;
    this.pending ??= this.discover().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async discover(): Promise<oauth.Configuration | null> {
    const issuer = new URL(this.client.issuer ?? new URL(this.client.tokenUrl).origin);
    let provider: oauth.Configuration | null;
    let ttlMs = this.ttlMs;
    try {
      const found = await oauth.discovery(
        issuer,
        this.client.clientId,
        this.client.clientSecret,
        oauth.ClientSecretBasic(this.client.clientSecret),
        {
          timeout: (this.client.timeoutMs ?? 10_000) / 1000,
          // Plain http to the local music service only, as for the configured endpoints (token-endpoint.ts).
          // oxlint-disable-next-line typescript/no-deprecated -- marked deprecated by the library only to stand out
          execute: plainHttpToLoopbackOnly([issuer]) ? [oauth.allowInsecureRequests] : [],
        },
      );
      provider = offersOpenId(found.serverMetadata()) ? found : null;
    } catch (error) {
      // No document, or one that is not this issuer's: OAuth only. No answer at all: OAuth only, for a while.
      provider = null;
      if (asTokenEndpointError(error).error === 'unreachable') ttlMs = this.unreachableTtlMs;
    }
    this.known = { provider, until: this.now() + ttlMs };
    return provider;
  }
}

function offersOpenId(metadata: oauth.ServerMetadata): boolean {
  return (
    metadata.scopes_supported?.includes('openid') === true &&
    typeof metadata.jwks_uri === 'string' &&
    (metadata.id_token_signing_alg_values_supported?.length ?? 0) > 0
  );
}

/**
 * The nonce of a sign-in, derived from its PKCE verifier (which the sealed sign-in state already
 * keeps): one per sign-in, and the verifier cannot be learnt from it.
 */
export function nonceOf(verifier: string): string {
  return createHash('sha256').update(`graphonic nonce:${verifier}`).digest('base64url');
}

/** Who signed in, from the ID token, with the tokens. */
export interface OpenIdSignIn {
  tokens: TokenResponse;
  userId: string;
  displayName: string | null;
  /** Kept in the session, as the hint of the sign-out at the service. */
  idToken: string;
}

/**
 * Exchanges the callback's code at an OpenID provider: the library checks state, `iss`, PKCE and
 * the ID token (issuer, audience, expiry, nonce, algorithm). The listener's id is the token's
 * `sub`; the name comes from its `name` claim, or from UserInfo when the token has none.
 */
export async function exchangeCodeWithOpenId(
  provider: oauth.Configuration,
  callbackUrl: URL,
  checks: { state: string; verifier: string },
): Promise<OpenIdSignIn> {
  try {
    const answer = await oauth.authorizationCodeGrant(provider, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.verifier,
      expectedNonce: nonceOf(checks.verifier),
      idTokenExpected: true,
    });
    const claims = answer.claims();
    if (claims === undefined || answer.id_token === undefined) {
      throw new Error('The sign-in service sent no ID token.');
    }
    let name = typeof claims.name === 'string' ? claims.name : undefined;
    if (name === undefined && provider.serverMetadata().userinfo_endpoint !== undefined) {
      const info = await oauth.fetchUserInfo(provider, answer.access_token, claims.sub);
      name = typeof info.name === 'string' ? info.name : undefined;
    }
    return { tokens: tokenResponse(answer), userId: claims.sub, displayName: name ?? null, idToken: answer.id_token };
  } catch (error) {
    throw asTokenEndpointError(error);
  }
}

/**
 * Where to send the browser to end its sign-in at the service after signing out here, when the
 * provider has an end-session endpoint; null otherwise.
 */
export function endSessionUrl(provider: oauth.Configuration, idToken: string, returnTo: string): URL | null {
  if (provider.serverMetadata().end_session_endpoint === undefined) return null;
  return oauth.buildEndSessionUrl(provider, { id_token_hint: idToken, post_logout_redirect_uri: returnTo });
}
