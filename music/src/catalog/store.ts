import type { Queryable } from '../db/types';
import type { ArtistAlbumRecord, CatalogStore, PageOf, PageRequest } from '../v1/catalog-store';
import type { AlbumRecord, ArtistRecord, ArtistRef, AudioFeaturesRecord, TrackRecord } from '../v1/objects';

interface AlbumRow {
  id: string;
  name: string;
  album_type: AlbumRecord['albumType'];
  total_tracks: number;
  release_date: string;
  release_date_precision: AlbumRecord['releaseDatePrecision'];
  label: string;
  popularity: number;
  upc: string;
  copyrights: AlbumRecord['copyrights'];
  artists: ArtistRef[];
  total?: number;
  album_group?: ArtistAlbumRecord['albumGroup'];
}

interface TrackRow {
  id: string;
  album_id: string;
  name: string;
  disc_number: number;
  track_number: number;
  duration_ms: number;
  explicit: boolean;
  popularity: number;
  isrc: string;
  artists: ArtistRef[];
  total?: number;
}

interface FeaturesRow {
  id: string;
  duration_ms: number;
  acousticness: number;
  danceability: number;
  energy: number;
  instrumentalness: number;
  key: number;
  liveness: number;
  loudness: number;
  mode: number;
  speechiness: number;
  tempo: number;
  time_signature: number;
  valence: number;
}

const albumColumns = `a.id, a.name, a.album_type, a.total_tracks, a.release_date, a.release_date_precision, a.label,
  a.popularity, a.upc, a.copyrights,
  (SELECT json_agg(json_build_object('id', ar.id, 'name', ar.name) ORDER BY aa.position)
     FROM album_artists aa JOIN artists ar ON ar.id = aa.artist_id WHERE aa.album_id = a.id) AS artists`;

const trackColumns = `t.id, t.album_id, t.name, t.disc_number, t.track_number, t.duration_ms, t.explicit, t.popularity, t.isrc,
  (SELECT json_agg(json_build_object('id', ar.id, 'name', ar.name) ORDER BY ta.position)
     FROM track_artists ta JOIN artists ar ON ar.id = ta.artist_id WHERE ta.track_id = t.id) AS artists`;

function albumRecord(row: AlbumRow): AlbumRecord {
  return {
    id: row.id,
    name: row.name,
    albumType: row.album_type,
    totalTracks: row.total_tracks,
    releaseDate: row.release_date,
    releaseDatePrecision: row.release_date_precision,
    label: row.label,
    popularity: row.popularity,
    upc: row.upc,
    copyrights: row.copyrights,
    // Spotify's album genres have been empty since 2024; artists carry the genres.
    genres: [],
    artists: row.artists,
  };
}

/**
 * Records by id, bounded: the generated catalog never changes once seeded, so what was read
 * once is served from memory after (the oldest entries go first past the bound).
 */
class RecordCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly max: number) {}

  /** The cached records, and the ids that must be read. */
  split(ids: readonly string[]): { found: Map<string, T>; missing: string[] } {
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const value = this.entries.get(id);
      if (value === undefined) missing.push(id);
      else found.set(id, value);
    }
    return { found, missing };
  }

  add(id: string, value: T): void {
    this.entries.set(id, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}

/** The catalog in PostgreSQL (embedded or a server), read for the music v1 routes. */
export class SqlCatalogStore implements CatalogStore {
  private readonly albumCache: RecordCache<AlbumRecord>;
  private readonly trackCache: RecordCache<TrackRecord>;
  private readonly artistCache: RecordCache<ArtistRecord>;

  constructor(
    private readonly db: Queryable,
    cacheSize = 50_000,
  ) {
    this.albumCache = new RecordCache(cacheSize);
    this.trackCache = new RecordCache(cacheSize);
    this.artistCache = new RecordCache(cacheSize);
  }

  async albums(ids: readonly string[]): Promise<Map<string, AlbumRecord>> {
    const { found, missing } = this.albumCache.split(ids);
    if (missing.length === 0) return found;
    const { rows } = await this.db.query<AlbumRow & Record<string, unknown>>(
      `SELECT ${albumColumns} FROM albums a WHERE a.id = ANY($1::text[])`,
      [missing],
    );
    for (const row of rows) {
      const album = albumRecord(row);
      this.albumCache.add(album.id, album);
      found.set(album.id, album);
    }
    return found;
  }

  private async withAlbums(rows: TrackRow[]): Promise<TrackRecord[]> {
    const albums = await this.albums([...new Set(rows.map((row) => row.album_id))]);
    return rows.map((row) => {
      const album = albums.get(row.album_id);
      if (!album) throw new Error(`Track ${row.id} belongs to no album.`);
      return {
        id: row.id,
        name: row.name,
        durationMs: row.duration_ms,
        explicit: row.explicit,
        discNumber: row.disc_number,
        trackNumber: row.track_number,
        popularity: row.popularity,
        isrc: row.isrc,
        artists: row.artists,
        album,
      };
    });
  }

  async tracks(ids: readonly string[]): Promise<Map<string, TrackRecord>> {
    const { found, missing } = this.trackCache.split(ids);
    if (missing.length === 0) return found;
    const { rows } = await this.db.query<TrackRow & Record<string, unknown>>(
      `SELECT ${trackColumns} FROM tracks t WHERE t.id = ANY($1::text[])`,
      [missing],
    );
    for (const track of await this.withAlbums(rows)) {
      this.trackCache.add(track.id, track);
      found.set(track.id, track);
    }
    return found;
  }

  async artists(ids: readonly string[]): Promise<Map<string, ArtistRecord>> {
    const { found, missing } = this.artistCache.split(ids);
    if (missing.length === 0) return found;
    const { rows } = await this.db.query<ArtistRecord & Record<string, unknown>>(
      'SELECT id, name, genres, popularity, followers FROM artists WHERE id = ANY($1::text[])',
      [missing],
    );
    for (const row of rows) {
      const artist = { ...row };
      this.artistCache.add(artist.id, artist);
      found.set(artist.id, artist);
    }
    return found;
  }

  async audioFeatures(ids: readonly string[]): Promise<Map<string, AudioFeaturesRecord>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<FeaturesRow & Record<string, unknown>>(
      `SELECT id, duration_ms, acousticness, danceability, energy, instrumentalness, key, liveness, loudness, mode,
         speechiness, tempo, time_signature, valence FROM tracks WHERE id = ANY($1::text[])`,
      [[...new Set(ids)]],
    );
    // real columns carry float noise; three decimals are what the generator produced.
    const r = (value: number): number => Number(value.toFixed(3));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          trackId: row.id,
          durationMs: row.duration_ms,
          acousticness: r(row.acousticness),
          danceability: r(row.danceability),
          energy: r(row.energy),
          instrumentalness: r(row.instrumentalness),
          key: row.key,
          liveness: r(row.liveness),
          loudness: r(row.loudness),
          mode: row.mode,
          speechiness: r(row.speechiness),
          tempo: r(row.tempo),
          timeSignature: row.time_signature,
          valence: r(row.valence),
        },
      ]),
    );
  }

  async albumTracks(albumId: string, page: PageRequest): Promise<PageOf<TrackRecord>> {
    const { rows } = await this.db.query<TrackRow & Record<string, unknown>>(
      `SELECT ${trackColumns}, count(*) OVER () AS total FROM tracks t WHERE t.album_id = $1
       ORDER BY t.disc_number, t.track_number LIMIT $2 OFFSET $3`,
      [albumId, page.limit, page.offset],
    );
    const total =
      rows[0]?.total ?? (await this.count('SELECT count(*) AS n FROM tracks WHERE album_id = $1', [albumId]));
    return { items: await this.withAlbums(rows), total };
  }

  async artistAlbums(
    artistId: string,
    groups: readonly ArtistAlbumRecord['albumGroup'][],
    page: PageRequest,
  ): Promise<PageOf<ArtistAlbumRecord>> {
    // The main artist's albums are grouped by type; a credit further down is "appears on".
    const grouped = `SELECT a.id, CASE WHEN aa.position = 0 THEN a.album_type ELSE 'appears_on' END AS album_group
                     FROM album_artists aa JOIN albums a ON a.id = aa.album_id WHERE aa.artist_id = $1`;
    const { rows } = await this.db.query<AlbumRow & Record<string, unknown>>(
      `SELECT ${albumColumns}, g.album_group, count(*) OVER () AS total
       FROM (${grouped}) g JOIN albums a ON a.id = g.id
       WHERE g.album_group = ANY($2::text[])
       ORDER BY array_position($2::text[], g.album_group), a.release_date DESC, a.id
       LIMIT $3 OFFSET $4`,
      [artistId, groups, page.limit, page.offset],
    );
    const total =
      rows[0]?.total ??
      (await this.count(`SELECT count(*) AS n FROM (${grouped}) g WHERE g.album_group = ANY($2::text[])`, [
        artistId,
        groups,
      ]));
    return {
      items: rows.map((row) => ({ ...albumRecord(row), albumGroup: row.album_group ?? 'album' })),
      total,
    };
  }

  async artistTopTracks(artistId: string): Promise<TrackRecord[]> {
    const { rows } = await this.db.query<TrackRow & Record<string, unknown>>(
      `SELECT ${trackColumns} FROM tracks t
       WHERE t.id IN (SELECT track_id FROM track_artists WHERE artist_id = $1)
       ORDER BY t.popularity DESC, t.id LIMIT 10`,
      [artistId],
    );
    return this.withAlbums(rows);
  }

  async relatedArtists(artistId: string): Promise<ArtistRecord[]> {
    const { rows } = await this.db.query<ArtistRecord & Record<string, unknown>>(
      `SELECT o.id, o.name, o.genres, o.popularity, o.followers
       FROM artists a JOIN artists o ON o.genres && a.genres AND o.id <> a.id
       WHERE a.id = $1
       ORDER BY cardinality(ARRAY(SELECT unnest(o.genres) INTERSECT SELECT unnest(a.genres))) DESC, o.popularity DESC, o.id
       LIMIT 20`,
      [artistId],
    );
    return rows.map((row) => ({ ...row }));
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(sql, params);
    return rows[0]?.n ?? 0;
  }
}
