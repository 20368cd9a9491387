import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Queryable } from '../db/types';
import { requestLog } from './logger';

/**
 * `/healthz`: the process answers (a restart helps when it does not). `/readyz`: its store
 * answers too (a balancer sends it traffic only then).
 */
export function healthRouter(db: Queryable, logger: Logger): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (req, res) => {
    db.query('SELECT 1').then(
      () => {
        res.json({ status: 'ready' });
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        requestLog(req, logger).warn({ reason }, 'readiness check failed');
        res.status(503).json({ status: 'unavailable', reason: 'The database does not answer.' });
      },
    );
  });
  return router;
}
