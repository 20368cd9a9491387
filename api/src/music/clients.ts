import type { Request } from 'express';
import type { RefreshLock } from '../auth/refresh-lock';
import type { ClientCredentials } from '../auth/token-endpoint';
import { BearerTokenSource, SessionTokenSource, type SessionRequest, type SessionWithMusic } from '../auth/tokens';
import type { Config } from '../config';
import type { RequestMusic } from '../context';
import { bearerOf, BearerListeners, listenerOf, tokenDigest, type RequestIdentity } from '../limits/listeners';
import { AnswerCache } from './answer-cache';
import { MusicClient, type MusicClientOptions, type TokenSource } from './client';
import type { RateGate } from './rate-gate';
import { upstreamOf } from './upstream';
import { CapabilitiesByToken } from './upstream-capabilities';

export interface MusicClientsOptions {
  config: Pick<Config, 'musicApiUrl' | 'provider' | 'fairUse'>;
  /** Timeouts, the Retry-After budget and retries, instead of the defaults (tests). */
  tuning?: Pick<MusicClientOptions, 'timeoutMs' | 'rateLimitBudgetMs' | 'maxRetries' | 'backoffMs'>;
  gate: RateGate;
  /** The app's own client at the accounts service: a session's tokens are refreshed through it. */
  oauthClient: ClientCredentials;
  refreshLock: RefreshLock;
  /** Told about every upstream call. */
  onRequest: MusicClientOptions['onRequest'];
  /** Where listeners' reads are kept for reuse (./answer-cache); default one of 64 MiB. */
  answers?: AnswerCache;
}

/** Who a client acts for, and with which tokens. */
export interface ClientFor {
  tokens: TokenSource;
  /** The signed-in listener (or the bearer token's); absent, calls count for the app only. */
  listener?: string;
  /** A third-party client's bearer token: its upstream limits are its own app's, never this one's. */
  bearer: boolean;
  /** The id of the request it serves (the proxy's, or a new one): the music service logs it too. */
  requestId?: string;
  /**
   * Whose part of the answer cache its reads may be kept in: the listener's with the app's own tokens,
   * a third-party token's own otherwise. Absent, nothing is kept.
   */
  scope?: string;
}

/**
 * Every music v1 client of the api, made one way: the shared rate gate, the tuning, the upstream calls
 * told to `onRequest`, and the app's limits applied to its own sessions only.
 */
export class MusicClients {
  /** Whose a bearer token is: one GET /me per token, tried once, quickly. */
  readonly bearers: BearerListeners;
  /** What the upstream answers a third-party client's token is kept for that token only. */
  readonly tokenCapabilities: CapabilitiesByToken;
  /** The listeners' reads kept for reuse, each under its listener's (or token's) scope. */
  readonly answers: AnswerCache;

  constructor(private readonly options: MusicClientsOptions) {
    this.answers = options.answers ?? new AnswerCache();
    this.tokenCapabilities = new CapabilitiesByToken({ ttlMs: options.config.fairUse.capabilityTtlMs });
    this.bearers = new BearerListeners({ lookup: (token, req) => this.lookupListener(token, req) });
  }

  /** A client for `who`. */
  for(who: ClientFor, tuning: MusicClientsOptions['tuning'] = {}): MusicClient {
    const { config, gate, onRequest } = this.options;
    return new MusicClient({
      ...this.options.tuning,
      ...tuning,
      baseUrl: config.musicApiUrl,
      tokens: who.tokens,
      gate,
      listener: who.listener,
      limitsApp: who.bearer ? () => false : (reason) => this.limitsApp(reason),
      requestId: who.requestId,
      ...(who.scope === undefined ? {} : { answers: { cache: this.answers, scope: who.scope } }),
      onRequest,
    });
  }

  /**
   * A client with the access token a sign-in was just given, before any session holds it: the app's own token, so its
   * calls count for the app; refused, it is not refreshed (the sign-in fails instead).
   */
  forSignIn(accessToken: string, requestId: string | undefined): MusicClient {
    return this.for({ tokens: new BearerTokenSource(accessToken), bearer: false, requestId });
  }

  /** A session's tokens, refreshed through the app's client under the shared lock. */
  sessionTokens(request: SessionRequest): SessionTokenSource {
    return new SessionTokenSource(request, this.options.oauthClient, this.options.refreshLock);
  }

  /** The request's music: a third-party client's bearer token, else the session's sign-in, else none. */
  forRequest(req: Request): RequestMusic | null {
    const bearer = bearerOf(req);
    const session = req.session as SessionWithMusic | undefined;
    const tokens = bearer ? new BearerTokenSource(bearer) : session?.music ? this.sessionTokens(req) : null;
    if (!tokens) return null;
    const listener = listenerOf(req);
    const client = this.for({
      tokens,
      listener,
      bearer: bearer !== undefined,
      requestId: typeof req.id === 'string' ? req.id : undefined,
      // A third-party token may hold other scopes than the app's: what it reads is kept for it alone.
      scope: bearer ? `token:${tokenDigest(bearer)}` : listener === undefined ? undefined : `${listener}|session`,
    });
    return bearer ? { client, capabilities: this.tokenCapabilities.of(tokenDigest(bearer)) } : { client };
  }

  // Spotify counts 429s per app (per developer account); a quota answer says the app is limited whatever the upstream.
  private limitsApp(reason: string | undefined): boolean {
    return this.options.config.provider === 'spotify' || reason === 'QUOTA_EXCEEDED';
  }

  private async lookupListener(token: string, req: RequestIdentity): Promise<string> {
    const client = this.for(
      {
        tokens: new BearerTokenSource(token),
        listener: `token:${tokenDigest(token)}`,
        bearer: true,
        requestId: typeof req.id === 'string' ? `${req.id}:listener` : undefined,
      },
      { timeoutMs: Math.min(this.options.tuning?.timeoutMs ?? 10_000, 2000), maxRetries: 0, rateLimitBudgetMs: 0 },
    );
    const me = await upstreamOf(client).get('/me');
    if (typeof me.id !== 'string' || me.id === '') throw new Error('The music service named no user for the token.');
    return me.id;
  }
}
