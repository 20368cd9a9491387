import { metricsHandler as sharedMetricsHandler, ServiceMetrics } from '@graphonic/ops';
import type { RequestHandler } from 'express';
import { Counter, Histogram } from 'prom-client';
import type { Queryable } from '../db/types';

/**
 * The music service's Prometheus metrics: requests by route and status with their latency,
 * multi-get batch sizes, and active sign-in sessions and access tokens; the process's own figures,
 * the registry per app and `/metrics` come from the shared ServiceMetrics (@graphonic/ops).
 */
export class MusicMetrics extends ServiceMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly seconds: Histogram<'method' | 'route'>;
  private readonly batchSizes: Histogram<'route'>;

  constructor() {
    super();
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'graphonic_music_requests_total',
      help: 'Requests answered, by route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.seconds = new Histogram({
      name: 'graphonic_music_request_duration_seconds',
      help: 'Time to answer a request',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.batchSizes = new Histogram({
      name: 'graphonic_music_batch_size',
      help: 'Ids per multi-get request',
      labelNames: ['route'],
      buckets: [1, 2, 5, 10, 20, 50, 100],
      registers,
    });
  }

  /** Counts and times every request once it is answered, by its route pattern (never its ids). */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const started = performance.now();
      res.once('finish', () => {
        const pattern = (req.route as { path?: unknown } | undefined)?.path;
        const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'unmatched';
        this.requests.inc({ method: req.method, route, status: String(res.statusCode) });
        this.seconds.observe({ method: req.method, route }, (performance.now() - started) / 1000);
        if (typeof req.query.ids === 'string') this.batchSizes.observe({ route }, req.query.ids.split(',').length);
      });
      next();
    };
  }

  /** Unexpired sign-in sessions and access tokens, read at each scrape (at most every 15 s). */
  watchSessions(db: Queryable): void {
    const read = async (table: 'account_sessions' | 'access_tokens'): Promise<number> => {
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*) AS count FROM ${table} WHERE expires_at > now()`,
      );
      return rows[0]?.count ?? 0;
    };
    for (const [table, name, help] of [
      ['account_sessions', 'graphonic_music_active_sessions', 'Unexpired sign-in sessions'],
      ['access_tokens', 'graphonic_music_active_access_tokens', 'Unexpired access tokens'],
    ] as const) {
      this.gaugeReadAtScrape({ name, help, read: () => read(table) });
    }
  }
}

/** `/metrics` for the music service: the shared rule, answering strangers with the music v1 API's own 404. */
export function metricsHandler(metrics: MusicMetrics, token: string | undefined): RequestHandler {
  return sharedMetricsHandler(metrics, {
    token,
    notFound: (res) => {
      res.status(404).json({ error: { status: 404, message: 'Service not found' } });
    },
  });
}
