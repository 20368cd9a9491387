import express, { type Express } from 'express';
import type { MusicConfig } from './config';
import type { Database } from './db/types';
import { errorHandler, unknownEndpoint } from './errors';

export interface MusicAppDeps {
  db: Database;
}

/** The local music service's HTTP app: the music v1 API under /v1. */
export function createMusicApp(_config: MusicConfig, deps: MusicAppDeps): Express {
  const app = express();
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');

  // Alive: the process answers.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  // Ready: its store answers too.
  app.get('/readyz', (_req, res) => {
    deps.db.query('SELECT 1').then(
      () => {
        res.json({ status: 'ready' });
      },
      (error: unknown) => {
        console.error(`Readiness check failed: ${error instanceof Error ? error.message : String(error)}`);
        res.status(503).json({ status: 'unavailable', reason: 'The database does not answer.' });
      },
    );
  });

  const v1 = express.Router();
  v1.use(unknownEndpoint);
  app.use('/v1', v1);

  app.use(unknownEndpoint);
  app.use(errorHandler);
  return app;
}
