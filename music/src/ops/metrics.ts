import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../db/types';

/**
 * The music service's Prometheus metrics: requests by route and status with their latency,
 * multi-get batch sizes, active sign-in sessions and access tokens, and the process's own (CPU,
 * memory, event loop). One registry per app, so that several apps in one process never share.
 */
export class MusicMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly seconds: Histogram<'method' | 'route'>;
  private readonly batchSizes: Histogram<'route'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
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
      let last: { at: number; value: number } | undefined;
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          if (!last || Date.now() - last.at > 15_000) {
            // A database that cannot answer leaves the last value standing.
            const value = await read(table).catch(() => last?.value ?? 0);
            last = { at: Date.now(), value };
          }
          this.set(last.value);
        },
      });
    }
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a request came straight from this machine, not relayed by a proxy on it. */
function directFromLoopback(req: Request): boolean {
  const relayed = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((header) => req.headers[header] !== undefined);
  return !relayed && loopback.has(req.socket.remoteAddress ?? '');
}

/**
 * `/metrics` is not public: the figures describe traffic and load that strangers have no business
 * reading. With METRICS_TOKEN it answers a Prometheus scraper that sends the token as a bearer
 * token; without one, only a direct connection from this machine (not one relayed by a proxy on
 * it). Anyone else gets 404, as if there were nothing there.
 */
export function metricsHandler(registry: Registry, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const allowed = token ? bearer !== undefined && sameSecret(bearer, token) : directFromLoopback(req);
    if (!allowed) {
      res.status(404).json({ error: { status: 404, message: 'Service not found' } });
      return;
    }
    registry.metrics().then((text) => {
      res.type(registry.contentType).send(text);
    }, next);
  };
}
