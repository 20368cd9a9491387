import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createClient } from 'redis';
import { createAuthRouter } from './auth/routes';
import { createSession, type RedisClient } from './auth/session';
import type { Config } from './config';
import { BearerTokenSource, SessionTokenSource, type SessionWithMusic } from './auth/tokens';
import { createContext, type Context, type SharedContext } from './context';
import { createGraphqlServer } from './graphql';
import { createPlaygroundRouter, playgroundDisabled } from './playground/playground';
import { MusicClient, type MusicClientOptions } from './music/client';
import { MemoryEntityCache } from './music/entity-cache';
import { LocalRateGate } from './music/rate-gate';

export interface App {
  app: Express;
  /** Stops the GraphQL server; the caller closes the HTTP server. */
  stop: () => Promise<void>;
}

export interface AppOptions {
  /** Serves the web client instead of `config.webDist` (the development server's middleware). */
  webMiddleware?: RequestHandler;
  /** Told about every upstream call (tests count them per operation). */
  onUpstreamRequest?: MusicClientOptions['onRequest'];
}

/** Builds the api: GraphQL at /graphql and the web client everywhere else. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const graphql = createGraphqlServer(config);
  await graphql.start();
  let redis: RedisClient | undefined;
  if (config.redisUrl) {
    redis = createClient({ url: config.redisUrl });
    redis.on('error', (error: unknown) => {
      console.error(`Redis: ${error instanceof Error ? error.message : String(error)}`);
    });
    await redis.connect();
  }
  const sessions = createSession(config, redis);

  // Process-wide: what the upstream can do, the catalog cache and the upstream's rate budget.
  const shared: SharedContext = {
    config,
    capabilities: { multiGet: 'unknown' },
    cache: new MemoryEntityCache({ maxEntries: 50_000, ttlMs: 10 * 60_000 }),
  };
  const gate = new LocalRateGate();
  const oauthClient = {
    tokenUrl: `${config.musicAccountsUrl}/api/token`,
    clientId: config.oauthClient.id,
    clientSecret: config.oauthClient.secret,
  };
  /** The request's music client: a third-party client's bearer token, else the session's sign-in, else none. */
  const musicClientFor = (req: Request): MusicClient | null => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const session = req.session as SessionWithMusic | undefined;
    const tokens = bearer
      ? new BearerTokenSource(bearer)
      : session?.music
        ? new SessionTokenSource(session, oauthClient)
        : null;
    if (!tokens) return null;
    return new MusicClient({
      baseUrl: config.musicApiUrl,
      tokens,
      gate,
      requestId: req.get('x-request-id'),
      onRequest: options.onUpstreamRequest,
    });
  };

  const app = express();
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');
  // Standard security headers (CSP, frame-ancestors, nosniff, referrer policy).
  app.use(helmet());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // The GraphQL playground is a development tool: production serves it only when enabled (GRAPHQL_PLAYGROUND).
  app.use(config.graphql.playground ? createPlaygroundRouter() : playgroundDisabled());

  // Sessions only where they are used: static files and health checks never touch the store.
  app.use(['/auth', '/graphql'], sessions.middleware);
  app.use(createAuthRouter(config));

  app.use(
    '/graphql',
    // An explicit cap: larger bodies get 413 before GraphQL parses anything.
    express.json({ limit: '100kb' }),
    expressMiddleware(graphql, {
      context: ({ req }): Promise<Context> => Promise.resolve(createContext(shared, musicClientFor(req))),
    }),
  );

  const indexHtml = join(config.webDist, 'index.html');
  if (options.webMiddleware) {
    app.use(options.webMiddleware);
  } else if (existsSync(indexHtml)) {
    app.use(express.static(config.webDist, { index: false, maxAge: '1h' }));
    // Client-side routes: every other GET gets the app shell.
    app.get('/{*path}', (_req, res) => {
      res.sendFile(indexHtml);
    });
  } else {
    app.get('/{*path}', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send(`The web client is not built (${indexHtml} is missing). Run \`npm run build\` or \`npm start\`.`);
    });
  }

  return {
    app,
    stop: async () => {
      await graphql.stop();
      await sessions.close();
      if (redis?.isOpen) await redis.quit();
    },
  };
}
