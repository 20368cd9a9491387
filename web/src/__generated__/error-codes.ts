/** The codes of the api's error catalogue (enum ErrorCode in schema/common.graphql, docs/errors.md). */
export const errorCodes = [
  /** No session, or the session ended (sign-in refused a refresh): send the person to sign in. */
  'UNAUTHENTICATED',
  /** Signed in, but not allowed (a missing scope, someone else's playlist). */
  'FORBIDDEN',
  /** The id names nothing. */
  'NOT_FOUND',
  /** An argument is outside its documented bounds or malformed. */
  'BAD_USER_INPUT',
  /** The music service asked the API to slow down, or the API's own request budget is spent; `extensions.retryAfterSeconds` says how long to wait. */
  'RATE_LIMITED',
  /** The player needs a premium account. */
  'PREMIUM_REQUIRED',
  /** No device is active to play on. */
  'NO_ACTIVE_DEVICE',
  /** The music service failed or did not answer, its sign-in service did not answer a token refresh, or the session store failed: retry later. */
  'UPSTREAM_UNAVAILABLE',
  /** This music service cannot do this (it has no recommendations, for instance): hide the feature. */
  'FEATURE_UNAVAILABLE',
  /** The playlist changed (on another device, or by a collaborator) since the version the change was made against, so the positions it names may hold other items: nothing was changed. Read the playlist again and let the listener decide. */
  'PLAYLIST_CHANGED',
  /** A fault in the API; the real message is in the server's log. */
  'INTERNAL_SERVER_ERROR',
] as const;

export type ErrorCode = (typeof errorCodes)[number];
