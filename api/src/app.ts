import type { Server } from 'node:http';
import { expressMiddleware } from '@as-integrations/express5';
import { metricsHandler } from '@graphonic/ops';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { createAuthRouter } from './auth/routes';
import { createSession, type RedisClient, type SessionSetup } from './auth/session';
import type { Config } from './config';
import { accountsClient } from './auth/token-endpoint';
import { contentSecurityPolicy } from './content-security';
import { webClientRouter } from './web-client';
import { createContext, type Context, type SharedContext } from './context';
import type { AnswerCache } from './music/answer-cache';
import { createExecutableSchema, createGraphqlServer } from './graphql';
import { fairUse, listenerOf } from './limits/listeners';
import type { PlayerHub } from './modules/player/live/hub';
import { createLivePlayer, type LiveOptions } from './subscriptions/live-player';
import type { LiveServer } from './subscriptions/websocket';
import { createPlaygroundRouter, playgroundDisabled } from './playground/playground';
import { webOriginOnly } from './security/cors';
import { loadOperationManifest, trustedDocumentsOnly } from './security/trusted-documents';
import type { MusicClientOptions } from './music/client';
import { MusicClients } from './music/clients';
import { UpstreamCapabilities } from './music/upstream-capabilities';
import { healthRouter } from './ops/health';
import { createHttpLogger, createLogger } from './ops/logger';
import { ApiMetrics } from './ops/metrics';
import { createRedis } from './ops/redis';
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
  /** The upstream's answers kept for each listener (decision 043): for figures, and the benchmark's cold runs. */
  answers: AnswerCache;
}

export type { LiveOptions };

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
  // The web build's operations; with trusted documents on, the api does not start without them.
  const manifest = loadOperationManifest(config.webDist, config.graphql.trustedDocuments);
  const trusted = config.graphql.trustedDocuments ? manifest : null;
  const graphql = createGraphqlServer(config, logger, schema, manifest);
  graphql.addPlugin(metrics.plugin<Context>());
  await graphql.start();
  const { redis, sessions } = await openStores(config, logger, graphql);
  metrics.watchSessions(sessions.store);

  // Process-wide: what the upstream can do (learnt from the app's own client, for a while), the catalog cache,
  // the upstream's rate gate and the listeners' request limits (shared through Redis).
  const { cache, browse, gate, requestLimiter } = createSharedState(config, redis, logger);
  const shared: SharedContext = {
    config,
    capabilities: new UpstreamCapabilities({ ttlMs: config.fairUse.capabilityTtlMs }),
    cache: metrics.meterCache(cache),
    browse,
  };
  const onRequest: MusicClientOptions['onRequest'] = (event) => {
    metrics.upstream(event);
    logger.debug({ upstream: event }, 'upstream call');
    options.onUpstreamRequest?.(event);
  };
  // One OAuth client at the accounts service for the sign-in's code exchange and every session's refresh.
  const oauthClient = accountsClient(config, options.musicClient?.timeoutMs);
  const clients = new MusicClients({
    config,
    tuning: options.musicClient,
    gate,
    oauthClient,
    refreshLock: sessions.refreshLock,
    onRequest,
  });

  const app = express();
  const live = createLivePlayer({
    config,
    options: options.live,
    schema,
    logger,
    redis,
    shared,
    clients,
    requestLimiter,
    sessionMiddleware: sessions.middleware,
    trusted,
    trustProxy: () => app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    onRequest,
  });
  mountRoutes(app, { config, options, logger, metrics, redis, sessions, oauthClient, clients });
  app.use(
    '/graphql',
    // Browsers on other origins get no CORS headers: only the app's own origin (PUBLIC_URL) may call with cookies.
    webOriginOnly(config.publicUrl),
    // Each listener (or anonymous address) within their own request limit: 429 with Retry-After beyond it.
    fairUse({ limiter: requestLimiter, bearers: clients.bearers }),
    // An explicit cap: larger bodies get 413 before GraphQL parses anything.
    express.json({ limit: '100kb' }),
    // Trusted documents: without a bearer token, only the web build's operations run (GRAPHQL_TRUSTED_DOCUMENTS).
    ...(trusted ? [trustedDocumentsOnly(trusted)] : []),
    expressMiddleware(graphql, {
      context: ({ req }): Promise<Context> => {
        const context = createContext(shared, clients.forRequest(req));
        const listener = listenerOf(req);
        // A command's change reaches the listener's live players at once (a polled upstream reads now).
        if (listener?.startsWith('user:')) context.onCommand = () => live.hub.poke(listener);
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
    live,
    answers: clients.answers,
    attach: (server) => live.server.attach(server),
    closeSockets: () => live.server.close(),
    stop: async () => {
      await live.server.close();
      await live.hub.close();
      await graphql.stop();
      await sessions.close();
      if (redis) await closeRedis(redis);
    },
  };
}

/** Redis when configured (waited for while unreachable: its client retries) and the session store on it or on disk. */
async function openStores(
  config: Config,
  logger: Logger,
  graphql: { stop: () => Promise<void> },
): Promise<{ redis: RedisClient | undefined; sessions: SessionSetup }> {
  let redis: RedisClient | undefined;
  try {
    if (config.redisUrl) {
      redis = createRedis(config.redisUrl, logger);
      await redis.connect();
    }
    return { redis, sessions: createSession(config, redis, logger) };
  } catch (error) {
    // A failed start leaves nothing running behind it.
    await graphql.stop();
    if (redis) await closeRedis(redis);
    throw error;
  }
}

/** Everything in front of GraphQL, in order: headers, health, metrics, the playground, sessions and sign-in. */
function mountRoutes(
  app: Express,
  {
    config,
    options,
    logger,
    metrics,
    redis,
    sessions,
    oauthClient,
    clients,
  }: {
    config: Config;
    options: AppOptions;
    logger: Logger;
    metrics: ApiMetrics;
    redis: RedisClient | undefined;
    sessions: SessionSetup;
    oauthClient: ReturnType<typeof accountsClient>;
    clients: MusicClients;
  },
): void {
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
  app.use(
    createAuthRouter(config, {
      logger,
      timeoutMs: options.musicClient?.timeoutMs,
      client: oauthClient,
      music: (accessToken, requestId) => clients.forSignIn(accessToken, requestId),
    }),
  );
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
