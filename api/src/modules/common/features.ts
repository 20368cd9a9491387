import { GraphQLError } from 'graphql';
import { isRefusal } from '../../music/errors';

/**
 * Some upstreams lack features: Spotify's development mode answers 403 for recommendations,
 * audio features, browse, related artists, artist top tracks, other users' profiles and
 * playlists, and the items of playlists the listener neither owns nor collaborates on. Such a
 * field answers FEATURE_UNAVAILABLE, for that field only, so that clients hide the feature.
 */

/** The error of a field whose upstream endpoint this music service does not offer ("recommendations"). */
export function featureUnavailable(feature: string, cause?: unknown): GraphQLError {
  return new GraphQLError(`This music service does not offer ${feature}.`, {
    extensions: { code: 'FEATURE_UNAVAILABLE' },
    originalError: cause instanceof Error ? cause : undefined,
  });
}

/** Whether `error` is the upstream refusing an endpoint: decided by the status table (../../music/errors). */
export { isRefusal };

/**
 * Runs an upstream call of a feature that some upstreams lack: a FORBIDDEN answer becomes
 * FEATURE_UNAVAILABLE; every other outcome passes through.
 */
export async function withFeature<T>(feature: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isRefusal(error)) throw featureUnavailable(feature, error);
    throw error;
  }
}
