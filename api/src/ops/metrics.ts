import { timingSafeEqual } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import type { Store } from 'express-session';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { UpstreamRequestEvent } from '../music/client';
import type { EntityCache } from '../music/entity-cache';

/**
 * The api's Prometheus metrics: upstream calls by endpoint and status with their latency and
 * multi-get batch sizes, catalog cache hits and misses, GraphQL operations by name with their
 * latency, active sessions, and the process's own (CPU, memory, event loop). One registry per
 * app, so that several apps in one process (tests) never share counters; the process's own
 * figures are collected once per process and added at each scrape.
 */

let processMetrics: Registry | undefined;

/**
 * The process's CPU, memory, event loop and garbage collection, collected once per process: the
 * collectors start an event-loop monitor and a garbage-collection observer that never stop, so a
 * process that builds several apps (tests, the benchmark) must not start one set per app.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** Path segments after these (and not under /me) are ids: `/v1/albums/{id}/tracks`. */
const collections = new Set([
  'albums',
  'artists',
  'audio-analysis',
  'audio-features',
  'audiobooks',
  'categories',
  'chapters',
  'episodes',
  'playlists',
  'shows',
  'tracks',
  'users',
]);

/** An upstream path as a metric label: ids replaced, so that labels stay few. */
export function endpointOf(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) =>
      index >= 2 && collections.has(segments[index - 1] ?? '') && segments[index - 2] !== 'me' ? '{id}' : segment,
    )
    .join('/');
}

/** Label values chosen by clients (operation names) are capped, so that no client can grow the series without end. */
class BoundedLabels {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(value);
    return value;
  }
}

const operationName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export class ApiMetrics {
  readonly registry = new Registry();
  private readonly upstreamRequests: Counter<'method' | 'endpoint' | 'status'>;
  private readonly upstreamSeconds: Histogram<'endpoint'>;
  private readonly batchSizes: Histogram<'endpoint'>;
  private readonly cacheHits: Counter<'type'>;
  private readonly cacheMisses: Counter<'type'>;
  private readonly operations: Counter<'operation' | 'type' | 'outcome'>;
  private readonly operationSeconds: Histogram<'operation' | 'type'>;
  private readonly endpoints = new BoundedLabels(200);
  private readonly operationNames = new BoundedLabels(200);

  constructor() {
    const registers = [this.registry];
    this.upstreamRequests = new Counter({
      name: 'graphonic_upstream_requests_total',
      help: 'Calls to the music v1 upstream, by endpoint and status (error: no answer)',
      labelNames: ['method', 'endpoint', 'status'],
      registers,
    });
    this.upstreamSeconds = new Histogram({
      name: 'graphonic_upstream_request_duration_seconds',
      help: 'Time to the upstream answer, per call',
      labelNames: ['endpoint'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.batchSizes = new Histogram({
      name: 'graphonic_upstream_batch_size',
      help: 'Ids per multi-get call',
      labelNames: ['endpoint'],
      buckets: [1, 2, 5, 10, 20, 50, 100],
      registers,
    });
    this.cacheHits = new Counter({
      name: 'graphonic_catalog_cache_hits_total',
      help: 'Catalog entities served from the cross-request cache',
      labelNames: ['type'],
      registers,
    });
    this.cacheMisses = new Counter({
      name: 'graphonic_catalog_cache_misses_total',
      help: 'Catalog entities the cross-request cache did not have',
      labelNames: ['type'],
      registers,
    });
    this.operations = new Counter({
      name: 'graphonic_graphql_operations_total',
      help: 'GraphQL operations by name, type and outcome (error: the answer carried errors)',
      labelNames: ['operation', 'type', 'outcome'],
      registers,
    });
    this.operationSeconds = new Histogram({
      name: 'graphonic_graphql_operation_duration_seconds',
      help: 'Time to answer a GraphQL operation',
      labelNames: ['operation', 'type'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
  }

  /** Every figure in Prometheus's text format: this app's, and the process's own. */
  scrape(): Promise<string> {
    return Registry.merge([processRegistry(), this.registry]).metrics();
  }

  /** The content type of `scrape()`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** For the music client's `onRequest`. */
  upstream(event: UpstreamRequestEvent): void {
    const endpoint = this.endpoints.of(endpointOf(event.path));
    this.upstreamRequests.inc({ method: event.method, endpoint, status: String(event.status) });
    this.upstreamSeconds.observe({ endpoint }, event.ms / 1000);
    if (event.batchSize !== undefined) this.batchSizes.observe({ endpoint }, event.batchSize);
  }

  /** Counts the hits and misses of `cache`, by entity type. */
  meterCache(cache: EntityCache): EntityCache {
    return {
      getMany: async (keys) => {
        const values = await cache.getMany(keys);
        values.forEach((value, index) => {
          const type = (keys[index] ?? '').split(':')[0] ?? 'unknown';
          (value === undefined ? this.cacheMisses : this.cacheHits).inc({ type });
        });
        return values;
      },
      setMany: (entries) => cache.setMany(entries),
    };
  }

  /** The number of sessions in `store`, read at each scrape (at most every 15 s; stores may scan to count). */
  watchSessions(store: Store): void {
    let last: { at: number; value: number } | undefined;
    const count = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('The session store did not answer in time.')), 2000);
        if (!store.length) {
          clearTimeout(timer);
          resolve(0);
          return;
        }
        store.length((error: unknown, length?: number) => {
          clearTimeout(timer);
          if (error)
            reject(error instanceof Error ? error : new Error('The session store could not count its sessions.'));
          else resolve(length ?? 0);
        });
      });
    new Gauge({
      name: 'graphonic_active_sessions',
      help: 'Sessions in the session store (signed in, or signing in)',
      registers: [this.registry],
      async collect() {
        if (!last || Date.now() - last.at > 15_000) {
          // A store that cannot answer leaves the last value standing.
          const value = await count().catch(() => last?.value ?? 0);
          last = { at: Date.now(), value };
        }
        this.set(last.value);
      },
    });
  }

  /** Counts and times every GraphQL operation. */
  plugin<Context extends object>(): ApolloServerPlugin<Context> {
    return {
      requestDidStart: () => {
        const started = performance.now();
        return Promise.resolve({
          willSendResponse: (request) => {
            const name = request.operationName ?? request.request.operationName;
            const operation = this.operationNames.of(
              name && operationName.test(name) ? name : name ? 'invalid' : 'anonymous',
            );
            const type = request.operation?.operation ?? 'unknown';
            const body = request.response.body;
            const failed = body.kind === 'single' ? (body.singleResult.errors?.length ?? 0) > 0 : false;
            this.operations.inc({ operation, type, outcome: failed ? 'error' : 'ok' });
            this.operationSeconds.observe({ operation, type }, (performance.now() - started) / 1000);
            return Promise.resolve();
          },
        });
      },
    };
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
export function metricsHandler(metrics: ApiMetrics, token: string | undefined): RequestHandler {
  return (req, res, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const allowed = token ? bearer !== undefined && sameSecret(bearer, token) : directFromLoopback(req);
    if (!allowed) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    metrics.scrape().then((text) => {
      res.type(metrics.contentType).send(text);
    }, next);
  };
}
