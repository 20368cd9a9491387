import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { HttpLogger } from 'pino-http';
import {
  createHttpLogger as createSharedHttpLogger,
  createLogger,
  requestIdOf,
  safeUrl as sharedSafeUrl,
  type UrlMasking,
} from '@graphonic/ops';

/**
 * The music service's logs: the shared ones (@graphonic/ops: JSON lines, the api's request id
 * kept so that one request can be followed across both services, headers and query secrets never
 * written), and the music service's own secret paths.
 */
export { createLogger, requestIdOf, serializeError, type LogLevel } from '@graphonic/ops';

const masking: UrlMasking = {
  // Sign-in links carry their one-time token in the path: `/login/email/<token>`.
  secretPaths: [/^(\/login\/email\/)[^/?]+/],
};

/** `url` with the value of every parameter that may carry a secret replaced, and sign-in link tokens. */
export function safeUrl(url: string | undefined): string {
  return sharedSafeUrl(url, masking);
}

/** One line per request, with the request id, and `req.log` for the lines written while answering it. */
export function createHttpLogger(logger: Logger): HttpLogger {
  return createSharedHttpLogger(logger, masking);
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
