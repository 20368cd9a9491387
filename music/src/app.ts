import express, { type Express } from 'express';
import type { MusicConfig } from './config';
import { errorHandler, unknownEndpoint } from './errors';

/** The local music service's HTTP app: the music v1 API under /v1. */
export function createMusicApp(_config: MusicConfig): Express {
  const app = express();
  // Hides the framework from fingerprinting.
  app.disable('x-powered-by');

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const v1 = express.Router();
  v1.use(unknownEndpoint);
  app.use('/v1', v1);

  app.use(unknownEndpoint);
  app.use(errorHandler);
  return app;
}
