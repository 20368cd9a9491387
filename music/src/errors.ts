import type { NextFunction, Request, Response } from 'express';
import { requestLog } from './ops/logger';

/**
 * An error answered with the music v1 API's error body:
 * `{ "error": { "status": 404, "message": "...", "reason"?: "NO_ACTIVE_DEVICE" } }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): { error: { status: number; message: string; reason?: string } } {
    return {
      error: { status: this.status, message: this.message, ...(this.reason ? { reason: this.reason } : {}) },
    };
  }
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}

export function notFound(message = 'Resource not found'): ApiError {
  return new ApiError(404, message);
}

/** Unknown paths answer like the music v1 API does, not with Express's HTML page. */
export function unknownEndpoint(_req: Request, _res: Response, next: NextFunction): void {
  next(new ApiError(404, 'Service not found'));
}

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number' &&
    'type' in error &&
    typeof error.type === 'string'
  );
}

/**
 * PostgreSQL's "invalid byte sequence" (SQLSTATE 22021): text it cannot store, which from a JavaScript
 * string can only be U+0000. Only a client puts that in a name, a description or an id.
 */
function isUnstorableText(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '22021';
}

/**
 * The last middleware: every error leaves as the API's JSON error body; internals go to the
 * request's log (its id, no headers, the error's name, message and stack only).
 */
export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  let apiError: ApiError;
  if (error instanceof ApiError) {
    apiError = error;
  } else if (isBodyParserError(error) && error.status >= 400 && error.status < 500) {
    apiError = new ApiError(
      error.status,
      error.type === 'entity.too.large' ? 'Request body too large' : 'Error parsing JSON.',
    );
  } else if (isUnstorableText(error)) {
    apiError = badRequest('Invalid text: the character U+0000 is not allowed.');
  } else {
    requestLog(req).error({ err: error }, 'unexpected error');
    apiError = new ApiError(500, 'Server error.');
  }
  res.status(apiError.status).set(apiError.headers).json(apiError.toBody());
}
