import type { Database, Queryable } from '../db/types';
import {
  catalogSizes,
  generateAlbums,
  generateArtists,
  generateCategories,
  generatePlaylists,
  generateShows,
  type CatalogSizes,
  type GeneratedAlbum,
  type GeneratedArtist,
  type GeneratedEpisode,
  type GeneratedPlaylist,
  type GeneratedShow,
  type GeneratedTrack,
} from './generate';
import { createHash } from 'node:crypto';

export const defaultSeed = 'graphonic';

export interface SeedOptions extends Partial<CatalogSizes> {
  seed?: string;
}

export interface SeedProgress {
  step: 'artists' | 'albums' | 'playlists' | 'podcasts' | 'done';
  tracks: number;
}

/** Rows per INSERT … SELECT FROM unnest(…): large enough to be fast, small enough for PGlite. */
const chunkSize = 5000;
/** Track ids kept per genre for the editorial playlists. */
const poolPerGenre = 2000;

/** Whether a catalog was seeded already, and with what. */
export async function catalogMeta(db: Queryable): Promise<{ seed: string; sizes: CatalogSizes } | null> {
  const { rows } = await db.query<{ seed: string; sizes: CatalogSizes }>('SELECT seed, sizes FROM catalog_meta');
  return rows[0] ?? null;
}

async function insertAlbums(tx: Queryable, albums: GeneratedAlbum[], counts: number[]): Promise<void> {
  await tx.query(
    `INSERT INTO albums (id, name, album_type, total_tracks, release_date, release_date_precision, label, popularity, upc, copyrights, genre)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::text[], $10::jsonb[], $11::text[])`,
    [
      albums.map((a) => a.id),
      albums.map((a) => a.name),
      albums.map((a) => a.albumType),
      counts,
      albums.map((a) => a.releaseDate),
      albums.map((a) => a.releaseDatePrecision),
      albums.map((a) => a.label),
      albums.map((a) => a.popularity),
      albums.map((a) => a.upc),
      albums.map((a) => JSON.stringify(a.copyrights)),
      albums.map((a) => a.genre),
    ],
  );
  const credits = albums.flatMap((a) => a.artistIds.map((artistId, position) => [a.id, position, artistId] as const));
  await tx.query(
    'INSERT INTO album_artists (album_id, position, artist_id) SELECT * FROM unnest($1::text[], $2::int[], $3::text[])',
    [credits.map((c) => c[0]), credits.map((c) => c[1]), credits.map((c) => c[2])],
  );
}

async function insertTracks(tx: Queryable, tracks: GeneratedTrack[]): Promise<void> {
  const column = <T>(pick: (track: GeneratedTrack) => T): T[] => tracks.map(pick);
  await tx.query(
    `INSERT INTO tracks (id, album_id, name, disc_number, track_number, duration_ms, explicit, popularity, isrc,
       acousticness, danceability, energy, instrumentalness, key, liveness, loudness, mode, speechiness, tempo, time_signature, valence)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::bool[], $8::int[], $9::text[],
       $10::real[], $11::real[], $12::real[], $13::real[], $14::int[], $15::real[], $16::real[], $17::int[], $18::real[], $19::real[], $20::int[], $21::real[])`,
    [
      column((t) => t.id),
      column((t) => t.albumId),
      column((t) => t.name),
      column((t) => t.discNumber),
      column((t) => t.trackNumber),
      column((t) => t.durationMs),
      column((t) => t.explicit),
      column((t) => t.popularity),
      column((t) => t.isrc),
      column((t) => t.features.acousticness),
      column((t) => t.features.danceability),
      column((t) => t.features.energy),
      column((t) => t.features.instrumentalness),
      column((t) => t.features.key),
      column((t) => t.features.liveness),
      column((t) => t.features.loudness),
      column((t) => t.features.mode),
      column((t) => t.features.speechiness),
      column((t) => t.features.tempo),
      column((t) => t.features.timeSignature),
      column((t) => t.features.valence),
    ],
  );
  const credits = tracks.flatMap((t) => t.artistIds.map((artistId, position) => [t.id, position, artistId] as const));
  await tx.query(
    'INSERT INTO track_artists (track_id, position, artist_id) SELECT * FROM unnest($1::text[], $2::int[], $3::text[])',
    [credits.map((c) => c[0]), credits.map((c) => c[1]), credits.map((c) => c[2])],
  );
}

/**
 * Generates the catalog from `seed` and stores it, in one transaction: a crash half-way leaves
 * no half catalog, and the next start seeds again. Does nothing when a catalog is there.
 * Resolves with the sizes seeded, or null when it did nothing.
 */
export async function seedCatalog(
  db: Database,
  options: SeedOptions = {},
  onProgress: (progress: SeedProgress) => void = () => undefined,
): Promise<CatalogSizes | null> {
  const seed = options.seed ?? defaultSeed;
  const sizes = catalogSizes(options);
  return db.transaction(async (tx) => {
    // One seeding at a time, even with several processes on one PostgreSQL server.
    await tx.query('LOCK TABLE catalog_meta IN EXCLUSIVE MODE');
    if (await catalogMeta(tx)) return null;

    onProgress({ step: 'artists', tracks: 0 });
    const artists = generateArtists(seed, sizes);
    await insertArtists(tx, artists);
    const { pool, tracks } = await seedAlbums(tx, generateAlbums(seed, sizes, artists), onProgress);

    onProgress({ step: 'playlists', tracks });
    await insertCategories(tx, generateCategories(sizes));
    await insertPlaylists(tx, generatePlaylists(seed, sizes, pool));

    onProgress({ step: 'podcasts', tracks });
    await insertShows(tx, generateShows(seed, sizes));

    await tx.query('INSERT INTO catalog_meta (seed, sizes) VALUES ($1, $2)', [seed, JSON.stringify(sizes)]);
    onProgress({ step: 'done', tracks });
    return sizes;
  });
}

async function insertArtists(tx: Queryable, artists: readonly GeneratedArtist[]): Promise<void> {
  for (let start = 0; start < artists.length; start += chunkSize) {
    const chunk = artists.slice(start, start + chunkSize);
    await tx.query(
      `INSERT INTO artists (id, name, genres, popularity, followers)
       SELECT id, name, string_to_array(genres, '|'), popularity, followers
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[]) AS t(id, name, genres, popularity, followers)`,
      [
        chunk.map((a) => a.id),
        chunk.map((a) => a.name),
        chunk.map((a) => a.genres.join('|')),
        chunk.map((a) => a.popularity),
        chunk.map((a) => a.followers),
      ],
    );
  }
}

/**
 * Stores the albums and their tracks as they stream from the generator, a chunk of tracks at a
 * time, reporting progress after each chunk. Resolves with how many tracks it stored and, by
 * genre, the track ids the editorial playlists are picked from.
 */
async function seedAlbums(
  tx: Queryable,
  generated: Iterable<{ album: GeneratedAlbum; tracks: GeneratedTrack[] }>,
  onProgress: (progress: SeedProgress) => void,
): Promise<{ pool: Map<string, string[]>; tracks: number }> {
  const pool = new Map<string, string[]>();
  let albums: GeneratedAlbum[] = [];
  let counts: number[] = [];
  let tracks: GeneratedTrack[] = [];
  let seededTracks = 0;
  const flush = async (): Promise<void> => {
    if (albums.length > 0) await insertAlbums(tx, albums, counts);
    if (tracks.length > 0) await insertTracks(tx, tracks);
    seededTracks += tracks.length;
    onProgress({ step: 'albums', tracks: seededTracks });
    albums = [];
    counts = [];
    tracks = [];
  };
  for (const { album, tracks: albumTracks } of generated) {
    albums.push(album);
    counts.push(albumTracks.length);
    tracks.push(...albumTracks);
    const genrePool = pool.get(album.genre) ?? [];
    for (const track of albumTracks) if (genrePool.length < poolPerGenre) genrePool.push(track.id);
    pool.set(album.genre, genrePool);
    if (tracks.length >= chunkSize) await flush();
  }
  await flush();
  return { pool, tracks: seededTracks };
}

async function insertCategories(tx: Queryable, categories: ReturnType<typeof generateCategories>): Promise<void> {
  await tx.query(
    'INSERT INTO categories (id, name, genres, position) SELECT id, name, string_to_array(genres, $4), position FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(id, name, genres, position)',
    [categories.map((c) => c.id), categories.map((c) => c.name), categories.map((c) => c.genres.join('|')), '|'],
  );
}

/** The editorial playlists, followed by their editors, with their categories and items. */
async function insertPlaylists(tx: Queryable, playlists: readonly GeneratedPlaylist[]): Promise<void> {
  await tx.query(
    `INSERT INTO playlists (id, owner_id, name, description, public, collaborative, snapshot_id)
     SELECT id, 'graphonic', name, description, true, false, snapshot FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(id, name, description, snapshot)`,
    [
      playlists.map((p) => p.id),
      playlists.map((p) => p.name),
      playlists.map((p) => p.description),
      playlists.map((p) =>
        createHash('sha256')
          .update(`${p.id}:${p.trackIds.join(',')}`)
          .digest('base64url')
          .slice(0, 32),
      ),
    ],
  );
  // The editors follow their playlists, as every owner does (see decision 018).
  await tx.query(
    `INSERT INTO followed_playlists (user_id, playlist_id, public, followed_at)
     SELECT owner_id, id, public, created_at FROM playlists WHERE owner_id = 'graphonic' ON CONFLICT DO NOTHING`,
  );
  const links = playlists.flatMap((p) => p.categoryIds.map((categoryId) => [p.id, categoryId] as const));
  await tx.query(
    'INSERT INTO playlist_categories (playlist_id, category_id) SELECT * FROM unnest($1::text[], $2::text[])',
    [links.map((l) => l[0]), links.map((l) => l[1])],
  );
  await insertPlaylistItems(tx, playlists);
}

async function insertPlaylistItems(tx: Queryable, playlists: readonly GeneratedPlaylist[]): Promise<void> {
  const items = playlists.flatMap((p) => p.trackIds.map((trackId, position) => [p.id, position, trackId] as const));
  for (let start = 0; start < items.length; start += chunkSize) {
    const chunk = items.slice(start, start + chunkSize);
    await tx.query(
      `INSERT INTO playlist_items (playlist_id, position, track_id, added_by)
       SELECT playlist_id, position, track_id, 'graphonic' FROM unnest($1::text[], $2::int[], $3::text[]) AS t(playlist_id, position, track_id)`,
      [chunk.map((i) => i[0]), chunk.map((i) => i[1]), chunk.map((i) => i[2])],
    );
  }
}

/** The podcast shows and their episodes. */
async function insertShows(
  tx: Queryable,
  { shows, episodes }: { shows: readonly GeneratedShow[]; episodes: readonly GeneratedEpisode[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO shows (id, name, publisher, description, languages, explicit)
     SELECT id, name, publisher, description, ARRAY[language], explicit
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[]) AS t(id, name, publisher, description, language, explicit)`,
    [
      shows.map((s) => s.id),
      shows.map((s) => s.name),
      shows.map((s) => s.publisher),
      shows.map((s) => s.description),
      shows.map((s) => s.languages[0] ?? 'en'),
      shows.map((s) => s.explicit),
    ],
  );
  await tx.query(
    `INSERT INTO episodes (id, show_id, name, description, duration_ms, language, release_date, explicit)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::bool[])`,
    [
      episodes.map((e) => e.id),
      episodes.map((e) => e.showId),
      episodes.map((e) => e.name),
      episodes.map((e) => e.description),
      episodes.map((e) => e.durationMs),
      episodes.map((e) => e.language),
      episodes.map((e) => e.releaseDate),
      episodes.map((e) => e.explicit),
    ],
  );
}
