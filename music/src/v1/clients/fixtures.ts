import type { AlbumArtistRow, ArtistRow, EpisodeRow, PlaylistTableRow, TrackRow } from '../../db/rows';
import type { Queryable } from '../../db/types';

/** Ids from the seeded catalog that the client tests read and play. */
export interface CatalogFixtures {
  /** Four tracks of one album, in album order. */
  tracks: [string, string, ...string[]];
  album: string;
  /** The album's main artist. */
  artist: string;
  artistName: string;
  show: string;
  episode: string;
  /** An editorial playlist. */
  playlist: string;
}

export async function catalogFixtures(db: Queryable): Promise<CatalogFixtures> {
  const { rows: albums } = await db.query<Pick<AlbumArtistRow, 'album_id' | 'artist_id'> & Pick<ArtistRow, 'name'>>(
    `SELECT a.id AS album_id, aa.artist_id, ar.name FROM albums a
       JOIN album_artists aa ON aa.album_id = a.id AND aa.position = 0
       JOIN artists ar ON ar.id = aa.artist_id
      WHERE a.total_tracks >= 4 ORDER BY a.id LIMIT 1`,
  );
  const album = albums[0];
  if (!album) throw new Error('The test catalog needs an album of four tracks or more.');
  const { rows: tracks } = await db.query<Pick<TrackRow, 'id'>>(
    'SELECT id FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
    [album.album_id],
  );
  const { rows: episodes } = await db.query<Pick<EpisodeRow, 'id' | 'show_id'>>(
    'SELECT id, show_id FROM episodes ORDER BY id LIMIT 1',
  );
  const { rows: playlists } = await db.query<Pick<PlaylistTableRow, 'id'>>(
    "SELECT id FROM playlists WHERE owner_id = 'graphonic' ORDER BY id LIMIT 1",
  );
  const [first, second, ...rest] = tracks.map((track) => track.id);
  const episode = episodes[0];
  const playlist = playlists[0];
  if (!first || !second || !episode || !playlist)
    throw new Error('The test catalog is missing tracks, episodes or playlists.');
  return {
    tracks: [first, second, ...rest],
    album: album.album_id,
    artist: album.artist_id,
    artistName: album.name,
    show: episode.show_id,
    episode: episode.id,
    playlist: playlist.id,
  };
}

/** Registers a playback device for the token's user (the service's extension) and answers its id. */
export async function registerDevice(baseUrl: string, token: string, name = 'Test speaker'): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/me/player/devices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, type: 'Speaker' }),
  });
  if (response.status !== 201) throw new Error(`Registering a device answered ${response.status}.`);
  return ((await response.json()) as { id: string }).id;
}
