import express, { type Router } from 'express';

/**
 * `/healthz`: the process answers (a restart helps when it does not). `/readyz`: what it needs
 * answers too (a balancer sends it traffic only then). Neither needs a session. Each service says
 * what "ready" means for it; the routes, the status codes and the timeouts are the same for both.
 */

/** What `/readyz` answers: 200 with `body` when ready, 503 with it otherwise. */
export interface Readiness {
  ready: boolean;
  body: Record<string, unknown>;
}

export type Check = 'ok' | 'unavailable';

/** `promise`, or a rejection once `ms` have passed without an answer. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer in time')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Runs every check at once, each within `timeoutMs`: `ok` when it resolves in time, `unavailable`
 * when it rejects or does not answer. Ready when every check is `ok`.
 */
export async function runChecks<Name extends string>(
  checks: Record<Name, () => Promise<unknown>>,
  timeoutMs: number,
): Promise<{ ready: boolean; checks: Record<Name, Check> }> {
  const names = Object.keys(checks) as Name[];
  const results = await Promise.all(
    names.map((name) =>
      withTimeout(
        Promise.resolve().then(() => checks[name]()),
        timeoutMs,
      ).then(
        (): Check => 'ok',
        (): Check => 'unavailable',
      ),
    ),
  );
  const named = Object.fromEntries(names.map((name, index) => [name, results[index] ?? 'unavailable'])) as Record<
    Name,
    Check
  >;
  return { ready: results.every((result) => result === 'ok'), checks: named };
}

/**
 * The two routes. `readiness` is asked at each `/readyz`; if it throws, the answer is 503
 * `{"status":"unavailable"}`: a readiness that cannot tell is not ready.
 */
export function healthRouter(readiness: () => Promise<Readiness>): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    readiness().then(
      ({ ready, body }) => {
        res.status(ready ? 200 : 503).json(body);
      },
      () => {
        res.status(503).json({ status: 'unavailable' });
      },
    );
  });
  return router;
}
