import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { errorCodes, type ErrorCode as CatalogueCode } from '../__generated__/error-codes';

/** A code of the api's error catalogue (docs/errors.md), or NETWORK when the api could not be reached at all. */
export type ErrorCode = CatalogueCode | 'NETWORK';

interface GraphqlErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

const catalogue: ReadonlySet<string> = new Set(errorCodes);

function isCatalogueCode(code: unknown): code is CatalogueCode {
  return typeof code === 'string' && catalogue.has(code);
}

function graphqlErrorsOf(error: unknown): readonly GraphqlErrorLike[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors;
  return [];
}

/** The first catalogue code an error carries; NETWORK when the api could not be reached at all. */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (!error) return undefined;
  for (const graphqlError of graphqlErrorsOf(error)) {
    const code = graphqlError.extensions?.code;
    if (isCatalogueCode(code)) return code;
  }
  if (CombinedGraphQLErrors.is(error)) return 'INTERNAL_SERVER_ERROR';
  if (ServerError.is(error)) return error.statusCode === 429 ? 'RATE_LIMITED' : 'UPSTREAM_UNAVAILABLE';
  return 'NETWORK';
}

/** How long the music service asked us to wait, when it did. */
export function retryAfterSecondsOf(error: unknown): number | undefined {
  for (const graphqlError of graphqlErrorsOf(error)) {
    const seconds = graphqlError.extensions?.retryAfterSeconds;
    if (typeof seconds === 'number' && Number.isFinite(seconds)) return Math.ceil(seconds);
  }
  return undefined;
}

/** Whether every error of a result has one of the given codes (an error for one field the screen can live without). */
export function onlyCodes(error: unknown, codes: readonly ErrorCode[]): boolean {
  const errors = graphqlErrorsOf(error);
  return (
    errors.length > 0 && errors.every((graphqlError) => codes.includes(graphqlError.extensions?.code as ErrorCode))
  );
}

/** A message in plain words for a person, by code; never the server's internal wording. */
export function friendlyMessage(error: unknown, doing = 'do that'): string {
  return messageForCode(errorCodeOf(error), doing, error);
}

/** The plain words for one code; `error` adds what only it knows (the wait, the bad argument). */
export function messageForCode(code: ErrorCode | undefined, doing = 'do that', error?: unknown): string {
  switch (code) {
    case 'UNAUTHENTICATED':
      return 'Your sign-in has ended. Sign in again to continue.';
    case 'FORBIDDEN':
      return `You are not allowed to ${doing}.`;
    case 'NOT_FOUND':
      return 'We could not find that. It may have been removed.';
    case 'BAD_USER_INPUT':
      return graphqlErrorsOf(error)[0]?.message ?? 'Something in the request was not right.';
    case 'RATE_LIMITED': {
      const seconds = retryAfterSecondsOf(error);
      return seconds
        ? `The music service is busy. Try again in ${String(seconds)} seconds.`
        : 'The music service is busy. Try again in a moment.';
    }
    case 'PREMIUM_REQUIRED':
      return 'Controlling playback needs a Premium account.';
    case 'NO_ACTIVE_DEVICE':
      return 'Nothing is playing on any of your devices. Pick a device to play on.';
    case 'UPSTREAM_UNAVAILABLE':
      return 'The music service is not answering right now. Try again in a moment.';
    case 'FEATURE_UNAVAILABLE':
      return 'Your music service does not offer this.';
    case 'PLAYLIST_CHANGED':
      return `This playlist changed since you opened it (on another device, or by someone you share it with), so we did not ${doing}. It now shows as it is.`;
    case 'NETWORK':
      return 'You seem to be offline, or Graphonic cannot be reached. Check your connection and try again.';
    case 'INTERNAL_SERVER_ERROR':
    case undefined:
      return `Something went wrong and we could not ${doing}. Try again.`;
  }
}
