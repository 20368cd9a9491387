import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { createAuthRouter } from './auth/routes';
import { createSession, type RedisClient, type SessionSetup } from './auth/session';
import type { Config } from './config';
import { BearerTokenSource, SessionTokenSource, type SessionWithMusic } from './auth/tokens';
import { contentSecurityPolicy } from './content-security';
import { webClientRouter } from './web-client';
import { createContext, type Context, type SharedContext } from './context';
import { createGraphqlServer } from './graphql';
import { createPlaygroundRouter, playgroundDisabled } from './playground/playground';
import { webOriginOnly } from './security/cors';
import { MusicClient, type MusicClientOptions } from './music/client';
import { healthRouter } from './ops/health';
import { createHttpLogger, createLogger } from './ops/logger';
import { ApiMetrics, metricsHandler } from './ops/metrics';
import { createRedis } from './ops/redis';
import { createSharedState } from './ops/shared-state';
import { finalErrorHandler, storeFailuresAnswered } from './ops/unavailable';

export interface App {
  app: Express;
  /** Stops the GraphQL server; the caller closes the HTTP server. */
  stop: () => Promise<void>;
  logger: Logger;
  metrics: ApiMetrics;
}

export interface AppOptions {
  /** Serves the web client instead of `config.webDist` (the development server's middleware). */
  webMiddleware?: RequestHandler;
  /** Told about every upstream call (tests count them per operation). */
  onUpstreamRequest?: MusicClientOptions['onRequest'];
  /** Where the log goes (tests read it); JSON lines on stdout by default. */
  logger?: Logger;
  /** Timeouts (music v1 and sign-in), the Retry-After budget and retries of upstream calls, instead of the defaults (tests). */
  musicClient?: Pick<MusicClientOptions, 'timeoutMs' | 'rateLimitBudgetMs' | 'maxRetries' | 'backoffMs'>;
}

/** Builds the api: GraphQL at /graphql and the web client everywhere else. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, service: 'api' });
  const metrics = new ApiMetrics();
  const graphql = createGraphqlServer(config, logger);
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

  // Process-wide: what the upstream can do, the catalog cache and the upstream's rate gate (shared through Redis).
  const { cache, gate } = createSharedState(config, redis, logger);
  const shared: SharedContext = {
    config,
    capabilities: { multiGet: 'unknown' },
    cache: metrics.meterCache(cache),
  };
  const onUpstreamRequest: MusicClientOptions['onRequest'] = (event) => {
    metrics.upstream(event);
    logger.debug({ upstream: event }, 'upstream call');
    options.onUpstreamRequest?.(event);
  };
  const oauthClient = {
    tokenUrl: `${config.musicAccountsUrl}/api/token`,
    clientId: config.oauthClient.id,
    clientSecret: config.oauthClient.secret,
    timeoutMs: options.musicClient?.timeoutMs,
  };
  /** The request's music client: a third-party client's bearer token, else the session's sign-in, else none. */
  const musicClientFor = (req: Request): MusicClient | null => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const session = req.session as SessionWithMusic | undefined;
    const tokens = bearer
      ? new BearerTokenSource(bearer)
      : session?.music
        ? new SessionTokenSource(req, oauthClient, sessions.refreshLock)
        : null;
    if (!tokens) return null;
    return new MusicClient({
      ...options.musicClient,
      baseUrl: config.musicApiUrl,
      tokens,
      gate,
      // The id of this request (the proxy's, or a new one): the music service logs it too.
      requestId: typeof req.id === 'string' ? req.id : undefined,
      onRequest: onUpstreamRequest,
    });
  };

  const app = express();
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');
  // Behind a proxy the client's address (for the sign-in limit) is in X-Forwarded-For; without one, never read it.
  app.set('trust proxy', config.trustProxyHops > 0 ? config.trustProxyHops : false);
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
  app.get('/metrics', metricsHandler(metrics, config.metricsToken));

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
  app.use(createAuthRouter(config, { logger, timeoutMs: options.musicClient?.timeoutMs }));

  app.use(
    '/graphql',
    // Browsers on other origins get no CORS headers: only the app's own origin (PUBLIC_URL) may call with cookies.
    webOriginOnly(config.publicUrl),
    // An explicit cap: larger bodies get 413 before GraphQL parses anything.
    express.json({ limit: '100kb' }),
    expressMiddleware(graphql, {
      context: ({ req }): Promise<Context> => Promise.resolve(createContext(shared, musicClientFor(req))),
    }),
  );

  app.use(options.webMiddleware ?? webClientRouter(config.webDist));

  app.use(finalErrorHandler(logger));

  return {
    app,
    logger,
    metrics,
    stop: async () => {
      await graphql.stop();
      await sessions.close();
      if (redis) await closeRedis(redis);
    },
  };
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
