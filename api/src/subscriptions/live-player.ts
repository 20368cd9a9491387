import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { RedisClient } from '../auth/session';
import { BearerTokenSource, type SessionRequest, type SessionWithMusic } from '../auth/tokens';
import type { Config } from '../config';
import { createContext, createLoaders, type Context, type SharedContext } from '../context';
import { errorFormatter } from '../graphql';
import { addressKey, tokenDigest } from '../limits/listeners';
import type { RequestRateLimiter } from '../limits/request-rate';
import type { MusicClients } from '../music/clients';
import type { MusicClientOptions } from '../music/client';
import { PlayerHub } from '../modules/player/live/hub';
import { LocalRelay, RedisRelay, type PlayerRelay } from '../modules/player/live/relay';
import { createSourceFactory, type SourceFactoryOptions } from '../modules/player/live/sources';
import { throttled } from '../ops/redis';
import { untrustedOperation, type OperationManifest } from '../security/trusted-documents';
import type { SubscriptionCapLimits } from './caps';
import { createLiveServer, type LiveServer } from './websocket';

/** How the live player runs (tests and the bench change it). */
export interface LiveOptions {
  /** `poll` reads every upstream by polling, the local music service too (the polled development profile). */
  source?: SourceFactoryOptions['mode'];
  poller?: SourceFactoryOptions['poller'];
  caps?: SubscriptionCapLimits;
  /** Between two WebSocket pings. Default 5 s. */
  keepAliveMs?: number;
  /** The Redis lease of a feed's source. Default 10 s. */
  leaseMs?: number;
  idleMs?: { authenticated: number; anonymous: number };
  /** Between two "still here" calls of a subscription's device. Default 10 s. */
  keepDeviceMs?: number;
  /** Between two checks that a subscription's session is still signed in. Default 60 s. */
  sessionCheckMs?: number;
}

/** Who a WebSocket connection acts for. */
type LiveAuth =
  | { kind: 'bearer'; listener: string; token: string }
  | { kind: 'session'; listener: string; request: SessionRequest };

export interface LivePlayerSetup {
  config: Config;
  options?: LiveOptions;
  schema: GraphQLSchema;
  logger: Logger;
  redis?: RedisClient;
  shared: SharedContext;
  clients: MusicClients;
  requestLimiter: RequestRateLimiter | null;
  /** The session middleware of /graphql: a WebSocket's upgrade request is read with it. */
  sessionMiddleware: (req: Request, res: Response, next: (error?: unknown) => void) => void;
  /** With trusted documents on, the web build's operations: all a connection without a bearer token may run. */
  trusted?: OperationManifest | null;
  /** Whom the app trusts to name the client's address (Express's `trust proxy fn`, read when asked). */
  trustProxy: () => (address: string, hop: number) => boolean;
  onRequest: MusicClientOptions['onRequest'];
}

/**
 * The live player: one feed per listener, its source where this instance holds the lease
 * (docs/decisions/033), and its WebSocket, where a connection is a bearer token's or a session's.
 */
export function createLivePlayer(setup: LivePlayerSetup): { hub: PlayerHub; server: LiveServer } {
  const { config, options, logger, redis, clients } = setup;
  const warnLive = throttled(10_000, (error: unknown) => logger.warn({ err: error }, 'live player'));
  const relay: PlayerRelay = redis ? new RedisRelay(redis, config.redisKeyPrefix, warnLive) : new LocalRelay();
  const hub = new PlayerHub({
    relay,
    leaseMs: options?.leaseMs,
    onError: warnLive,
    createSource: createSourceFactory({
      provider: config.provider,
      mode: options?.source,
      musicApiUrl: config.musicApiUrl,
      poller: options?.poller,
      onRequest: setup.onRequest,
      clientFor: (feed) =>
        clients.for({ tokens: feed.tokens, listener: feed.listener, bearer: feed.kind === 'bearer' }),
    }),
  });
  const server = createLiveServer<LiveAuth>({
    schema: setup.schema,
    limits: config.graphql.limits,
    formatError: errorFormatter(config, logger),
    logger,
    caps: options?.caps,
    keepAliveMs: options?.keepAliveMs,
    idleMs: options?.idleMs,
    authenticate: authenticator(setup),
    untrusted: (auth, payload) => {
      const { trusted } = setup;
      // A cookie session's socket runs what its HTTP requests may run: the web client's operations, by their text.
      if (!trusted || auth?.kind === 'bearer') return null;
      return untrustedOperation(trusted, { text: payload.query, hash: undefined });
    },
    admit: (auth) => (setup.requestLimiter ? setup.requestLimiter.hit(auth.listener) : Promise.resolve(0)),
    contextFor: (auth) => liveContext(setup, hub, auth),
  });
  return { hub, server };
}

/** Who a connection is: its bearer token's user, or its session's listener when it comes from the app's own origin. */
function authenticator({
  config,
  clients,
  requestLimiter,
  sessionMiddleware,
  trustProxy,
}: LivePlayerSetup): (
  request: IncomingMessage,
  params: Readonly<Record<string, unknown>> | undefined,
) => Promise<LiveAuth | null> {
  const publicOrigin = new URL(config.publicUrl).origin;
  /** Loads the session of a WebSocket's upgrade request, as express-session does for /graphql. */
  const loadSession = (request: IncomingMessage): Promise<void> =>
    new Promise((resolve, reject) => {
      // express-session saves through the response's end, which never comes here: it only reads.
      sessionMiddleware(request as Request, new ServerResponse(request) as Response, (error?: unknown) => {
        if (error === undefined || error === null) resolve();
        else reject(error instanceof Error ? error : new Error('The session store failed.'));
      });
    });
  return async (request, params) => {
    const authorization = typeof params?.authorization === 'string' ? params.authorization : '';
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (token !== undefined) {
      let userId = clients.bearers.cached(token);
      if (userId === undefined) {
        // Finding a token's user costs an upstream call: a stream of made-up tokens counts against its address.
        if (requestLimiter && (await requestLimiter.hit(addressKey(clientAddress(request, trustProxy())))) > 0) {
          return null;
        }
        userId = await clients.bearers.resolve(token, request);
      }
      return userId === undefined ? null : { kind: 'bearer', listener: `user:${userId}`, token };
    }
    // Cross-site WebSocket hijacking: browsers send the cookie with an upgrade from any page and WebSockets know
    // no CORS, so a session counts only when the upgrade comes from the app's own origin (PUBLIC_URL).
    if (request.headers.origin !== publicOrigin) return null;
    await loadSession(request);
    const session = (request as Partial<SessionRequest>).session;
    const userId = session?.music?.userId;
    if (typeof userId !== 'string' || userId === '') return null;
    return { kind: 'session', listener: `user:${userId}`, request: request as unknown as SessionRequest };
  };
}

/** The client's address as Express would name it (`req.ip`, after the `trust proxy` setting). */
export function clientAddress(
  request: IncomingMessage,
  trusted: (address: string, hop: number) => boolean,
): string | undefined {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
    .reverse();
  const hops = [request.socket.remoteAddress ?? '', ...forwarded];
  for (let hop = 0; hop < hops.length - 1; hop += 1) if (!trusted(hops[hop] ?? '', hop)) return hops[hop];
  return hops[hops.length - 1];
}

/** The context of one subscription: the connection's music client and its listener's feed. */
function liveContext({ options, logger, shared, clients }: LivePlayerSetup, hub: PlayerHub, auth: LiveAuth): Context {
  const bearer = auth.kind === 'bearer';
  const tokens = bearer ? new BearerTokenSource(auth.token) : clients.sessionTokens(auth.request);
  const client = clients.for({ tokens, listener: auth.listener, bearer });
  const digest = bearer ? tokenDigest(auth.token) : undefined;
  const context = createContext(
    shared,
    digest === undefined ? { client } : { client, capabilities: clients.tokenCapabilities.of(digest) },
  );
  const request = bearer ? undefined : auth.request;
  context.live = {
    hub,
    // One feed per listener for their sessions; a bearer token's own (its scopes are its own).
    feed: {
      key: digest === undefined ? auth.listener : `${auth.listener}:token:${digest}`,
      listener: auth.listener,
      kind: auth.kind,
    },
    tokens,
    renew: () => {
      context.loaders = createLoaders(client, shared, context.capabilities);
    },
    stillSignedIn: request && (() => stillSignedIn(request, auth.listener)),
    keepDeviceMs: options?.keepDeviceMs,
    sessionCheckMs: options?.sessionCheckMs,
    onError: (error) => logger.debug({ err: error }, 'live player'),
  };
  return context;
}

/** Whether the session a WebSocket opened with still holds `listener`'s sign-in in the store (signed out: no). */
function stillSignedIn(request: SessionRequest, listener: string): Promise<boolean> {
  const sid = request.sessionID;
  if (!sid) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    request.sessionStore.get(sid, (error: unknown, data?: Partial<SessionWithMusic> | null) => {
      if (error) reject(error instanceof Error ? error : new Error('The session store failed.'));
      else resolve(`user:${String(data?.music?.userId)}` === listener);
    });
  });
}
