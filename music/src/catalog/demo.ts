import { createHash } from 'node:crypto';
import type { ArtistRow, EpisodeRow, PlaylistTableRow, ShowRow, TrackArtistRow, TrackRow } from '../db/rows';
import type { Queryable } from '../db/types';
import { catalogIdFor, Random } from './random';

/**
 * A lived-in library for a demo user, so that every screen has something on it at first start:
 * favourite artists followed, their songs liked and albums saved, three playlists of their own,
 * editorial playlists followed, podcasts saved and half-heard, and six months of listening
 * history whose recent weeks lean towards other artists than the months before (so that top
 * items differ by time range). Deterministic for a given catalog, user and day.
 */

export interface DemoLibrary {
  savedTracks: number;
  savedAlbums: number;
  followedArtists: number;
  playlists: number;
  followedPlaylists: number;
  savedShows: number;
  savedEpisodes: number;
  plays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A track by one of the favourite artists, with what the playlists are chosen by. */
type FavouriteTrack = Pick<TrackRow, 'id' | 'album_id' | 'energy' | 'tempo' | 'duration_ms'> &
  Pick<TrackArtistRow, 'artist_id'>;

/** What furnishing a library shares: the user, the seed's salt and random stream, and the clock. */
interface Furnishing {
  tx: Queryable;
  userId: string;
  /** Orders the catalog's rows the same way for the same seed. */
  salt: string;
  random: Random;
  now: number;
  /** A moment about `daysAgo` days before now. */
  when: (daysAgo: number) => Date;
}

function snapshotFor(playlistId: string, trackIds: readonly string[]): string {
  return createHash('sha256')
    .update(`${playlistId}:${trackIds.join(',')}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Inserts `rows` of `columns` into `table` in one statement (values are sent as parallel arrays). */
async function insertRows(
  tx: Queryable,
  table: string,
  columns: readonly (readonly [name: string, type: string])[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, index) => rows.map((row) => row[index]));
  const names = columns.map(([name]) => name).join(', ');
  const unnest = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  await tx.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})`, arrays);
}

/**
 * Furnishes `userId`'s library from the seeded catalog. Run it inside the transaction that
 * creates the user, so that a user never exists half-furnished. The same `seed` gives the same
 * library (saves, follows, playlists' names and tracks, history) to another user.
 */
export async function furnishDemoLibrary(
  tx: Queryable,
  userId: string,
  now = Date.now(),
  seed = userId,
): Promise<DemoLibrary> {
  const random = new Random(`library:${seed}`);
  const salt = `library:${seed}`;
  const when = (daysAgo: number) => new Date(now - daysAgo * DAY_MS - random.int(0, DAY_MS / 2));
  const library: Furnishing = { tx, userId, salt, random, now, when };
  // Each step draws from the one random stream, so their order is part of the library.
  const { favourites, tracks } = await favouriteArtists(library);
  const saved = await saveFavourites(library, favourites, tracks);
  const playlists = await createOwnPlaylists(library, tracks);
  await followOwnPlaylists(library);
  const followedPlaylists = await followEditors(library);
  const podcasts = await savePodcasts(library);
  const plays = await recordListening(library, favourites, tracks);
  return { ...saved, playlists, followedPlaylists, ...podcasts, plays };
}

/** A dozen favourite artists, and their songs (those they lead), in the seed's order. */
async function favouriteArtists({ tx, salt }: Furnishing): Promise<{ favourites: string[]; tracks: FavouriteTrack[] }> {
  const { rows: artists } = await tx.query<Pick<ArtistRow, 'id'>>(
    'SELECT id FROM artists ORDER BY md5(id || $1) LIMIT 12',
    [salt],
  );
  const favourites = artists.map((artist) => artist.id);
  const { rows: tracks } = await tx.query<FavouriteTrack>(
    `SELECT t.id, t.album_id, ta.artist_id, t.energy, t.tempo, t.duration_ms
       FROM tracks t JOIN track_artists ta ON ta.track_id = t.id AND ta.position = 0
      WHERE ta.artist_id = ANY($1::text[])
      ORDER BY md5(t.id || $2)`,
    [favourites, salt],
  );
  if (tracks.length === 0) throw new Error('The catalog has no tracks to furnish a library with.');
  return { favourites, tracks };
}

/** Liked songs and saved albums, added over the last year, and the favourite artists followed. */
async function saveFavourites(
  { tx, userId, when }: Furnishing,
  favourites: readonly string[],
  tracks: readonly FavouriteTrack[],
): Promise<Pick<DemoLibrary, 'savedTracks' | 'savedAlbums' | 'followedArtists'>> {
  const liked = tracks.slice(0, 60);
  await insertRows(
    tx,
    'saved_tracks',
    [
      ['user_id', 'text'],
      ['track_id', 'text'],
      ['added_at', 'timestamptz'],
    ],
    liked.map((track, index) => [userId, track.id, when(index * 6)]),
  );
  const albums = [...new Set(tracks.map((track) => track.album_id))].slice(0, 10);
  await insertRows(
    tx,
    'saved_albums',
    [
      ['user_id', 'text'],
      ['album_id', 'text'],
      ['added_at', 'timestamptz'],
    ],
    albums.map((albumId, index) => [userId, albumId, when(index * 20 + 3)]),
  );
  const followed = favourites.slice(0, 8);
  await insertRows(
    tx,
    'followed_artists',
    [
      ['user_id', 'text'],
      ['artist_id', 'text'],
      ['followed_at', 'timestamptz'],
    ],
    followed.map((artistId, index) => [userId, artistId, when(index * 15 + 1)]),
  );
  return { savedTracks: liked.length, savedAlbums: albums.length, followedArtists: followed.length };
}

/** Three playlists of the user's own, with their items; returns how many. */
async function createOwnPlaylists(library: Furnishing, tracks: readonly FavouriteTrack[]): Promise<number> {
  const { tx, userId, when } = library;
  const playlists = await ownPlaylists(library, tracks);
  await insertRows(
    tx,
    'playlists',
    [
      ['id', 'text'],
      ['owner_id', 'text'],
      ['name', 'text'],
      ['description', 'text'],
      ['public', 'boolean'],
      ['snapshot_id', 'text'],
      ['created_at', 'timestamptz'],
    ],
    playlists.map((playlist, index) => [
      playlist.id,
      userId,
      playlist.name,
      playlist.description,
      playlist.public,
      snapshotFor(playlist.id, playlist.trackIds),
      when(90 - index * 30),
    ]),
  );
  await insertRows(
    tx,
    'playlist_items',
    [
      ['playlist_id', 'text'],
      ['position', 'int4'],
      ['track_id', 'text'],
      ['added_at', 'timestamptz'],
      ['added_by', 'text'],
    ],
    playlists.flatMap((playlist, index) =>
      playlist.trackIds.map((trackId, position) => [playlist.id, position, trackId, when(80 - index * 30), userId]),
    ),
  );
  return playlists.length;
}

/** The user's own playlists: the most and the least energetic favourites, and some discoveries. */
async function ownPlaylists({ tx, userId, salt }: Furnishing, tracks: readonly FavouriteTrack[]) {
  const { rows: others } = await tx.query<Pick<TrackRow, 'id'>>(
    'SELECT id FROM tracks ORDER BY md5(id || $1) LIMIT 20',
    [`${salt}:discoveries`],
  );
  const byEnergy = [...tracks].sort((a, b) => b.energy * b.tempo - a.energy * a.tempo);
  return [
    {
      name: 'Morning Energy',
      description: 'Fast and bright, for the first hour of the day.',
      public: true,
      trackIds: byEnergy.slice(0, 25).map((track) => track.id),
    },
    {
      name: 'Slow Evenings',
      description: 'Low light, low tempo.',
      public: true,
      trackIds: byEnergy
        .slice(-20)
        .reverse()
        .map((track) => track.id),
    },
    {
      name: 'Discoveries',
      description: 'Songs found along the way.',
      public: false,
      trackIds: others.map((track) => track.id),
    },
  ].map((playlist, index) => ({ ...playlist, id: catalogIdFor(`user:${userId}`, 'playlist', index) }));
}

/** The listener follows their own playlists, as every owner does (see decision 018). */
async function followOwnPlaylists({ tx, userId }: Furnishing): Promise<void> {
  await tx.query(
    `INSERT INTO followed_playlists (user_id, playlist_id, public, followed_at)
     SELECT owner_id, id, public, created_at FROM playlists WHERE owner_id = $1 ON CONFLICT DO NOTHING`,
    [userId],
  );
}

/** Editorial playlists followed, and the editors themselves; returns how many playlists. */
async function followEditors({ tx, userId, salt, when }: Furnishing): Promise<number> {
  const { rows: editorial } = await tx.query<Pick<PlaylistTableRow, 'id'>>(
    "SELECT id FROM playlists WHERE owner_id = 'graphonic' ORDER BY md5(id || $1) LIMIT 6",
    [salt],
  );
  await insertRows(
    tx,
    'followed_playlists',
    [
      ['user_id', 'text'],
      ['playlist_id', 'text'],
      ['followed_at', 'timestamptz'],
    ],
    editorial.map((playlist, index) => [userId, playlist.id, when(index * 11 + 2)]),
  );
  await tx.query(
    "INSERT INTO followed_users (user_id, followed_id) SELECT $1, id FROM users WHERE id = 'graphonic' AND id <> $1",
    [userId],
  );
  return editorial.length;
}

/** Podcasts: saved shows, saved episodes, and where the listener stopped in some of them. */
async function savePodcasts({
  tx,
  userId,
  salt,
  when,
}: Furnishing): Promise<Pick<DemoLibrary, 'savedShows' | 'savedEpisodes'>> {
  const { rows: shows } = await tx.query<Pick<ShowRow, 'id'>>('SELECT id FROM shows ORDER BY md5(id || $1) LIMIT 3', [
    salt,
  ]);
  await insertRows(
    tx,
    'saved_shows',
    [
      ['user_id', 'text'],
      ['show_id', 'text'],
      ['added_at', 'timestamptz'],
    ],
    shows.map((show, index) => [userId, show.id, when(index * 25 + 4)]),
  );
  const { rows: episodes } = await tx.query<Pick<EpisodeRow, 'id' | 'duration_ms'>>(
    `SELECT id, duration_ms FROM episodes WHERE show_id = ANY($1::text[])
      ORDER BY release_date DESC, id LIMIT 6`,
    [shows.map((show) => show.id)],
  );
  await insertRows(
    tx,
    'saved_episodes',
    [
      ['user_id', 'text'],
      ['episode_id', 'text'],
      ['added_at', 'timestamptz'],
    ],
    episodes.map((episode, index) => [userId, episode.id, when(index * 3 + 1)]),
  );
  await insertRows(
    tx,
    'episode_progress',
    [
      ['user_id', 'text'],
      ['episode_id', 'text'],
      ['position_ms', 'int4'],
      ['fully_played', 'boolean'],
    ],
    episodes
      .slice(0, 4)
      .map((episode, index) => [
        userId,
        episode.id,
        index === 0 ? episode.duration_ms : Math.round(episode.duration_ms * (0.2 + index * 0.2)),
        index === 0,
      ]),
  );
  return { savedShows: shows.length, savedEpisodes: episodes.length };
}

/**
 * Six months of listening: in the last four weeks mostly the first four favourites, before
 * that mostly the others; a play every few hours, newest last. Returns how many plays.
 */
async function recordListening(
  { tx, userId, random, now }: Furnishing,
  favourites: readonly string[],
  tracks: readonly FavouriteTrack[],
): Promise<number> {
  const plays: [string, string, string, Date][] = [];
  const recent = tracks.filter((track) => favourites.indexOf(track.artist_id) < 4);
  const earlier = tracks.filter((track) => favourites.indexOf(track.artist_id) >= 4);
  for (let at = now - 180 * DAY_MS; at < now - 60 * 60 * 1000; at += random.int(3, 9) * 60 * 60 * 1000) {
    const isRecent = at > now - 28 * DAY_MS;
    const pool =
      (isRecent ? recent : earlier).length > 0 && random.chance(0.85) ? (isRecent ? recent : earlier) : tracks;
    // A few songs get played again and again, as favourites do.
    const track = pool[Math.floor(random.next() ** 2 * pool.length)] ?? tracks[0];
    if (!track) break;
    plays.push([userId, track.id, `spotify:album:${track.album_id}`, new Date(at)]);
  }
  await insertRows(
    tx,
    'plays',
    [
      ['user_id', 'text'],
      ['track_id', 'text'],
      ['context_uri', 'text'],
      ['played_at', 'timestamptz'],
    ],
    plays,
  );
  return plays.length;
}
