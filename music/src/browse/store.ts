import type { ArtistRow, CategoryRow, TrackRow } from '../db/rows';
import type { Queryable } from '../db/types';
import { playlistColumns, type PlaylistRow } from '../playlists/store';

/**
 * The browse endpoints' SQL: the categories, the editorial playlists by category and of the
 * day, and the statements of the recommendations (whose conditions ./recommendations.ts builds).
 */

export type Category = Pick<CategoryRow, 'id' | 'name' | 'genres' | 'position'>;

/** Every browse category, in the catalog's order. */
export async function categories(db: Queryable): Promise<Category[]> {
  const { rows } = await db.query<Category>('SELECT id, name, genres, position FROM categories ORDER BY position, id');
  return rows;
}

/** Editorial playlists: the service's own, public ones, with their user for the owner's name. */
const editorial = `playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.owner_id = 'graphonic' AND p.public`;

/**
 * A page of playlists and their total, from a query's `FROM … WHERE …` over `playlists p` (with
 * `params`) and its `ORDER BY` (which may use `orderParams`, numbered after `params`).
 */
async function playlistPage(
  db: Queryable,
  query: { from: string; params: readonly unknown[]; orderBy: string; orderParams?: readonly unknown[] },
  page: { limit: number; offset: number },
): Promise<{ rows: PlaylistRow[]; total: number }> {
  const params = [...query.params, ...(query.orderParams ?? [])];
  const limitAt = params.length + 1;
  const { rows } = await db.query<PlaylistRow & { total_rows: number }>(
    `SELECT ${playlistColumns}, count(*) OVER () AS total_rows
     FROM ${query.from} ORDER BY ${query.orderBy} LIMIT $${limitAt} OFFSET $${limitAt + 1}`,
    [...params, page.limit, page.offset],
  );
  const total =
    rows[0]?.total_rows ??
    (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${query.from}`, query.params)).rows[0]?.n ??
    0;
  return { rows, total };
}

/** A page of a category's editorial playlists, oldest first. */
export function categoryPlaylists(
  db: Queryable,
  categoryId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: PlaylistRow[]; total: number }> {
  return playlistPage(
    db,
    {
      from: `${editorial} AND p.id IN (SELECT playlist_id FROM playlist_categories WHERE category_id = $1)`,
      params: [categoryId],
      orderBy: 'p.created_at, p.id',
    },
    page,
  );
}

/** A page of the editorial playlists in the order of the day `day`: the same all day long. */
export function featuredPlaylists(
  db: Queryable,
  day: string,
  page: { limit: number; offset: number },
): Promise<{ rows: PlaylistRow[]; total: number }> {
  return playlistPage(
    db,
    { from: editorial, params: [], orderBy: 'md5(p.id || $1::text), p.id', orderParams: [day] },
    page,
  );
}

/** The features that make a seed's sound: what the tracks are ranked against besides the targets. */
export const soundFeatures = [
  'acousticness',
  'danceability',
  'energy',
  'instrumentalness',
  'speechiness',
  'valence',
  'tempo',
  'loudness',
] as const satisfies readonly (keyof TrackRow)[];

export type SoundFeature = (typeof soundFeatures)[number];
export type Sound = Record<SoundFeature, number>;

export async function seedArtists(db: Queryable, ids: readonly string[]): Promise<Pick<ArtistRow, 'id' | 'genres'>[]> {
  const { rows } = await db.query<Pick<ArtistRow, 'id' | 'genres'>>(
    'SELECT id, genres FROM artists WHERE id = ANY($1::text[])',
    [ids],
  );
  return rows;
}

/** A seed track: its album's genre, its artists in order, and their genres. */
export type SeedTrack = Pick<TrackRow, 'id'> & { genre: string; artist_ids: string[]; genres: string[] };

export async function seedTracks(db: Queryable, ids: readonly string[]): Promise<SeedTrack[]> {
  const { rows } = await db.query<SeedTrack>(
    `SELECT t.id, a.genre,
       ARRAY(SELECT ta.artist_id FROM track_artists ta WHERE ta.track_id = t.id ORDER BY ta.position) AS artist_ids,
       ARRAY(SELECT DISTINCT g FROM track_artists ta JOIN artists ar ON ar.id = ta.artist_id, unnest(ar.genres) g
             WHERE ta.track_id = t.id ORDER BY g) AS genres
     FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = ANY($1::text[])`,
    [ids],
  );
  return rows;
}

const soundColumns = soundFeatures.map((feature) => `avg(t.${feature})::float8 AS ${feature}`).join(', ');

const soundOf = {
  artist: 't.id = ANY(ARRAY(SELECT track_id FROM track_artists WHERE artist_id = $1))',
  track: 't.id = $1',
  genre: 't.album_id = ANY(ARRAY(SELECT id FROM albums WHERE genre = $1))',
} as const;

/** The average sound of an artist's tracks, a track, or a genre's tracks; undefined when there are none. */
export async function averageSound(db: Queryable, of: keyof typeof soundOf, id: string): Promise<Sound | undefined> {
  const { rows } = await db.query<Sound & { n: number }>(
    `SELECT count(*) AS n, ${soundColumns} FROM tracks t WHERE ${soundOf[of]}`,
    [id],
  );
  const row = rows[0];
  if (!row || row.n === 0) return undefined;
  return Object.fromEntries(soundFeatures.map((feature) => [feature, row[feature]])) as Sound;
}

/** Conditions on `tracks t` built by the recommendations, with their numbered parameters. */
export interface TrackConditions {
  /** The tracks the seeds draw from. */
  pool: string;
  /** The `min_*` and `max_*` filters. */
  filter: string;
  params: readonly unknown[];
}

/** How many tracks a seed draws from, and how many of them pass the filters. */
export async function poolSizes(
  db: Queryable,
  conditions: TrackConditions,
): Promise<{ initial: number; filtered: number }> {
  const { rows } = await db.query<{ initial: number; filtered: number }>(
    `SELECT count(*) AS initial, count(*) FILTER (WHERE ${conditions.filter}) AS filtered
     FROM tracks t WHERE ${conditions.pool}`,
    conditions.params,
  );
  return { initial: rows[0]?.initial ?? 0, filtered: rows[0]?.filtered ?? 0 };
}

/**
 * The tracks of the pool that pass the filters, but the seed tracks, closest first by
 * `distance`, at most `candidates` (fragments and parameters of the same builder).
 */
export async function closestTracks(
  db: Queryable,
  conditions: TrackConditions & { seedTracks: string; distance: string; candidates: string },
): Promise<Pick<TrackRow, 'id' | 'album_id'>[]> {
  const { rows } = await db.query<Pick<TrackRow, 'id' | 'album_id'>>(
    `SELECT t.id, t.album_id FROM tracks t
     WHERE ${conditions.pool} AND ${conditions.filter} AND NOT (t.id = ANY(${conditions.seedTracks}))
     ORDER BY ${conditions.distance}, t.id LIMIT ${conditions.candidates}`,
    conditions.params,
  );
  return rows;
}
