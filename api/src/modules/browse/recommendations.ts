import { GraphQLError } from 'graphql';
import type { FloatTuning, IntTuning, RecommendationsInput } from '../../__generated__/resolvers-types';

/**
 * `RecommendationsInput` as the query of `GET /recommendations`, checked first: seeds 1 to 5 in
 * all, a limit from 1 to 100, and each tuning value within its attribute's range.
 */

/** The most seeds of all kinds together. */
export const maxSeeds = 5;
/** The bounds of `limit`. */
export const recommendationsLimit = { default: 20, min: 1, max: 100 };

interface AttributeRule {
  /** The query parameter's suffix, as in `min_<name>`. */
  name: string;
  min: number;
  max: number;
}

type TunableField = Exclude<keyof RecommendationsInput, 'seedArtists' | 'seedTracks' | 'seedGenres' | 'limit'>;

/** Each tunable attribute's parameter name and range (the ranges the schema documents). */
export const attributeRules: Record<TunableField, AttributeRule> = {
  acousticness: { name: 'acousticness', min: 0, max: 1 },
  danceability: { name: 'danceability', min: 0, max: 1 },
  durationMs: { name: 'duration_ms', min: 0, max: Number.MAX_SAFE_INTEGER },
  energy: { name: 'energy', min: 0, max: 1 },
  instrumentalness: { name: 'instrumentalness', min: 0, max: 1 },
  key: { name: 'key', min: 0, max: 11 },
  liveness: { name: 'liveness', min: 0, max: 1 },
  loudness: { name: 'loudness', min: -60, max: 10 },
  mode: { name: 'mode', min: 0, max: 1 },
  popularity: { name: 'popularity', min: 0, max: 100 },
  speechiness: { name: 'speechiness', min: 0, max: 1 },
  tempo: { name: 'tempo', min: 0, max: 1000 },
  timeSignature: { name: 'time_signature', min: 1, max: 11 },
  valence: { name: 'valence', min: 0, max: 1 },
};

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function list(values: readonly string[] | null | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter((value) => value !== ''))];
}

/** The query parameters of `GET /recommendations` for `input`; BAD_USER_INPUT outside the bounds. */
export function recommendationsQuery(input: RecommendationsInput): Record<string, string | number> {
  const artists = list(input.seedArtists);
  const tracks = list(input.seedTracks);
  const genres = list(input.seedGenres);
  const seeds = artists.length + tracks.length + genres.length;
  if (seeds < 1 || seeds > maxSeeds) {
    throw badInput(`recommendations: give 1 to ${maxSeeds} seeds in all (artists, tracks and genres), got ${seeds}.`);
  }
  const limit = input.limit ?? recommendationsLimit.default;
  if (!Number.isInteger(limit) || limit < recommendationsLimit.min || limit > recommendationsLimit.max) {
    throw badInput(
      `recommendations: limit must be between ${recommendationsLimit.min} and ${recommendationsLimit.max}, got ${limit}.`,
    );
  }
  const query: Record<string, string | number> = { limit };
  if (artists.length > 0) query.seed_artists = artists.join(',');
  if (tracks.length > 0) query.seed_tracks = tracks.join(',');
  if (genres.length > 0) query.seed_genres = genres.join(',');

  for (const [field, rule] of Object.entries(attributeRules) as [TunableField, AttributeRule][]) {
    const tuning: FloatTuning | IntTuning | null | undefined = input[field];
    if (!tuning) continue;
    const { min, max, target } = tuning;
    for (const [bound, value] of [
      ['min', min],
      ['max', max],
      ['target', target],
    ] as const) {
      if (value === null || value === undefined) continue;
      if (!Number.isFinite(value) || value < rule.min || value > rule.max) {
        throw badInput(`recommendations: ${field}.${bound} must be between ${rule.min} and ${rule.max}, got ${value}.`);
      }
      query[`${bound}_${rule.name}`] = value;
    }
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      throw badInput(`recommendations: ${field}.min (${min}) must not exceed ${field}.max (${max}).`);
    }
  }
  return query;
}
