import { healthRouter as sharedHealthRouter, withTimeout } from '@graphonic/ops';
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Queryable } from '../db/types';

/** How long the store has to answer a readiness probe. */
const storeTimeoutMs = 2000;

/**
 * `/healthz`: the process answers (a restart helps when it does not). `/readyz`: its store
 * answers too, within 2 s (a balancer sends it traffic only then).
 */
export function healthRouter(db: Queryable, logger: Logger): Router {
  return sharedHealthRouter(() =>
    withTimeout(db.query('SELECT 1'), storeTimeoutMs).then(
      () => ({ ready: true, body: { status: 'ready' } }),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        logger.warn({ reason }, 'readiness check failed');
        return { ready: false, body: { status: 'unavailable', reason: 'The database does not answer.' } };
      },
    ),
  );
}
