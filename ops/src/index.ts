/**
 * What the api and the local music service share to run in production: structured logs with a
 * request id and redaction, graceful shutdown, the metrics endpoint, the health-check routes, the
 * rules a production secret must meet and the matching of cached copies' entity tags.
 * Each service keeps what is its own: its series, its readiness checks, its secret paths.
 */
export {
  createHttpLogger,
  createLogger,
  requestIdOf,
  safeUrl,
  serializeError,
  type LoggerOptions,
  type LogLevel,
  type UrlMasking,
} from './logger';
export { handleShutdown, type ShutdownOptions } from './shutdown';
export { BoundedLabels, metricsHandler, ServiceMetrics, type MetricsHandlerOptions } from './metrics';
export { entityTagMatches } from './entity-tags';
export { healthRouter, runChecks, withTimeout, type Check, type Readiness } from './health';
export {
  examplePlaceholders,
  isLoopbackHost,
  isPlaceholder,
  minimumDistinctCharacters,
  minimumSecretLength,
  secretProblem,
} from './secrets';
