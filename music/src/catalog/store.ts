import type * as CatalogRows from '../db/rows';
import type { Queryable } from '../db/types';
import type { ArtistAlbumRecord, CatalogStore, PageOf, PageRequest } from './reads';
import type { AlbumRecord, ArtistRecord, ArtistRef, AudioFeaturesRecord, TrackRecord } from '../http/objects';

/** An album as the catalog reads it: its row, with its credited artists. */
type AlbumRow = Omit<
  Pick<
    CatalogRows.AlbumRow,
    | 'id'
    | 'name'
    | 'album_type'
    | 'total_tracks'
    | 'release_date'
    | 'release_date_precision'
    | 'label'
    | 'popularity'
    | 'upc'
    | 'copyrights'
  >,
  'album_type' | 'release_date_precision'
> & {
  // The table's checks hold these to the record's values.
  album_type: AlbumRecord['albumType'];
  release_date_precision: AlbumRecord['releaseDatePrecision'];
  artists: ArtistRef[];
  total?: number;
  album_group?: ArtistAlbumRecord['albumGroup'];
};

type TrackRow = Pick<
  CatalogRows.TrackRow,
  'id' | 'album_id' | 'name' | 'disc_number' | 'track_number' | 'duration_ms' | 'explicit' | 'popularity' | 'isrc'
> & {
  /** The credited artists in order; their names come from the artist records. */
  artist_ids: string[];
  total?: number;
};

type ArtistRow = Pick<CatalogRows.ArtistRow, 'id' | 'name' | 'genres' | 'popularity' | 'followers'>;

type FeaturesRow = Pick<
  CatalogRows.TrackRow,
  | 'id'
  | 'duration_ms'
  | 'acousticness'
  | 'danceability'
  | 'energy'
  | 'instrumentalness'
  | 'key'
  | 'liveness'
  | 'loudness'
  | 'mode'
  | 'speechiness'
  | 'tempo'
  | 'time_signature'
  | 'valence'
>;

const albumColumns = `a.id, a.name, a.album_type, a.total_tracks, a.release_date, a.release_date_precision, a.label,
  a.popularity, a.upc, a.copyrights,
  (SELECT json_agg(json_build_object('id', ar.id, 'name', ar.name) ORDER BY aa.position)
     FROM album_artists aa JOIN artists ar ON ar.id = aa.artist_id WHERE aa.album_id = a.id) AS artists`;

// Artist ids only: building JSON per row costs PostgreSQL more than the names cost from memory.
const trackColumns = `t.id, t.album_id, t.name, t.disc_number, t.track_number, t.duration_ms, t.explicit, t.popularity, t.isrc,
  ARRAY(SELECT ta.artist_id FROM track_artists ta WHERE ta.track_id = t.id ORDER BY ta.position) AS artist_ids`;

const artistColumns = 'id, name, genres, popularity, followers';

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
 * once is served from memory after (the oldest entries go first past the bound). Safe to keep
 * for the life of the process for that reason.
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

  ids(): string[] {
    return [...this.entries.keys()];
  }

  values(): IterableIterator<T> {
    return this.entries.values();
  }
}

/** An album of an artist's, and its relation to that artist. */
interface ArtistAlbumRef {
  album: AlbumRecord;
  group: ArtistAlbumRecord['albumGroup'];
}

/**
 * The catalog's lists, from memory: built once the whole catalog is, for the life of the store
 * (a seeded catalog never changes). What the database orders by text (release dates, ids), it
 * ordered here too, in one statement each, so that its collation decides as it does per request.
 */
interface CatalogLists {
  /** Each album's tracks by disc and track number. */
  albumTracks: Map<string, TrackRecord[]>;
  /** Each artist's albums, newest first, then by id: the order within every group. */
  artistAlbums: Map<string, ArtistAlbumRef[]>;
  /** Each artist's ten most popular tracks, then by id. */
  topTracks: Map<string, TrackRecord[]>;
}

function pageOf<T>(list: readonly T[], page: PageRequest): PageOf<T> {
  return { items: list.slice(page.offset, page.offset + page.limit), total: list.length };
}

/** The catalog in PostgreSQL (embedded or a server), read for the music v1 routes. */
export class SqlCatalogStore implements CatalogStore {
  private readonly albumCache: RecordCache<AlbumRecord>;
  private readonly trackCache: RecordCache<TrackRecord>;
  private readonly artistCache: RecordCache<ArtistRecord>;
  /** The reading of the whole catalog under way (or over); undefined before, or after a failure. */
  private loadingAll: Promise<void> | undefined;
  /** Whether that reading ended, with the catalog in memory or found too large for it. */
  private loadedAll = false;
  /** Whether the whole catalog is in memory. */
  private whole = false;
  /** The lists of a catalog that is in memory whole, once read (undefined before, or after a failure). */
  private lists: Promise<CatalogLists | null> | undefined;
  /** The new releases of one day, all of them in order, once read (a catalog in memory whole only). */
  private released: { today: string; ids: Promise<string[]> } | undefined;

  /**
   * `cacheSize` bounds each kind of record kept. A catalog that fits is read whole at the
   * first miss (a few big queries rather than one per request); a larger one id by id.
   */
  constructor(
    private readonly db: Queryable,
    private readonly cacheSize = 50_000,
  ) {
    this.albumCache = new RecordCache(cacheSize);
    this.trackCache = new RecordCache(cacheSize);
    this.artistCache = new RecordCache(cacheSize);
  }

  /**
   * Reads the whole catalog into the caches when every kind fits, once. A failure is not
   * kept: the reads by id go on and report it, and a later miss tries again.
   */
  private loadAll(): Promise<void> {
    this.loadingAll ??= this.readAll().catch(() => {
      this.loadingAll = undefined;
    });
    return this.loadingAll;
  }

  private async readAll(): Promise<void> {
    const { rows } = await this.db.query<{ tracks: number; albums: number; artists: number }>(
      `SELECT (SELECT count(*) FROM tracks) AS tracks, (SELECT count(*) FROM albums) AS albums,
              (SELECT count(*) FROM artists) AS artists`,
    );
    const counts = rows[0];
    if (!counts || Math.max(counts.tracks, counts.albums, counts.artists) > this.cacheSize) {
      this.loadedAll = true;
      return;
    }
    const artists = await this.db.query<ArtistRow>(`SELECT ${artistColumns} FROM artists`);
    for (const row of artists.rows) this.artistCache.add(row.id, { ...row });
    const albums = await this.db.query<AlbumRow>(`SELECT ${albumColumns} FROM albums a`);
    for (const row of albums.rows) this.albumCache.add(row.id, albumRecord(row));
    const tracks = await this.db.query<TrackRow>(`SELECT ${trackColumns} FROM tracks t`);
    for (const track of await this.trackRecords(tracks.rows, true)) this.trackCache.add(track.id, track);
    this.whole = true;
    this.loadedAll = true;
  }

  /**
   * Every track and album id when the whole catalog fits in memory (it is read now if it was
   * not yet); null for a catalog too large for that.
   */
  async ids(): Promise<{ tracks: string[]; albums: string[] } | null> {
    if (!this.loadedAll) await this.loadAll();
    return this.whole ? { tracks: this.trackCache.ids(), albums: this.albumCache.ids() } : null;
  }

  albums(ids: readonly string[]): Promise<Map<string, AlbumRecord>> {
    return this.readAlbums(ids, false);
  }

  /** `whileLoading`: called by the reading of the whole catalog, which must not wait for itself. */
  private async readAlbums(ids: readonly string[], whileLoading: boolean): Promise<Map<string, AlbumRecord>> {
    let { found, missing } = this.albumCache.split(ids);
    if (missing.length === 0) return found;
    if (!this.loadedAll && !whileLoading) {
      await this.loadAll();
      ({ found, missing } = this.albumCache.split(ids));
      if (missing.length === 0) return found;
    }
    const { rows } = await this.db.query<AlbumRow>(
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

  /** Track records from rows: their albums and artists' names from the caches (read if missing). */
  private async trackRecords(rows: TrackRow[], whileLoading = false): Promise<TrackRecord[]> {
    const albums = await this.readAlbums([...new Set(rows.map((row) => row.album_id))], whileLoading);
    const artists = await this.readArtists([...new Set(rows.flatMap((row) => row.artist_ids))], whileLoading);
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
        artists: row.artist_ids.map((id): ArtistRef => {
          const artist = artists.get(id);
          if (!artist) throw new Error(`Track ${row.id} credits an unknown artist ${id}.`);
          return { id, name: artist.name };
        }),
        album,
      };
    });
  }

  async tracks(ids: readonly string[]): Promise<Map<string, TrackRecord>> {
    let { found, missing } = this.trackCache.split(ids);
    if (missing.length === 0) return found;
    if (!this.loadedAll) {
      await this.loadAll();
      ({ found, missing } = this.trackCache.split(ids));
      if (missing.length === 0) return found;
    }
    const { rows } = await this.db.query<TrackRow>(
      `SELECT ${trackColumns} FROM tracks t WHERE t.id = ANY($1::text[])`,
      [missing],
    );
    for (const track of await this.trackRecords(rows)) {
      this.trackCache.add(track.id, track);
      found.set(track.id, track);
    }
    return found;
  }

  artists(ids: readonly string[]): Promise<Map<string, ArtistRecord>> {
    return this.readArtists(ids, false);
  }

  private async readArtists(ids: readonly string[], whileLoading: boolean): Promise<Map<string, ArtistRecord>> {
    let { found, missing } = this.artistCache.split(ids);
    if (missing.length === 0) return found;
    if (!this.loadedAll && !whileLoading) {
      await this.loadAll();
      ({ found, missing } = this.artistCache.split(ids));
      if (missing.length === 0) return found;
    }
    const { rows } = await this.db.query<ArtistRow>(`SELECT ${artistColumns} FROM artists WHERE id = ANY($1::text[])`, [
      missing,
    ]);
    for (const row of rows) {
      const artist = { ...row };
      this.artistCache.add(artist.id, artist);
      found.set(artist.id, artist);
    }
    return found;
  }

  async audioFeatures(ids: readonly string[]): Promise<Map<string, AudioFeaturesRecord>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<FeaturesRow>(
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

  /**
   * The catalog's lists when the whole catalog is in memory: read at the first call (a few
   * statements over the whole catalog), then from memory; null for a catalog too large for it.
   */
  private memoryLists(): Promise<CatalogLists | null> {
    this.lists ??= this.readLists().catch((error: unknown) => {
      this.lists = undefined;
      throw error;
    });
    return this.lists;
  }

  private async readLists(): Promise<CatalogLists | null> {
    if (!this.loadedAll) await this.loadAll();
    if (!this.whole) return null;
    const albumTracks = new Map<string, TrackRecord[]>();
    for (const track of this.trackCache.values()) {
      const list = albumTracks.get(track.album.id);
      if (list) list.push(track);
      else albumTracks.set(track.album.id, [track]);
    }
    // (album, disc, track number) is unique: the order is the database's, whatever its collation.
    for (const list of albumTracks.values()) {
      list.sort((a, b) => a.discNumber - b.discNumber || a.trackNumber - b.trackNumber);
    }

    const credits = await this.db.query<
      Pick<CatalogRows.AlbumArtistRow, 'artist_id'> &
        Pick<CatalogRows.AlbumRow, 'id'> & { album_group: ArtistAlbumRecord['albumGroup'] }
    >(
      `SELECT aa.artist_id, a.id, CASE WHEN aa.position = 0 THEN a.album_type ELSE 'appears_on' END AS album_group
       FROM album_artists aa JOIN albums a ON a.id = aa.album_id ORDER BY a.release_date DESC, a.id`,
    );
    const artistAlbums = new Map<string, ArtistAlbumRef[]>();
    for (const row of credits.rows) {
      const album = this.albumCache.split([row.id]).found.get(row.id);
      if (!album) continue;
      const list = artistAlbums.get(row.artist_id);
      const ref = { album, group: row.album_group };
      if (list) list.push(ref);
      else artistAlbums.set(row.artist_id, [ref]);
    }

    const ranked = await this.db.query<
      Pick<CatalogRows.TrackArtistRow, 'artist_id'> & Pick<CatalogRows.TrackRow, 'id'>
    >(
      `SELECT artist_id, id FROM (
         SELECT ta.artist_id, t.id,
                row_number() OVER (PARTITION BY ta.artist_id ORDER BY t.popularity DESC, t.id) AS n
         FROM (SELECT DISTINCT artist_id, track_id FROM track_artists) ta JOIN tracks t ON t.id = ta.track_id
       ) ranked WHERE n <= 10 ORDER BY artist_id, n`,
    );
    const topTracks = new Map<string, TrackRecord[]>();
    for (const row of ranked.rows) {
      const track = this.trackCache.split([row.id]).found.get(row.id);
      if (!track) continue;
      const list = topTracks.get(row.artist_id);
      if (list) list.push(track);
      else topTracks.set(row.artist_id, [track]);
    }
    return { albumTracks, artistAlbums, topTracks };
  }

  /** Reads the catalog's lists now, when the whole catalog fits in memory (it is read too if it was not yet). */
  async warm(): Promise<void> {
    await this.memoryLists();
  }

  async albumTracks(albumId: string, page: PageRequest): Promise<PageOf<TrackRecord>> {
    const lists = await this.memoryLists();
    if (lists) return pageOf(lists.albumTracks.get(albumId) ?? [], page);
    const { rows } = await this.db.query<TrackRow>(
      `SELECT ${trackColumns}, count(*) OVER () AS total FROM tracks t WHERE t.album_id = $1
       ORDER BY t.disc_number, t.track_number LIMIT $2 OFFSET $3`,
      [albumId, page.limit, page.offset],
    );
    const total =
      rows[0]?.total ?? (await this.count('SELECT count(*) AS n FROM tracks WHERE album_id = $1', [albumId]));
    return { items: await this.trackRecords(rows), total };
  }

  async artistAlbums(
    artistId: string,
    groups: readonly ArtistAlbumRecord['albumGroup'][],
    page: PageRequest,
  ): Promise<PageOf<ArtistAlbumRecord>> {
    const lists = await this.memoryLists();
    if (lists) {
      const credited = (lists.artistAlbums.get(artistId) ?? []).filter((ref) => groups.includes(ref.group));
      // Stable: within a group, the database's order of release date and id stays.
      credited.sort((a, b) => groups.indexOf(a.group) - groups.indexOf(b.group));
      const found = pageOf(credited, page);
      return { items: found.items.map((ref) => ({ ...ref.album, albumGroup: ref.group })), total: found.total };
    }
    // The main artist's albums are grouped by type; a credit further down is "appears on".
    const grouped = `SELECT a.id, CASE WHEN aa.position = 0 THEN a.album_type ELSE 'appears_on' END AS album_group
                     FROM album_artists aa JOIN albums a ON a.id = aa.album_id WHERE aa.artist_id = $1`;
    const { rows } = await this.db.query<AlbumRow>(
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
    const lists = await this.memoryLists();
    if (lists) return [...(lists.topTracks.get(artistId) ?? [])];
    const { rows } = await this.db.query<TrackRow>(
      `SELECT ${trackColumns} FROM tracks t
       WHERE t.id IN (SELECT track_id FROM track_artists WHERE artist_id = $1)
       ORDER BY t.popularity DESC, t.id LIMIT 10`,
      [artistId],
    );
    return this.trackRecords(rows);
  }

  /**
   * Albums and singles (no compilations) out by `today` (a `YYYY-MM-DD` compared with the
   * release dates as text), newest first, then by id. With the whole catalog in memory, each
   * day's list is read once and paged from memory.
   */
  async newReleases(today: string, page: PageRequest): Promise<PageOf<string>> {
    const released = "album_type <> 'compilation' AND release_date <= $1";
    if ((await this.memoryLists()) !== null) {
      if (this.released?.today !== today) {
        const ids = this.db
          .query<Pick<CatalogRows.AlbumRow, 'id'>>(
            `SELECT id FROM albums WHERE ${released} ORDER BY release_date DESC, id`,
            [today],
          )
          .then(({ rows }) => rows.map((row) => row.id));
        this.released = { today, ids };
        // A failed reading is not kept: the next request reads again.
        ids.catch(() => {
          if (this.released?.ids === ids) this.released = undefined;
        });
      }
      return pageOf(await this.released.ids, page);
    }
    const { rows } = await this.db.query<Pick<CatalogRows.AlbumRow, 'id'> & { total: number }>(
      `SELECT id, count(*) OVER () AS total FROM albums WHERE ${released}
       ORDER BY release_date DESC, id LIMIT $2 OFFSET $3`,
      [today, page.limit, page.offset],
    );
    const total = rows[0]?.total ?? (await this.count(`SELECT count(*) AS n FROM albums WHERE ${released}`, [today]));
    return { items: rows.map((row) => row.id), total };
  }

  async relatedArtists(artistId: string): Promise<ArtistRecord[]> {
    const { rows } = await this.db.query<ArtistRow>(
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
