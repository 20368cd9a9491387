import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

/**
 * Structured JSON logs (pino), one line per request (pino-http) with its request id: the caller's,
 * when it sends one, so that one request can be followed from the api into the music service. What
 * a log line may hold is decided here: never a header (cookies, authorization), never a query value
 * that can carry a code, a state, a token or a secret, nor a path segment a service names as secret.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface UrlMasking {
  /**
   * Paths that carry a secret (a sign-in link's token): each pattern's first group is kept, the rest
   * of what it matches becomes `[redacted]`, as in `/^(\/login\/email\/)[^/?]+/`.
   */
  secretPaths?: readonly RegExp[];
}

/** Query parameters whose values never reach a log: OAuth codes and states, tokens, secrets. */
const secretParam = /code|state|token|secret|password|verifier|challenge|key|signature|assertion/i;

/** An incoming X-Request-Id is kept only when it is short and plain, so that it cannot forge log lines. */
const requestIdPattern = /^[\w.:-]{1,128}$/;

/** `raw` with the value of every parameter that may carry a secret replaced, and every secret path segment. */
export function safeUrl(raw: string | undefined, masking: UrlMasking = {}): string {
  if (!raw) return '';
  const url = (masking.secretPaths ?? []).reduce((masked, pattern) => masked.replace(pattern, '$1[redacted]'), raw);
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  const kept = [...params].map(([name, value]) =>
    secretParam.test(name)
      ? `${encodeURIComponent(name)}=[redacted]`
      : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  );
  return `${url.slice(0, query)}?${kept.join('&')}`;
}

/** The request's id: the proxy's or caller's X-Request-Id when it is well formed, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

export interface LoggerOptions {
  level: LogLevel;
  /** Written on every line, so that the lines of several services can share one collector. */
  service: string;
  /** Standard output unless given (tests capture the lines). */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      // A second line of defence: fields with these names are masked wherever they appear.
      redact: {
        paths: [
          'authorization',
          'cookie',
          'password',
          'secret',
          'token',
          'accessToken',
          'refreshToken',
          'code',
          '*.authorization',
          '*.cookie',
          '*.password',
          '*.secret',
          '*.token',
          '*.accessToken',
          '*.refreshToken',
          '*.code',
          'req.headers',
          'res.headers',
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

/** An error as a log line may show it: its own properties may carry a library's request or answer. */
export function serializeError(error: unknown): { type: string; message: string; stack?: string } {
  return error instanceof Error
    ? { type: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
    : { type: typeof error, message: String(error) };
}

/** Probes and scrapes would drown the requests that matter. */
const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request: method, path (secrets masked), status, time, request id; errors at
 * `error`, everything else at `info`. Sets `req.id` and `req.log` (a child logger that writes the
 * request id on each of its lines) and answers with the id in X-Request-Id.
 */
export function createHttpLogger(logger: Logger, masking: UrlMasking = {}): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      res.setHeader('x-request-id', id);
      return id;
    },
    autoLogging: { ignore: (req: IncomingMessage) => quietPaths.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'error' : 'info',
    // Only what is needed to follow a request: no headers, no bodies, no query secrets.
    wrapSerializers: false,
    serializers: {
      // Unwrapped, these receive the request and response themselves.
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: safeUrl(req.originalUrl ?? req.url, masking),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      // Name, message and stack only: libraries hang request and answer bodies on their errors.
      err: serializeError,
    },
  });
}
