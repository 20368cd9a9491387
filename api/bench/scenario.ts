import { requestedScopes } from '../src/auth/scopes';
import { libraryUrisPerCall } from '../src/music/library-loader';
import type { ScreenIds } from './operations';

/**
 * A listener with a lived-in library for the benchmark's screens, arranged on the local music
 * service: saved tracks, albums, shows and episodes, followed artists and playlists, a playlist of
 * 100 tracks of their own, and three weeks of listening. The library goes through the music v1
 * API, as any client would change it; the listening history goes straight into the service's
 * database, since plays come from a player running for weeks. Which items are chosen depends
 * only on the catalog, so a given catalog always gives the same screens.
 */

/** Runs SQL against the music service's database (the embedded one, or PostgreSQL). */
export interface SqlRunner {
  query(sql: string, params?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface ListenerAccess {
  db: SqlRunner;
  /** The music service's address, without `/v1`. */
  musicUrl: string;
  /** The listener's id and an access token of theirs with the library and playlist scopes. */
  userId: string;
  token: string;
}

/** The scopes of the listener's token: those a listener signed in through the web client holds. */
export const listenerScopes: readonly string[] = requestedScopes;

const dayMs = 24 * 60 * 60 * 1000;

async function musicCall(access: ListenerAccess, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${access.musicUrl}/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${access.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** The `id` column of what `sql` selects, as strings. */
async function ids(db: SqlRunner, sql: string, params: readonly unknown[] = []): Promise<string[]> {
  const { rows } = await db.query(sql, params);
  return rows.map((row) => String(row.id));
}

/** Adds `uris` to the listener's library (saves, follows), 40 per call. */
async function addToLibrary(access: ListenerAccess, uris: readonly string[]): Promise<void> {
  for (let start = 0; start < uris.length; start += libraryUrisPerCall) {
    const batch = uris.slice(start, start + libraryUrisPerCall).join(',');
    await musicCall(access, 'PUT', `/me/library?uris=${encodeURIComponent(batch)}`);
  }
}

/**
 * Furnishes the listener's library and answers the ids the screens start from. Run it once per
 * listener, on a seeded catalog.
 */
export async function furnishListener(access: ListenerAccess): Promise<ScreenIds> {
  const { db } = access;
  // An order that is stable for a catalog but mixes albums and artists, as a real library does.
  const salt = 'graphonic-bench';
  const savedTracks = await ids(db, 'SELECT id FROM tracks ORDER BY md5(id || $1) LIMIT 50', [salt]);
  const savedAlbums = await ids(db, 'SELECT id FROM albums ORDER BY md5(id || $1) LIMIT 20', [salt]);
  const followedArtists = await ids(db, 'SELECT id FROM artists ORDER BY md5(id || $1) LIMIT 10', [salt]);
  const savedShows = await ids(db, 'SELECT id FROM shows ORDER BY md5(id || $1) LIMIT 3', [salt]);
  const savedEpisodes = await ids(
    db,
    'SELECT id FROM episodes WHERE show_id = ANY($1::text[]) ORDER BY release_date DESC, id LIMIT 6',
    [savedShows],
  );
  const followedPlaylists = await ids(
    db,
    'SELECT id FROM playlists WHERE public AND owner_id <> $1 ORDER BY md5(id || $2) LIMIT 6',
    [access.userId, salt],
  );
  await addToLibrary(access, [
    ...savedTracks.map((id) => `spotify:track:${id}`),
    ...savedAlbums.map((id) => `spotify:album:${id}`),
    ...followedArtists.map((id) => `spotify:artist:${id}`),
    ...savedShows.map((id) => `spotify:show:${id}`),
    ...savedEpisodes.map((id) => `spotify:episode:${id}`),
    ...followedPlaylists.map((id) => `spotify:playlist:${id}`),
  ]);

  // A playlist of their own: 100 tracks, some of them saved, as playlists and likes overlap.
  const playlistTracks = await ids(db, 'SELECT id FROM tracks ORDER BY md5(id || $1) LIMIT 100 OFFSET 30', [
    `${salt}:playlist`,
  ]);
  const created = (await musicCall(access, 'POST', '/me/playlists', {
    name: 'Long Drive',
    description: 'A hundred songs for the road.',
    public: false,
  })) as { id?: unknown };
  if (typeof created.id !== 'string') throw new Error('The music service created a playlist without an id.');
  const playlistId = created.id;
  await musicCall(access, 'POST', `/playlists/${playlistId}/items`, {
    uris: playlistTracks.map((id) => `spotify:track:${id}`),
  });

  // Three weeks of listening, a play every few hours, played from the track's album.
  const played = (
    await ids(db, "SELECT id || ':' || album_id AS id FROM tracks ORDER BY md5(id || $1) LIMIT 40", [`${salt}:plays`])
  ).map((row) => {
    const [trackId = '', albumId = ''] = row.split(':');
    return { trackId, albumId };
  });
  const now = Date.now();
  const plays = Array.from({ length: 120 }, (_, index) => {
    // Favourites come back: the first tracks are played far more often than the rest.
    const share = ((index * 7919) % 1000) / 1000;
    const track = played[Math.floor(share ** 2 * played.length)] ?? played[0];
    return { track, at: new Date(now - 21 * dayMs + index * 4 * 60 * 60 * 1000) };
  });
  await db.query(
    `INSERT INTO plays (user_id, track_id, context_uri, played_at)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::timestamptz[])`,
    [
      access.userId,
      plays.map((play) => play.track?.trackId),
      plays.map((play) => `spotify:album:${play.track?.albumId ?? ''}`),
      plays.map((play) => play.at),
    ],
  );

  // The album with the most tracks, the artist with the most albums, a word many titles share.
  const [albumId] = await ids(
    db,
    'SELECT album_id AS id FROM tracks GROUP BY album_id ORDER BY count(*) DESC, album_id LIMIT 1',
  );
  const [artistId] = await ids(
    db,
    'SELECT artist_id AS id FROM album_artists GROUP BY artist_id ORDER BY count(*) DESC, artist_id LIMIT 1',
  );
  const [searchText] = await ids(
    db,
    `SELECT lower(split_part(name, ' ', 1)) AS id FROM tracks WHERE length(split_part(name, ' ', 1)) >= 4
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  if (!albumId || !artistId || !searchText) throw new Error('The catalog is empty: seed it first.');
  return { playlistId, albumId, artistId, searchText };
}
