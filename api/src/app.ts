import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createClient } from 'redis';
import { createAuthRouter } from './auth/routes';
import { createSession, type RedisClient } from './auth/session';
import type { Config } from './config';
import type { Context } from './context';
import { createGraphqlServer } from './graphql';

export interface App {
  app: Express;
  /** Stops the GraphQL server; the caller closes the HTTP server. */
  stop: () => Promise<void>;
}

export interface AppOptions {
  /** Serves the web client instead of `config.webDist` (the development server's middleware). */
  webMiddleware?: RequestHandler;
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

  const app = express();
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');
  // Standard security headers (CSP, frame-ancestors, nosniff, referrer policy).
  app.use(helmet());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Sessions only where they are used: static files and health checks never touch the store.
  app.use(['/auth', '/graphql'], sessions.middleware);
  app.use(createAuthRouter(config));

  app.use(
    '/graphql',
    // An explicit cap: larger bodies get 413 before GraphQL parses anything.
    express.json({ limit: '100kb' }),
    expressMiddleware(graphql, {
      context: (): Promise<Context> => Promise.resolve({ config }),
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
