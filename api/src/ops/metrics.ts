import type { ApolloServerPlugin } from '@apollo/server';
import { BoundedLabels, ServiceMetrics, withTimeout } from '@graphonic/ops';
import type { Store } from 'express-session';
import { Counter, Histogram } from 'prom-client';
import type { UpstreamRequestEvent } from '../music/client';
import type { EntityCache } from '../music/entity-cache';

/**
 * The api's Prometheus metrics: upstream calls by endpoint and status with their latency and
 * multi-get batch sizes, catalog cache hits and misses, GraphQL operations by name with their
 * latency, and active sessions; the process's own figures, the registry per app and `/metrics`
 * come from the shared ServiceMetrics (@graphonic/ops).
 */

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

const operationName = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export class ApiMetrics extends ServiceMetrics {
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
    super();
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
    const count = (): Promise<number> => {
      const length = store.length?.bind(store);
      if (!length) return Promise.resolve(0);
      return withTimeout(
        new Promise<number>((resolve, reject) => {
          length((error: unknown, value?: number) => {
            if (error)
              reject(error instanceof Error ? error : new Error('The session store could not count its sessions.'));
            else resolve(value ?? 0);
          });
        }),
        2000,
      );
    };
    this.gaugeReadAtScrape({
      name: 'graphonic_active_sessions',
      help: 'Sessions in the session store (signed in, or signing in)',
      read: count,
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
