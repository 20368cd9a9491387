import { access, constants } from 'node:fs/promises';
import { healthRouter as sharedHealthRouter, runChecks, type Check } from '@graphonic/ops';
import type { Router } from 'express';
import type { RedisClientType } from 'redis';
import { upstreamAnswers } from '../music/client';

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

export function healthRouter(options: ReadinessOptions): Router {
  const timeoutMs = options.timeoutMs ?? 2000;
  const probeTtlMs = options.upstreamProbeTtlMs ?? 5000;
  let upstream: { at: number; result: Promise<Check> } | undefined;

  const store = async (): Promise<void> => {
    if (options.redis) await options.redis.ping();
    else if (options.sessionDir) await access(options.sessionDir, constants.W_OK);
  };

  // Any HTTP answer (a 401 without a token, most likely) shows the upstream is there.
  const probeUpstream = async (): Promise<Check> =>
    (await upstreamAnswers(options.upstreamUrl, timeoutMs)) ? 'ok' : 'unavailable';

  const reachable = async (): Promise<void> => {
    if (!upstream || Date.now() - upstream.at > probeTtlMs) upstream = { at: Date.now(), result: probeUpstream() };
    if ((await upstream.result) !== 'ok') throw new Error('The upstream does not answer.');
  };

  return sharedHealthRouter(async () => {
    const { ready, checks } = await runChecks({ store, upstream: reachable }, timeoutMs);
    return { ready, body: { status: ready ? 'ready' : 'unavailable', checks } };
  });
}
