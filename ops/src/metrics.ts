import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * Prometheus metrics: each service names its own series on a registry of its own (one per app, so
 * that several apps in one process, as in tests, never share counters); the process's figures
 * (CPU, memory, event loop, garbage collection) are collected once per process and added at each
 * scrape; `/metrics` answers only a scraper that may read them.
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

/** What `/metrics` serves: one app's series and the process's own. */
export class ServiceMetrics {
  /** This app's series: register them here (`registers: [this.registry]`). */
  readonly registry = new Registry();

  /** Every figure in Prometheus's text format: this app's, and the process's own. */
  scrape(): Promise<string> {
    return Registry.merge([processRegistry(), this.registry]).metrics();
  }

  /** The content type of `scrape()`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * A gauge whose value is read at a scrape, at most once every `maxAgeMs` (15 s unless given),
   * since reading may cost a store a scan. A read that fails leaves the last value standing.
   */
  gaugeReadAtScrape(options: { name: string; help: string; read: () => Promise<number>; maxAgeMs?: number }): void {
    const maxAgeMs = options.maxAgeMs ?? 15_000;
    let last: { at: number; value: number } | undefined;
    new Gauge({
      name: options.name,
      help: options.help,
      registers: [this.registry],
      async collect() {
        if (!last || Date.now() - last.at > maxAgeMs) {
          const value = await options.read().catch(() => last?.value ?? 0);
          last = { at: Date.now(), value };
        }
        this.set(last.value);
      },
    });
  }
}

/**
 * Label values chosen by clients (operation names, paths) are capped: past `max` distinct values,
 * every new one is counted as `other`, so that no client can grow the series without end.
 */
export class BoundedLabels {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(value);
    return value;
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

export interface MetricsHandlerOptions {
  /** The bearer token a scraper must send (METRICS_TOKEN); without one, only direct local connections. */
  token: string | undefined;
  /** The service's own 404, so that `/metrics` looks like any path that is not there. Plain text unless given. */
  notFound?: (res: Response) => void;
}

const plainNotFound = (res: Response): void => {
  res.status(404).type('text/plain').send('Not found');
};

/**
 * `/metrics` is not public: the figures describe traffic and load that strangers have no business
 * reading. With a token it answers a Prometheus scraper that sends the token as a bearer token;
 * without one, only a direct connection from this machine (not one relayed by a proxy on it).
 * Anyone else gets the service's 404, as if there were nothing there.
 */
export function metricsHandler(
  metrics: Pick<ServiceMetrics, 'scrape' | 'contentType'>,
  options: MetricsHandlerOptions,
): RequestHandler {
  const notFound = options.notFound ?? plainNotFound;
  return (req, res, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    // Compared in constant time, so that the token cannot be guessed from how long a refusal takes.
    const allowed = options.token ? bearer !== undefined && sameSecret(bearer, options.token) : directFromLoopback(req);
    if (!allowed) {
      notFound(res);
      return;
    }
    metrics.scrape().then((text) => {
      res.type(metrics.contentType).send(text);
    }, next);
  };
}
