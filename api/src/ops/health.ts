import { access, constants } from 'node:fs/promises';
import express, { type Router } from 'express';
import type { RedisClientType } from 'redis';
import { fetch } from 'undici';
import { sharedDispatcher } from '../music/client';

/**
 * `/healthz`: the process answers (a restart helps when it does not). `/readyz`: its stores and
 * its upstream answer too (a balancer sends it traffic only then). Neither needs a session.
 */

export interface ReadinessOptions {
  /** The shared store (sessions, cache, rate gate) when there is one. */
  redis?: RedisClientType;
  /** The embedded session store's folder, without Redis. */
  sessionDir?: string;
  /** The music v1 API's base URL. */
  upstreamUrl: string;
  /** How long an upstream probe's result is reused, so that probes cannot be turned into load. */
  upstreamProbeTtlMs?: number;
  timeoutMs?: number;
}

type Check = 'ok' | 'unavailable';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
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

export function healthRouter(options: ReadinessOptions): Router {
  const timeoutMs = options.timeoutMs ?? 2000;
  const probeTtlMs = options.upstreamProbeTtlMs ?? 5000;
  let upstream: { at: number; result: Promise<Check> } | undefined;

  const store = async (): Promise<Check> => {
    try {
      if (options.redis) await withTimeout(options.redis.ping(), timeoutMs);
      else if (options.sessionDir) await access(options.sessionDir, constants.W_OK);
      return 'ok';
    } catch {
      return 'unavailable';
    }
  };

  // Any HTTP answer (a 401 without a token, most likely) shows the upstream is there.
  const probeUpstream = async (): Promise<Check> => {
    try {
      const response = await fetch(`${options.upstreamUrl}/`, {
        dispatcher: sharedDispatcher,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return 'ok';
    } catch {
      return 'unavailable';
    }
  };

  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (!upstream || Date.now() - upstream.at > probeTtlMs) upstream = { at: Date.now(), result: probeUpstream() };
    const checks = { store: await store(), upstream: await upstream.result };
    const ready = checks.store === 'ok' && checks.upstream === 'ok';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
  });
  return router;
}
