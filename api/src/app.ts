import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import { expressMiddleware } from '@as-integrations/express5';
import { metricsHandler } from '@graphonic/ops';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { createAuthRouter } from './auth/routes';
import { createSession, type RedisClient, type SessionSetup } from './auth/session';
import type { Config } from './config';
import { accountsClient } from './auth/token-endpoint';
import { BearerTokenSource, SessionTokenSource, type SessionRequest, type SessionWithMusic } from './auth/tokens';
import { contentSecurityPolicy } from './content-security';
import { webClientRouter } from './web-client';
import { createContext, createLoaders, type Context, type RequestMusic, type SharedContext } from './context';
import { createExecutableSchema, createGraphqlServer, errorFormatter } from './graphql';
import { addressKey, bearerOf, BearerListeners, fairUse, listenerOf, tokenDigest } from './limits/listeners';
import { PlayerHub } from './modules/player/live/hub';
import { LocalRelay, RedisRelay, type PlayerRelay } from './modules/player/live/relay';
import { createSourceFactory, type SourceFactoryOptions } from './modules/player/live/sources';
import type { SubscriptionCapLimits } from './subscriptions/caps';
import { createLiveServer, type LiveServer } from './subscriptions/websocket';
import { createPlaygroundRouter, playgroundDisabled } from './playground/playground';
import { webOriginOnly } from './security/cors';
import { MusicClient, type MusicClientOptions } from './music/client';
import { upstreamOf } from './music/upstream';
import { CapabilitiesByToken, UpstreamCapabilities } from './music/upstream-capabilities';
import { healthRouter } from './ops/health';
import { createHttpLogger, createLogger } from './ops/logger';
import { ApiMetrics } from './ops/metrics';
import { createRedis, throttled } from './ops/redis';
import { createSharedState } from './ops/shared-state';
import { finalErrorHandler, storeFailuresAnswered } from './ops/unavailable';

export interface App {
  app: Express;
  /** Serves the subscriptions' WebSocket (graphql-ws at /graphql) on `server`, the HTTP server of `app`. */
  attach: (server: Server) => void;
  /** Closes the WebSocket connections (1001, going away): the first step of a shutdown. */
  closeSockets: () => Promise<void>;
  /** Stops the GraphQL server and the live players; the caller closes the HTTP server. */
  stop: () => Promise<void>;
  logger: Logger;
  metrics: ApiMetrics;
  /** The live players and their WebSocket, for tests and the bench. */
  live: { hub: PlayerHub; server: LiveServer };
}

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
  { kind: 'bearer'; listener: string; token: string } | { kind: 'session'; listener: string; request: SessionRequest };

export interface AppOptions {
  /** Serves the web client instead of `config.webDist` (the development server's middleware). */
  webMiddleware?: RequestHandler;
  /** Told about every upstream call (tests count them per operation). */
  onUpstreamRequest?: MusicClientOptions['onRequest'];
  /** Where the log goes (tests read it); JSON lines on stdout by default. */
  logger?: Logger;
  /** Timeouts (music v1 and sign-in), the Retry-After budget and retries of upstream calls, instead of the defaults (tests). */
  musicClient?: Pick<MusicClientOptions, 'timeoutMs' | 'rateLimitBudgetMs' | 'maxRetries' | 'backoffMs'>;
  live?: LiveOptions;
}

/** Builds the api: GraphQL at /graphql and the web client everywhere else. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, service: 'api' });
  const metrics = new ApiMetrics();
  const schema = createExecutableSchema();
  const graphql = createGraphqlServer(config, logger, schema);
  graphql.addPlugin(metrics.plugin<Context>());
  await graphql.start();
  let redis: RedisClient | undefined;
  let sessions: SessionSetup;
  try {
    if (config.redisUrl) {
      redis = createRedis(config.redisUrl, logger);
      // Waits for Redis while it is unreachable (its client retries), so that the instance starts once it is there.
      await redis.connect();
    }
    sessions = createSession(config, redis, logger);
  } catch (error) {
    // A failed start leaves nothing running behind it.
    await graphql.stop();
    if (redis) await closeRedis(redis);
    throw error;
  }
  metrics.watchSessions(sessions.store);

  // Process-wide: what the upstream can do (learnt from the app's own client, for a while), the catalog cache,
  // the upstream's rate gate and the listeners' request limits (shared through Redis).
  const { cache, gate, requestLimiter } = createSharedState(config, redis, logger);
  const shared: SharedContext = {
    config,
    capabilities: new UpstreamCapabilities({ ttlMs: config.fairUse.capabilityTtlMs }),
    cache: metrics.meterCache(cache),
  };
  // A third-party client's token belongs to another app: what the upstream answers it is kept for that token only.
  const tokenCapabilities = new CapabilitiesByToken({ ttlMs: config.fairUse.capabilityTtlMs });
  const onUpstreamRequest: MusicClientOptions['onRequest'] = (event) => {
    metrics.upstream(event);
    logger.debug({ upstream: event }, 'upstream call');
    options.onUpstreamRequest?.(event);
  };
  // One OAuth client at the accounts service for the sign-in's code exchange and every session's refresh.
  const oauthClient = accountsClient(config, options.musicClient?.timeoutMs);
  // Spotify counts 429s per app (per developer account); a quota answer says the app is limited whatever the upstream.
  const limitsApp = (reason: string | undefined): boolean =>
    config.provider === 'spotify' || reason === 'QUOTA_EXCEEDED';
  /** The request's music client: a third-party client's bearer token, else the session's sign-in, else none. */
  const musicClientFor = (req: Request): RequestMusic | null => {
    const bearer = bearerOf(req);
    const session = req.session as SessionWithMusic | undefined;
    const tokens = bearer
      ? new BearerTokenSource(bearer)
      : session?.music
        ? new SessionTokenSource(req, oauthClient, sessions.refreshLock)
        : null;
    if (!tokens) return null;
    const client = new MusicClient({
      ...options.musicClient,
      baseUrl: config.musicApiUrl,
      tokens,
      gate,
      listener: listenerOf(req),
      // A bearer token belongs to another app: the upstream's limit on it is that app's, never this one's.
      limitsApp: bearer ? () => false : limitsApp,
      // The id of this request (the proxy's, or a new one): the music service logs it too.
      requestId: typeof req.id === 'string' ? req.id : undefined,
      onRequest: onUpstreamRequest,
    });
    return bearer ? { client, capabilities: tokenCapabilities.of(tokenDigest(bearer)) } : { client };
  };
  // Whose a bearer token is: one GET /me per token, tried once, quickly; its own listener's share and pause.
  const bearers = new BearerListeners({
    lookup: async (token, req) => {
      const me = await upstreamOf(
        new MusicClient({
          ...options.musicClient,
          baseUrl: config.musicApiUrl,
          tokens: new BearerTokenSource(token),
          gate,
          listener: `token:${tokenDigest(token)}`,
          limitsApp: () => false,
          timeoutMs: Math.min(options.musicClient?.timeoutMs ?? 10_000, 2000),
          maxRetries: 0,
          rateLimitBudgetMs: 0,
          requestId: typeof req.id === 'string' ? `${req.id}:listener` : undefined,
          onRequest: onUpstreamRequest,
        }),
      ).get('/me');
      if (typeof me.id !== 'string' || me.id === '') throw new Error('The music service named no user for the token.');
      return me.id;
    },
  });

  // The live player: one feed per listener, its source where this instance holds the lease (docs/decisions/033).
  const warnLive = throttled(10_000, (error: unknown) => logger.warn({ err: error }, 'live player'));
  const relay: PlayerRelay = redis ? new RedisRelay(redis, config.redisKeyPrefix, warnLive) : new LocalRelay();
  const hub = new PlayerHub({
    relay,
    leaseMs: options.live?.leaseMs,
    onError: warnLive,
    createSource: createSourceFactory({
      provider: config.provider,
      mode: options.live?.source,
      musicApiUrl: config.musicApiUrl,
      poller: options.live?.poller,
      onRequest: onUpstreamRequest,
      clientFor: (feed) =>
        new MusicClient({
          ...options.musicClient,
          baseUrl: config.musicApiUrl,
          tokens: feed.tokens,
          gate,
          listener: feed.listener,
          limitsApp: feed.kind === 'bearer' ? () => false : limitsApp,
          onRequest: onUpstreamRequest,
        }),
    }),
  });
  const publicOrigin = new URL(config.publicUrl).origin;
  /** Loads the session of a WebSocket's upgrade request, as express-session does for /graphql. */
  const loadSession = (request: IncomingMessage): Promise<void> =>
    new Promise((resolve, reject) => {
      // express-session saves through the response's end, which never comes here: it only reads.
      sessions.middleware(request as Request, new ServerResponse(request) as Response, (error?: unknown) => {
        if (error === undefined || error === null) resolve();
        else reject(error instanceof Error ? error : new Error('The session store failed.'));
      });
    });
  const trustProxy = (): ((address: string, hop: number) => boolean) =>
    app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  /** The client's address as Express would name it (`req.ip`, after the `trust proxy` setting). */
  const clientAddress = (request: IncomingMessage): string | undefined => {
    const forwarded = String(request.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
      .reverse();
    const hops = [request.socket.remoteAddress ?? '', ...forwarded];
    const trusted = trustProxy();
    for (let hop = 0; hop < hops.length - 1; hop += 1) if (!trusted(hops[hop] ?? '', hop)) return hops[hop];
    return hops[hops.length - 1];
  };
  const liveServer = createLiveServer<LiveAuth>({
    schema,
    limits: config.graphql.limits,
    formatError: errorFormatter(config, logger),
    logger,
    caps: options.live?.caps,
    keepAliveMs: options.live?.keepAliveMs,
    idleMs: options.live?.idleMs,
    authenticate: async (request, params) => {
      const authorization = typeof params?.authorization === 'string' ? params.authorization : '';
      const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
      if (token !== undefined) {
        let userId = bearers.cached(token);
        if (userId === undefined) {
          // Finding a token's user costs an upstream call: a stream of made-up tokens counts against its address.
          if (requestLimiter && (await requestLimiter.hit(addressKey(clientAddress(request)))) > 0) return null;
          userId = await bearers.resolve(token, request);
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
    },
    admit: (auth) => (requestLimiter ? requestLimiter.hit(auth.listener) : Promise.resolve(0)),
    contextFor: (auth) => {
      const bearer = auth.kind === 'bearer';
      const tokens = bearer
        ? new BearerTokenSource(auth.token)
        : new SessionTokenSource(auth.request, oauthClient, sessions.refreshLock);
      const client = new MusicClient({
        ...options.musicClient,
        baseUrl: config.musicApiUrl,
        tokens,
        gate,
        listener: auth.listener,
        limitsApp: bearer ? () => false : limitsApp,
        onRequest: onUpstreamRequest,
      });
      const digest = bearer ? tokenDigest(auth.token) : undefined;
      const context = createContext(
        shared,
        digest === undefined ? { client } : { client, capabilities: tokenCapabilities.of(digest) },
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
        keepDeviceMs: options.live?.keepDeviceMs,
        sessionCheckMs: options.live?.sessionCheckMs,
        onError: (error) => logger.debug({ err: error }, 'live player'),
      };
      return context;
    },
  });

  const app = express();
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');
  // Who may name the client's address (X-Forwarded-For): anonymous requests are limited by it (TRUST_PROXY).
  app.set('trust proxy', config.fairUse.trustProxy);
  // One JSON line per request with its id; headers, cookies and query secrets never reach the log.
  app.use(createHttpLogger(logger));
  // Standard security headers (CSP, frame-ancestors, nosniff, referrer policy).
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(config) }));

  app.use(
    healthRouter({
      redis,
      sessionDir: redis ? undefined : config.sessionDir,
      upstreamUrl: config.musicApiUrl,
    }),
  );
  // Not public: a bearer token (METRICS_TOKEN) or a direct connection from this machine (see metricsHandler).
  app.get('/metrics', metricsHandler(metrics, { token: config.metricsToken }));

  // The GraphQL playground is a development tool: production serves it only when enabled (GRAPHQL_PLAYGROUND).
  app.use(config.graphql.playground ? createPlaygroundRouter() : playgroundDisabled());

  // GraphQL answers hold a listener's own data: no browser or proxy cache may keep one (errors and refusals included).
  app.use('/graphql', (_req: Request, res: Response, next: NextFunction) => {
    res.set('cache-control', 'no-store');
    next();
  });

  // Sessions only where they are used: static files and health checks never touch the store.
  // A failing store (Redis restarting) answers UPSTREAM_UNAVAILABLE instead of failing the request.
  app.use(['/auth', '/graphql'], storeFailuresAnswered(sessions.middleware, logger));
  app.use(createAuthRouter(config, { logger, timeoutMs: options.musicClient?.timeoutMs, client: oauthClient }));

  app.use(
    '/graphql',
    // Browsers on other origins get no CORS headers: only the app's own origin (PUBLIC_URL) may call with cookies.
    webOriginOnly(config.publicUrl),
    // Each listener (or anonymous address) within their own request limit: 429 with Retry-After beyond it.
    fairUse({ limiter: requestLimiter, bearers }),
    // An explicit cap: larger bodies get 413 before GraphQL parses anything.
    express.json({ limit: '100kb' }),
    expressMiddleware(graphql, {
      context: ({ req }): Promise<Context> => {
        const context = createContext(shared, musicClientFor(req));
        const listener = listenerOf(req);
        // A command's change reaches the listener's live players at once (a polled upstream reads now).
        if (listener?.startsWith('user:')) context.onCommand = () => hub.poke(listener);
        return Promise.resolve(context);
      },
    }),
  );

  app.use(options.webMiddleware ?? webClientRouter(config.webDist));

  app.use(finalErrorHandler(logger));

  return {
    app,
    logger,
    metrics,
    live: { hub, server: liveServer },
    attach: (server) => liveServer.attach(server),
    closeSockets: () => liveServer.close(),
    stop: async () => {
      await liveServer.close();
      await hub.close();
      await graphql.stop();
      await sessions.close();
      if (redis) await closeRedis(redis);
    },
  };
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

/** Closes the Redis client: its commands under way finish; one that cannot close (Redis gone) is cut. */
async function closeRedis(redis: RedisClient): Promise<void> {
  if (!redis.isOpen) return;
  try {
    await redis.close();
  } catch {
    redis.destroy();
  }
}
