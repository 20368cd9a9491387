import type { Request } from 'express';
import { genres as genreProfiles } from '../catalog/genres';
import type { Queryable } from '../db/types';
import { badRequest } from '../errors';
import { genreOfSeed } from './catalog';
import * as store from './store';
import { soundFeatures, type Sound } from './store';

/**
 * Recommendations over the local catalog. Every seed brings a pool of tracks (its artists'
 * tracks and the tracks of its genres); `min_*`/`max_*` filter the pool, and what is left is
 * ranked by how close each track's audio features are to the `target_*` values and to the
 * seeds' own sound. The ranking is a pure function of the request and the catalog, so the same
 * request always answers the same tracks.
 */

/** The tunable attributes, as query parameter suffixes; each is a column of `tracks`. */
export const attributes = [
  'acousticness',
  'danceability',
  'duration_ms',
  'energy',
  'instrumentalness',
  'key',
  'liveness',
  'loudness',
  'mode',
  'popularity',
  'speechiness',
  'tempo',
  'time_signature',
  'valence',
] as const;

export type Attribute = (typeof attributes)[number];

interface AttributeRule {
  minimum?: number;
  maximum?: number;
  integer?: boolean;
  /** The attribute's span, which makes distances of different attributes comparable. */
  scale: number;
  /** Whether the column is `real` (compared as `real`, so that 0.7 matches a stored 0.7). */
  real?: boolean;
}

const unit: AttributeRule = { minimum: 0, maximum: 1, scale: 1, real: true };

const rules: Record<Attribute, AttributeRule> = {
  acousticness: unit,
  danceability: unit,
  duration_ms: { minimum: 0, integer: true, scale: 300_000 },
  energy: unit,
  instrumentalness: unit,
  key: { minimum: -1, maximum: 11, integer: true, scale: 12 },
  liveness: unit,
  loudness: { minimum: -60, maximum: 10, scale: 30, real: true },
  mode: { minimum: 0, maximum: 1, integer: true, scale: 1 },
  popularity: { minimum: 0, maximum: 100, integer: true, scale: 100 },
  speechiness: unit,
  tempo: { minimum: 0, maximum: 1000, scale: 60, real: true },
  time_signature: { minimum: 1, maximum: 11, integer: true, scale: 4 },
  valence: unit,
};

/** Targets weigh more than the seeds' sound: they are what the caller asked for explicitly. */
const targetWeight = 4;

export type SeedType = 'ARTIST' | 'TRACK' | 'GENRE';

export interface Seed {
  type: SeedType;
  /** The artist or track id, or the genre seed as given. */
  id: string;
}

export interface Tuning {
  min: Partial<Record<Attribute, number>>;
  max: Partial<Record<Attribute, number>>;
  target: Partial<Record<Attribute, number>>;
}

export interface RecommendationRequest {
  seeds: Seed[];
  tuning: Tuning;
  limit: number;
}

export interface SeedResult extends Seed {
  initialPoolSize: number;
  afterFilteringSize: number;
}

export interface Recommendations {
  seeds: SeedResult[];
  /** Track ids, best first. */
  trackIds: string[];
}

const base62Id = /^[0-9A-Za-z]{22}$/;

function csv(req: Request, name: string): string[] {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string') throw badRequest(`Invalid ${name}: give it once`);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The seeds of a request: one to five in all, artists and tracks by id, genres by name. */
export function seedsParam(req: Request): Seed[] {
  const artists = csv(req, 'seed_artists');
  const genres = csv(req, 'seed_genres');
  const tracks = csv(req, 'seed_tracks');
  const total = artists.length + genres.length + tracks.length;
  if (total === 0) throw badRequest('Missing required parameter: seed_artists, seed_genres or seed_tracks');
  if (total > 5) throw badRequest('Invalid request: at most 5 seeds in all');
  for (const id of [...artists, ...tracks]) if (!base62Id.test(id)) throw badRequest(`Invalid base62 id: ${id}`);
  for (const genre of genres) if (!genreOfSeed(genre)) throw badRequest(`Invalid seed_genres: ${genre}`);
  return [
    ...artists.map((id) => ({ type: 'ARTIST' as const, id })),
    ...tracks.map((id) => ({ type: 'TRACK' as const, id })),
    ...genres.map((id) => ({ type: 'GENRE' as const, id })),
  ];
}

function numberParam(req: Request, name: string, rule: AttributeRule): number | undefined {
  const raw: unknown = (req.query as Record<string, unknown>)[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`Invalid ${name}: give it once`);
  const pattern = rule.integer ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)$/;
  if (!pattern.test(raw.trim()))
    throw badRequest(`Invalid ${name}: expected ${rule.integer ? 'an integer' : 'a number'}`);
  const value = Number(raw);
  if ((rule.minimum !== undefined && value < rule.minimum) || (rule.maximum !== undefined && value > rule.maximum)) {
    throw badRequest(`Invalid ${name}: must be between ${rule.minimum ?? '-∞'} and ${rule.maximum ?? '∞'}`);
  }
  return value;
}

/** `min_*`, `max_*` and `target_*` of every tunable attribute; 400 for a bad value or min above max. */
export function tuningParams(req: Request): Tuning {
  const tuning: Tuning = { min: {}, max: {}, target: {} };
  for (const attribute of attributes) {
    const rule = rules[attribute];
    const min = numberParam(req, `min_${attribute}`, rule);
    const max = numberParam(req, `max_${attribute}`, rule);
    const target = numberParam(req, `target_${attribute}`, rule);
    if (min !== undefined) tuning.min[attribute] = min;
    if (max !== undefined) tuning.max[attribute] = max;
    if (target !== undefined) tuning.target[attribute] = target;
    if (min !== undefined && max !== undefined && min > max) {
      throw badRequest(`Invalid request: min_${attribute} is above max_${attribute}`);
    }
  }
  return tuning;
}

/** Builds SQL with numbered parameters. */
class Sql {
  readonly params: unknown[] = [];

  add(value: unknown, cast: string): string {
    this.params.push(value);
    return `$${this.params.length}::${cast}`;
  }
}

function filterSql(sql: Sql, tuning: Tuning): string {
  const conditions: string[] = [];
  for (const attribute of attributes) {
    const cast = rules[attribute].real ? 'real' : 'float8';
    const min = tuning.min[attribute];
    const max = tuning.max[attribute];
    if (min !== undefined) conditions.push(`t.${attribute} >= ${sql.add(min, cast)}`);
    if (max !== undefined) conditions.push(`t.${attribute} <= ${sql.add(max, cast)}`);
  }
  return conditions.length === 0 ? 'true' : conditions.join(' AND ');
}

/** What a seed draws from: tracks by these artists, and tracks of these genres. */
interface SeedSource {
  artistIds: string[];
  genres: string[];
}

function poolSql(sql: Sql, source: SeedSource): string {
  // Arrays of ids, so that both sides can use the indexes of tracks by album and by id.
  return `(t.album_id = ANY(ARRAY(SELECT id FROM albums WHERE genre = ANY(${sql.add(source.genres, 'text[]')})))
    OR t.id = ANY(ARRAY(SELECT track_id FROM track_artists WHERE artist_id = ANY(${sql.add(source.artistIds, 'text[]')}))))`;
}

function profileSound(genre: string): Sound | undefined {
  const profile = genreProfiles.find((candidate) => candidate.name === genre);
  if (!profile) return undefined;
  return {
    acousticness: profile.acousticness,
    danceability: profile.danceability,
    energy: profile.energy,
    instrumentalness: profile.instrumentalness,
    speechiness: profile.speechiness,
    valence: profile.valence,
    tempo: (profile.tempo[0] + profile.tempo[1]) / 2,
    loudness: -22 + profile.energy * 18,
  };
}

/** Where each seed comes from, and how it sounds; unknown artists and tracks answer 400. */
async function resolveSeeds(db: Queryable, seeds: readonly Seed[]): Promise<{ source: SeedSource; sound?: Sound }[]> {
  const artistIds = seeds.filter((seed) => seed.type === 'ARTIST').map((seed) => seed.id);
  const trackIds = seeds.filter((seed) => seed.type === 'TRACK').map((seed) => seed.id);
  const artists = await store.seedArtists(db, artistIds);
  const tracks = await store.seedTracks(db, trackIds);
  const artistById = new Map(artists.map((row) => [row.id, row]));
  const trackById = new Map(tracks.map((row) => [row.id, row]));
  const resolved: { source: SeedSource; sound?: Sound }[] = [];
  for (const seed of seeds) {
    if (seed.type === 'ARTIST') {
      const artist = artistById.get(seed.id);
      if (!artist) throw badRequest(`Invalid seed_artists: unknown id ${seed.id}`);
      const sound = await store.averageSound(db, 'artist', seed.id);
      resolved.push({ source: { artistIds: [artist.id], genres: artist.genres }, sound });
    } else if (seed.type === 'TRACK') {
      const track = trackById.get(seed.id);
      if (!track) throw badRequest(`Invalid seed_tracks: unknown id ${seed.id}`);
      const sound = await store.averageSound(db, 'track', seed.id);
      resolved.push({
        source: { artistIds: track.artist_ids, genres: [...new Set([track.genre, ...track.genres])] },
        sound,
      });
    } else {
      const genre = genreOfSeed(seed.id) ?? seed.id;
      const sound = (await store.averageSound(db, 'genre', genre)) ?? profileSound(genre);
      resolved.push({ source: { artistIds: [], genres: [genre] }, sound });
    }
  }
  return resolved;
}

/** The mean of the seeds' sounds: what the recommendations should sound like when no target says otherwise. */
function centroid(sounds: readonly Sound[]): Sound | undefined {
  if (sounds.length === 0) return undefined;
  return Object.fromEntries(
    soundFeatures.map((feature) => [feature, sounds.reduce((sum, sound) => sum + sound[feature], 0) / sounds.length]),
  ) as Sound;
}

function distanceSql(sql: Sql, tuning: Tuning, sound: Sound | undefined): string {
  const terms: string[] = [];
  for (const attribute of attributes) {
    const target = tuning.target[attribute];
    if (target === undefined) continue;
    const scale = rules[attribute].scale;
    terms.push(`${targetWeight} * power((t.${attribute} - ${sql.add(target, 'float8')}) / ${scale}, 2)`);
  }
  if (sound) {
    for (const feature of soundFeatures) {
      if (tuning.target[feature] !== undefined) continue;
      terms.push(`power((t.${feature} - ${sql.add(sound[feature], 'float8')}) / ${rules[feature].scale}, 2)`);
    }
  }
  // Popular tracks win the ties, as a listener would expect.
  terms.push('(100 - t.popularity) / 10000.0');
  return terms.join(' + ');
}

/** How many tracks of one album may appear, so that one album does not fill the list. */
const perAlbum = 2;

export async function recommend(db: Queryable, request: RecommendationRequest): Promise<Recommendations> {
  const resolved = await resolveSeeds(db, request.seeds);
  const seeds: SeedResult[] = [];
  for (const [index, seed] of request.seeds.entries()) {
    const source = resolved[index]?.source;
    if (!source) continue;
    const sql = new Sql();
    const pool = poolSql(sql, source);
    const filter = filterSql(sql, request.tuning);
    const sizes = await store.poolSizes(db, { pool, filter, params: sql.params });
    seeds.push({ ...seed, initialPoolSize: sizes.initial, afterFilteringSize: sizes.filtered });
  }

  const everything: SeedSource = {
    artistIds: [...new Set(resolved.flatMap((seed) => seed.source.artistIds))],
    genres: [...new Set(resolved.flatMap((seed) => seed.source.genres))],
  };
  const sounds = resolved.flatMap((seed) => (seed.sound ? [seed.sound] : []));
  const sql = new Sql();
  const pool = poolSql(sql, everything);
  const filter = filterSql(sql, request.tuning);
  const seedTracks = sql.add(
    request.seeds.filter((seed) => seed.type === 'TRACK').map((seed) => seed.id),
    'text[]',
  );
  const distance = distanceSql(sql, request.tuning, centroid(sounds));
  const candidates = sql.add(request.limit * 4, 'int');
  const rows = await store.closestTracks(db, { pool, filter, seedTracks, distance, candidates, params: sql.params });

  // The closest tracks, at most `perAlbum` from one album; the rest only if too few are left.
  const chosen: string[] = [];
  const skipped: string[] = [];
  const fromAlbum = new Map<string, number>();
  for (const row of rows) {
    const count = fromAlbum.get(row.album_id) ?? 0;
    if (count < perAlbum) {
      chosen.push(row.id);
      fromAlbum.set(row.album_id, count + 1);
    } else {
      skipped.push(row.id);
    }
  }
  const trackIds = [...chosen, ...skipped].slice(0, request.limit);
  return { seeds, trackIds };
}
