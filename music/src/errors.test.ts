import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, errorHandler } from './errors';

/** What the request's log received: the request logger puts one on every request. */
const logged = { error: vi.fn() };

/** What errorHandler answers to `error`. */
function answer(error: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    headersSent: false,
    status(status: number) {
      sent.status = status;
      return res;
    },
    set() {
      return res;
    },
    json(body: unknown) {
      sent.body = body;
      return res;
    },
  };
  errorHandler(error, { headers: {}, log: logged } as unknown as Request, res as unknown as Response, () => undefined);
  return sent;
}

describe('errorHandler', () => {
  it('answers an ApiError with its status and body', () => {
    expect(answer(new ApiError(404, 'Resource not found'))).toEqual({
      status: 404,
      body: { error: { status: 404, message: 'Resource not found' } },
    });
  });

  it('answers 400, not 500, to text the store cannot hold (U+0000)', () => {
    // What PostgreSQL (and PGlite) throw for a NUL character in a text parameter.
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    logged.error.mockClear();
    expect(answer(error)).toEqual({
      status: 400,
      body: { error: { status: 400, message: 'Invalid text: the character U+0000 is not allowed.' } },
    });
    expect(logged.error).not.toHaveBeenCalled();
  });

  it('answers 500 to anything else, and logs it', () => {
    logged.error.mockClear();
    const failure = new Error('disk full');
    expect(answer(failure)).toEqual({
      status: 500,
      body: { error: { status: 500, message: 'Server error.' } },
    });
    expect(logged.error).toHaveBeenCalledExactlyOnceWith({ err: failure }, 'unexpected error');
  });
});
