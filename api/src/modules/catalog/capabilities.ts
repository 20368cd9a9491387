import type { UpstreamFeatures } from '../../__generated__/resolvers-types';
import type { Context } from '../../context';
import type { MusicClient } from '../../music/client';
import { upstreamOf } from '../../music/upstream';
import { featureUnavailable, isRefusal } from '../common/features';

/**
 * What the upstream can do. Spotify's development mode (the mode of almost every Spotify app
 * since 2026) lacks every optional feature; the local music service has them all unless it
 * emulates that mode. So the API knows Spotify by configuration and learns the rest from the
 * upstream's answers: each optional endpoint records whether it was served or refused, and a
 * refusal of one is taken as a sign of development mode for the others until they answer.
 */

/** The optional features, as named in `UpstreamFeatures` (multi-get is learnt by the loaders). */
export type OptionalFeature = Exclude<keyof UpstreamFeatures, 'multiGet' | '__typename'>;

const featureNames: Record<OptionalFeature, string> = {
  recommendations: 'recommendations',
  audioFeatures: 'audio features',
  browse: 'browsing (categories, new releases, featured playlists)',
  relatedArtists: 'related artists',
  artistTopTracks: "artists' top tracks",
  otherUsers: "other listeners' profiles",
  extendedMetadata: 'popularity, follower counts, genres and labels',
};

/** Records that the upstream served (true) or refused (false) `feature` (for the capabilities' time to live). */
export function learn(context: Pick<Context, 'capabilities'>, feature: string, available: boolean): void {
  context.capabilities.learn(feature, available);
}

/** The error of a field whose feature this upstream lacks. */
export function unavailable(feature: OptionalFeature, cause?: unknown): Error {
  return featureUnavailable(featureNames[feature], cause);
}

/** Whether `feature` is known to be missing, so that asking the upstream again would be wasted. */
export function knownMissing(context: Pick<Context, 'capabilities'>, feature: OptionalFeature): boolean {
  return context.capabilities.feature(feature) === false;
}

/**
 * Runs an upstream call of `feature`: FEATURE_UNAVAILABLE without calling when the upstream is
 * known to lack it, and when it refuses; otherwise the answer, and what it taught is kept.
 */
export async function withUpstreamFeature<T>(
  context: Pick<Context, 'capabilities'>,
  feature: OptionalFeature,
  call: () => Promise<T>,
): Promise<T> {
  if (knownMissing(context, feature)) throw unavailable(feature);
  try {
    const result = await call();
    learn(context, feature, true);
    return result;
  } catch (error) {
    if (isRefusal(error)) {
      learn(context, feature, false);
      throw unavailable(feature, error);
    }
    throw error;
  }
}

/**
 * What this upstream can do, for `Upstream.features`. A Spotify upstream is taken to be in
 * development mode. For another upstream that has answered nothing telling yet, one cheap call
 * finds out whether it emulates development mode.
 */
export async function upstreamFeatures(
  context: Pick<Context, 'capabilities' | 'config'>,
  client: MusicClient | null,
): Promise<Omit<UpstreamFeatures, '__typename'>> {
  if (context.config.provider !== 'spotify' && !context.capabilities.anyKnown && client) {
    try {
      // Cheap, and absent exactly in development mode.
      await upstreamOf(client).get('/recommendations/available-genre-seeds');
      learn(context, 'recommendations', true);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      learn(context, 'recommendations', false);
    }
  }
  const features = context.capabilities.features;
  const multiGet = context.capabilities.multiGet;
  const refusedAny = Object.values(features).includes(false) || multiGet === false;
  const fallback = context.config.provider !== 'spotify' && !refusedAny;
  const feature = (name: OptionalFeature): boolean => features[name] ?? fallback;
  return {
    multiGet: multiGet === 'unknown' ? fallback : multiGet,
    recommendations: feature('recommendations'),
    audioFeatures: feature('audioFeatures'),
    browse: feature('browse'),
    relatedArtists: feature('relatedArtists'),
    artistTopTracks: feature('artistTopTracks'),
    otherUsers: feature('otherUsers'),
    extendedMetadata: feature('extendedMetadata'),
  };
}
