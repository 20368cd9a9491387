import { GraphQLError } from 'graphql';
import type { TokenSource } from '../../../music/client';
import { isCredentialError } from './source';

/**
 * The credentials a feed reads with (docs/decisions/033-live-player-over-graphql-ws.md). Each subscription
 * brings its own: a session's tokens (`SessionTokenSource` over the session the WebSocket's upgrade request
 * carried: it refreshes as the HTTP path does, under the same refresh lock, and takes tokens another request
 * already refreshed from the store) or a third-party client's bearer token, used as it is. The feed's one source
 * reads with the oldest subscription's credentials; when they are refused, that subscription ends with the error
 * and the next one's take over, so that one signed-out tab never ends its listener's other tabs.
 */

/** The credentials one subscription brought. */
export interface Credential {
  tokens: TokenSource;
  /** Refused for good (signed out, token revoked): ends the subscription that brought them. */
  revoke(error: GraphQLError): void;
}

function noCredentials(): GraphQLError {
  return new GraphQLError('Sign in to use your music.', { extensions: { code: 'UNAUTHENTICATED' } });
}

/** The feed's credentials, oldest first, as one token source. */
export class CredentialPool implements TokenSource {
  private readonly members: Credential[] = [];

  add(credential: Credential): void {
    this.members.push(credential);
  }

  remove(credential: Credential): void {
    const index = this.members.indexOf(credential);
    if (index !== -1) this.members.splice(index, 1);
  }

  get size(): number {
    return this.members.length;
  }

  async accessToken(): Promise<string> {
    for (;;) {
      const current = this.members[0];
      if (!current) throw noCredentials();
      try {
        return await current.tokens.accessToken();
      } catch (error) {
        if (!isCredentialError(error)) throw error;
        this.refuse(current, error);
      }
    }
  }

  async refresh(): Promise<string> {
    const current = this.members[0];
    if (!current) throw noCredentials();
    try {
      return await current.tokens.refresh();
    } catch (error) {
      if (!isCredentialError(error)) throw error;
      this.refuse(current, error);
      return this.accessToken();
    }
  }

  private refuse(credential: Credential, error: GraphQLError): void {
    this.remove(credential);
    credential.revoke(error);
  }
}
