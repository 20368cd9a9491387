import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

/**
 * Structured JSON logs (pino), one line per request (pino-http) with its request id: the api's,
 * when it sends one, so that one request can be followed across both services. What a log line
 * may hold is decided here: never a header (cookies, authorization), never a query value or path
 * segment that can carry a code, a state, a token or a secret. (The api has its own copy: the
 * two services deploy separately.)
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Query parameters whose values never reach a log: OAuth codes and states, tokens, secrets. */
const secretParam = /code|state|token|secret|password|verifier|challenge|key|signature|assertion/i;

/** An incoming X-Request-Id is kept only when it is short and plain, so that it cannot forge log lines. */
const requestIdPattern = /^[\w.:-]{1,128}$/;

/** Sign-in links carry their one-time token in the path: `/login/email/<token>`. */
const secretPath = /^(\/login\/email\/)[^/?]+/;

/** `url` with the value of every parameter that may carry a secret replaced, and sign-in link tokens. */
export function safeUrl(raw: string | undefined): string {
  if (!raw) return '';
  const url = raw.replace(secretPath, '$1[redacted]');
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

export function createLogger(options: { level: LogLevel; service: string; destination?: DestinationStream }): Logger {
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

/** What a log line says of a request: its id, method and path (secrets masked); never a header or a body. */
export function describeRequest(req: IncomingMessage & { originalUrl?: string }): {
  id: unknown;
  method: string | undefined;
  url: string;
} {
  const { id } = req as { id?: unknown };
  return { id: id ?? requestIdOf(req), method: req.method, url: safeUrl(req.originalUrl ?? req.url) };
}

let fallbackLogger: Logger | undefined;

/**
 * The log of one request: the request logger's (`createHttpLogger`), whose lines name the
 * request and its id, or else `fallback` (by default errors only, to stdout) naming them the same way.
 */
export function requestLog(req: IncomingMessage, fallback?: Logger): Logger {
  const { log } = req as { log?: Logger };
  if (log !== undefined) return log;
  const base = fallback ?? (fallbackLogger ??= createLogger({ level: 'error', service: 'music' }));
  return base.child({ req: describeRequest(req) });
}

/** Probes and scrapes would drown the requests that matter. */
const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request: method, path (secrets masked), status, time, request id; errors at
 * `error`, everything else at `info`. Sets `req.id` and answers with the id in X-Request-Id.
 */
export function createHttpLogger(logger: Logger): HttpLogger {
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
      req: describeRequest,
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      // Name, message and stack only: libraries hang request and answer bodies on their errors.
      err: serializeError,
    },
  });
}
