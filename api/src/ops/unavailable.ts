import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { throttled } from './redis';

/**
 * What a request gets when a store the api depends on fails (Redis restarting, a full disk):
 * GraphQL clients the usual error shape with `UPSTREAM_UNAVAILABLE`, people on the sign-in
 * routes a plain page; never a crash, never internals.
 */
export function answerUnavailable(req: Request, res: Response): void {
  res.set('retry-after', '5');
  if (req.baseUrl.startsWith('/graphql') || req.path.startsWith('/graphql')) {
    res.status(503).json({
      errors: [
        {
          message: 'Sign-in sessions are unavailable right now; try again shortly.',
          extensions: { code: 'UPSTREAM_UNAVAILABLE' },
        },
      ],
    });
    return;
  }
  res.status(503).type('text/plain').send('Signing in is unavailable right now; try again in a moment.');
}

/** `middleware` (the session middleware), with store failures answered as unavailable. */
export function storeFailuresAnswered(middleware: RequestHandler, logger: Logger): RequestHandler {
  const warn = throttled(10_000, (error: unknown) => {
    logger.warn({ err: error }, 'the session store failed');
  });
  return (req, res, next) => {
    void middleware(req, res, (error?: unknown) => {
      if (error === undefined || error === 'route' || error === 'router') {
        next(error);
        return;
      }
      warn(error);
      // A failed save after the answer went out (a touch at the end of a request) has nothing left to answer.
      if (res.headersSent) return;
      answerUnavailable(req, res);
    });
  };
}

/**
 * The last handler: answers without internals. A fault of the api (5xx) is logged as an error with
 * its request id; a request refused as malformed or too large (4xx, from the body parser) is the
 * client's doing and gets an `info` line, without a stack.
 */
export function finalErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    const status =
      typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
        ? error.status
        : 500;
    const code = status >= 400 && status < 600 ? status : 500;
    if (code < 500) {
      const reason = error instanceof Error ? error.name : typeof error;
      logger.info({ reqId: req.id, status: code, reason }, 'request refused');
    } else {
      logger.error({ err: error, reqId: req.id }, 'request failed');
    }
    if (res.headersSent) {
      next(error);
      return;
    }
    res
      .status(code)
      .type('text/plain')
      .send(code < 500 ? `${STATUS_CODES[code] ?? 'Bad request'}.` : 'Something went wrong; try again shortly.');
  };
}
