import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../__generated__/resolvers-types';

/**
 * The one table that turns a music v1 answer into a GraphQL error code (docs/errors.md).
 * Nothing else in the api decides what an upstream status means.
 */

/** The codes of the catalogue, from `enum ErrorCode` in schema/common.graphql. */
export type { ErrorCode };

/** Player reasons that deserve their own code; every other reason keeps the status's code. */
const reasonCodes: Partial<Record<string, ErrorCode>> = {
  PREMIUM_REQUIRED: 'PREMIUM_REQUIRED',
  NO_ACTIVE_DEVICE: 'NO_ACTIVE_DEVICE',
  RATE_LIMITED: 'RATE_LIMITED',
  QUOTA_EXCEEDED: 'RATE_LIMITED',
  // The local music service's: a change by position made against a version the playlist has left.
  SNAPSHOT_STALE: 'PLAYLIST_CHANGED',
};

/** What each upstream status means; a status not listed is UPSTREAM_UNAVAILABLE from 500 on, INTERNAL_SERVER_ERROR below. */
const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  // A refusal: the listener may not, or this upstream lacks the endpoint (`isRefusal`).
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  // Too large for the upstream (the body, the URL, its headers): only the client's input (a very long id, thousands
  // of URIs) makes a request that large, so the client gets to fix it.
  413: 'BAD_USER_INPUT',
  414: 'BAD_USER_INPUT',
  431: 'BAD_USER_INPUT',
  429: 'RATE_LIMITED',
};

/** The code for an upstream status (and the player's `reason`, when it sent one). */
export function codeForStatus(status: number, reason?: string): ErrorCode {
  const byReason = reason ? reasonCodes[reason] : undefined;
  if (byReason) return byReason;
  const byStatus = statusCodes[status];
  if (byStatus) return byStatus;
  return status >= 500 ? 'UPSTREAM_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
}

export interface MusicApiErrorDetails {
  code: ErrorCode;
  /** The upstream's HTTP status; absent when no answer came (timeout, network). */
  status?: number;
  /** The upstream's player reason, e.g. NO_ACTIVE_DEVICE. */
  reason?: string;
  /** Seconds to wait before trying again (RATE_LIMITED). */
  retryAfterSeconds?: number;
  /** `METHOD /path` of the failed call, without the query string (never a token), or the store that failed. */
  operation: string;
}

/**
 * A failed music v1 call. Its message is safe to show; it never contains a token. It is a
 * GraphQL error, so a resolver that lets it through answers its code (and the wait, for
 * RATE_LIMITED) in `extensions`.
 */
export class MusicApiError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly operation: string;

  constructor(message: string, details: MusicApiErrorDetails, options?: { cause?: unknown }) {
    super(message, {
      extensions: {
        code: details.code,
        ...(details.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: details.retryAfterSeconds }),
      },
      originalError: options?.cause instanceof Error ? options.cause : undefined,
    });
    if (options?.cause !== undefined) this.cause = options.cause;
    this.name = 'MusicApiError';
    this.code = details.code;
    this.status = details.status;
    this.reason = details.reason;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.operation = details.operation;
  }
}

/**
 * Whether `error` is the upstream refusing an endpoint: a 403 that no player reason explains
 * (FORBIDDEN). Some upstreams answer so for a feature they lack (Spotify's development mode: browse,
 * recommendations, multi-gets …); what to make of it is the caller's.
 */
export function isRefusal(error: unknown): error is MusicApiError {
  return error instanceof MusicApiError && error.code === 'FORBIDDEN';
}
