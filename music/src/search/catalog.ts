import type * as Rows from '../db/rows';
import type { Queryable } from '../db/types';
import { TextIndexBuilder, type TextIndex, type TextQuery } from './engine';
import type { ParsedQuery, YearRange } from './query';
import { words } from './text';

/**
 * The search indexes of the seeded catalog: artists, albums, tracks, shows and episodes. The
 * catalog never changes once seeded, so they are built once, from the database, and kept.
 * Ordinals follow the records' ids (code-unit order), so ties rank in id order everywhere.
 */

export interface ArtistsIndex {
  text: TextIndex;
  ids: string[];
  /** Normalised genre names per artist. */
  genres: string[][];
  /** Each artist's albums (ordinals in the albums index): `albums.slice(albumStart[a], albumStart[a + 1])`. */
  albumStart: Int32Array;
  albums: Int32Array;
}

export interface AlbumsIndex {
  text: TextIndex;
  ids: string[];
  year: Int16Array;
  /** 1 when released in the catalog's last two weeks, 2 when among the least popular tenth; both may be set. */
  tags: Uint8Array;
  upc: string[];
}

export interface TracksIndex {
  text: TextIndex;
  ids: string[];
  album: Int32Array;
  /** Each track's artists (ordinals in the artists index), as for an artist's albums. */
  artistStart: Int32Array;
  artists: Int32Array;
}

export interface NamedIndex {
  text: TextIndex;
  ids: string[];
}

export interface CatalogIndex {
  artists: ArtistsIndex;
  albums: AlbumsIndex;
  tracks: TracksIndex;
  shows: NamedIndex;
  episodes: NamedIndex;
}

export const tagNew = 1;
export const tagHipster = 2;

/** The text fields of each index, by number (the name is always 0). */
export const fields = {
  artists: { name: 0 },
  albums: { name: 0, artist: 1 },
  tracks: { name: 0, artist: 1, album: 2 },
} as const;

const byId = <T extends { id: string }>(a: T, b: T): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Ordinal of `id` in `ids` (sorted), or -1. */
export function ordinalOf(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] ?? '') < id) low = middle + 1;
    else high = middle;
  }
  return ids[low] === id ? low : -1;
}

/** Days since 1970 of a release date of any precision (a year is its first of January). */
export function releaseDay(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** A compact list of lists: the items of list `i` are `items.slice(start[i], start[i + 1])`. */
function lists(count: number, of: (index: number) => readonly number[]): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(count + 1);
  const items: number[] = [];
  for (let index = 0; index < count; index += 1) {
    items.push(...of(index));
    start[index + 1] = items.length;
  }
  return { start, items: Int32Array.from(items) };
}

type ArtistRow = Pick<Rows.ArtistRow, 'id' | 'name' | 'genres' | 'popularity'>;

/** Credited artists in order; null when there are none. */
interface ArtistIds {
  artist_ids: string[] | null;
}

type AlbumRow = Pick<Rows.AlbumRow, 'id' | 'name' | 'release_date' | 'popularity' | 'upc'> & ArtistIds;

type TrackRow = Pick<Rows.TrackRow, 'id' | 'name' | 'popularity' | 'album_id'> & ArtistIds;

/** A show or an episode: its name, and its publisher or its show's name as `other`. */
type NamedRow = Pick<Rows.ShowRow | Rows.EpisodeRow, 'id' | 'name'> & { other: string };

/** Tracks are read in pages, so that a large catalog never comes back as one result. */
const trackPage = 50_000;

export interface CatalogInput {
  artists: ArtistRow[];
  albums: AlbumRow[];
  tracks: TrackRow[];
  shows: NamedRow[];
  episodes: NamedRow[];
}

/** Reads what the indexes need from the database. */
export async function readCatalog(db: Queryable): Promise<CatalogInput> {
  const artists = (
    await db.query<ArtistRow & Record<string, unknown>>('SELECT id, name, genres, popularity FROM artists')
  ).rows;
  const albums = (
    await db.query<AlbumRow & Record<string, unknown>>(
      `SELECT a.id, a.name, a.release_date, a.popularity, a.upc,
         (SELECT array_agg(aa.artist_id ORDER BY aa.position) FROM album_artists aa WHERE aa.album_id = a.id) AS artist_ids
       FROM albums a`,
    )
  ).rows;
  const tracks: TrackRow[] = [];
  let after = '';
  for (;;) {
    const { rows } = await db.query<TrackRow & Record<string, unknown>>(
      `SELECT t.id, t.name, t.popularity, t.album_id,
         (SELECT array_agg(ta.artist_id ORDER BY ta.position) FROM track_artists ta WHERE ta.track_id = t.id) AS artist_ids
       FROM tracks t WHERE t.id > $1 ORDER BY t.id LIMIT ${trackPage}`,
      [after],
    );
    tracks.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < trackPage) break;
    after = last.id;
  }
  const shows = (await db.query<NamedRow & Record<string, unknown>>('SELECT id, name, publisher AS other FROM shows'))
    .rows;
  const episodes = (
    await db.query<NamedRow & Record<string, unknown>>(
      'SELECT e.id, e.name, s.name AS other FROM episodes e JOIN shows s ON s.id = e.show_id',
    )
  ).rows;
  return { artists, albums, tracks, shows, episodes };
}

function namedIndex(rows: NamedRow[], popularity: (row: NamedRow) => number): NamedIndex {
  rows.sort(byId);
  const builder = new TextIndexBuilder(2);
  for (const row of rows) builder.add(popularity(row), [[row.name], [row.other]]);
  return { text: builder.build(), ids: rows.map((row) => row.id) };
}

/** Builds the indexes from the catalog's records. */
export function buildCatalogIndex(input: CatalogInput): CatalogIndex {
  const artistRows = [...input.artists].sort(byId);
  const albumRows = [...input.albums].sort(byId);
  const trackRows = [...input.tracks].sort(byId);
  const artistIds = artistRows.map((row) => row.id);
  const albumIds = albumRows.map((row) => row.id);
  const artistNames = new Map(artistRows.map((row) => [row.id, row.name]));
  const albumOrdinal = (id: string): number => ordinalOf(albumIds, id);
  const artistOrdinals = (ids: readonly string[] | null): number[] =>
    (ids ?? []).map((id) => ordinalOf(artistIds, id)).filter((ordinal) => ordinal >= 0);

  // Artists: by name only; their albums for `year:` and `album:`.
  const artistBuilder = new TextIndexBuilder(1);
  for (const row of artistRows) artistBuilder.add(row.popularity, [[row.name]]);
  const albumsByArtist: number[][] = artistRows.map(() => []);
  albumRows.forEach((row, ordinal) => {
    for (const artist of new Set(artistOrdinals(row.artist_ids))) albumsByArtist[artist]?.push(ordinal);
  });
  const artistAlbums = lists(artistRows.length, (index) => albumsByArtist[index] ?? []);

  // Albums: name and artists.
  const albumBuilder = new TextIndexBuilder(2);
  const year = new Int16Array(albumRows.length);
  const days = new Int32Array(albumRows.length);
  for (const [ordinal, row] of albumRows.entries()) {
    albumBuilder.add(row.popularity, [[row.name], (row.artist_ids ?? []).map((id) => artistNames.get(id) ?? '')]);
    year[ordinal] = Number(row.release_date.slice(0, 4));
    days[ordinal] = releaseDay(row.release_date);
  }
  const tags = new Uint8Array(albumRows.length);
  const newest = days.reduce((max, day) => Math.max(max, day), Number.NEGATIVE_INFINITY);
  days.forEach((day, ordinal) => {
    if (day >= newest - 14) tags[ordinal] = (tags[ordinal] ?? 0) | tagNew;
  });
  const byPopularity = albumRows.map((_, ordinal) => ordinal);
  byPopularity.sort((a, b) => (albumRows[a]?.popularity ?? 0) - (albumRows[b]?.popularity ?? 0) || a - b);
  for (const ordinal of byPopularity.slice(0, Math.ceil(albumRows.length / 10))) {
    tags[ordinal] = (tags[ordinal] ?? 0) | tagHipster;
  }

  // Tracks: name, artists and album.
  const trackBuilder = new TextIndexBuilder(3);
  const trackAlbum = new Int32Array(trackRows.length);
  for (const [ordinal, row] of trackRows.entries()) {
    const album = albumOrdinal(row.album_id);
    trackAlbum[ordinal] = album;
    trackBuilder.add(row.popularity, [
      [row.name],
      (row.artist_ids ?? []).map((id) => artistNames.get(id) ?? ''),
      [albumRows[album]?.name ?? ''],
    ]);
  }
  const trackArtists = lists(trackRows.length, (index) => artistOrdinals(trackRows[index]?.artist_ids ?? null));

  return {
    artists: {
      text: artistBuilder.build(),
      ids: artistIds,
      genres: artistRows.map((row) => row.genres.map((genre) => words(genre).join(' '))),
      albumStart: artistAlbums.start,
      albums: artistAlbums.items,
    },
    albums: { text: albumBuilder.build(), ids: albumIds, year, tags, upc: albumRows.map((row) => row.upc) },
    tracks: {
      text: trackBuilder.build(),
      ids: trackRows.map((row) => row.id),
      album: trackAlbum,
      artistStart: trackArtists.start,
      artists: trackArtists.items,
    },
    // Shows and episodes have no popularity: the newer ordinal order is as good as any.
    shows: namedIndex([...input.shows], () => 0),
    episodes: namedIndex([...input.episodes], () => 0),
  };
}

export type SearchType = 'track' | 'artist' | 'album' | 'playlist' | 'show' | 'episode' | 'audiobook';

const inRanges = (year: number, ranges: readonly YearRange[]): boolean =>
  ranges.every((range) => year >= range.from && year <= range.to);

/** Which filters each type understands; any other filter in the query leaves it with no results. */
const understood: Record<SearchType, ReadonlySet<keyof ParsedQuery>> = {
  artist: new Set(['artist', 'album', 'years', 'genres']),
  album: new Set(['artist', 'album', 'years', 'tags', 'upc']),
  track: new Set(['artist', 'album', 'track', 'years', 'genres', 'isrc']),
  playlist: new Set(),
  show: new Set(),
  episode: new Set(),
  audiobook: new Set(),
};

const filterKeys = ['artist', 'album', 'track', 'years', 'genres', 'tags', 'upc', 'isrc'] as const;

/** Whether `type` can answer `query` at all (it understands every filter the query has). */
export function understands(type: SearchType, query: ParsedQuery): boolean {
  return filterKeys.every((key) => query[key].length === 0 || understood[type].has(key));
}

/** The text query and record condition of `query` for artists. */
export function artistQuery(index: CatalogIndex, query: ParsedQuery): TextQuery {
  const { artists, albums } = index;
  let byAlbum: Set<number> | undefined;
  if (query.album.length > 0) {
    const found = albums.text.search({ words: [], fieldWords: [[fields.albums.name, query.album]] }).ordinals;
    const wanted = new Set(found);
    byAlbum = new Set();
    for (let artist = 0; artist < artists.ids.length; artist += 1) {
      const end = artists.albumStart[artist + 1] ?? 0;
      for (let at = artists.albumStart[artist] ?? 0; at < end; at += 1) {
        if (wanted.has(artists.albums[at] ?? -1)) {
          byAlbum.add(artist);
          break;
        }
      }
    }
  }
  const accept = (ordinal: number): boolean => {
    if (byAlbum && !byAlbum.has(ordinal)) return false;
    if (query.genres.length > 0) {
      const genres = artists.genres[ordinal] ?? [];
      if (!query.genres.every((genre) => genres.includes(genre))) return false;
    }
    if (query.years.length > 0) {
      const end = artists.albumStart[ordinal + 1] ?? 0;
      let any = false;
      for (let at = artists.albumStart[ordinal] ?? 0; at < end && !any; at += 1) {
        any = inRanges(albums.year[artists.albums[at] ?? 0] ?? 0, query.years);
      }
      if (!any) return false;
    }
    return true;
  };
  return {
    words: query.words,
    fieldWords: query.artist.length > 0 ? [[fields.artists.name, query.artist]] : [],
    accept: byAlbum || query.genres.length > 0 || query.years.length > 0 ? accept : undefined,
  };
}

export function albumQuery(index: CatalogIndex, query: ParsedQuery): TextQuery {
  const { albums } = index;
  const tagBits = query.tags.reduce((bits, tag) => bits | (tag === 'new' ? tagNew : tagHipster), 0);
  const filtered = query.years.length > 0 || tagBits !== 0 || query.upc.length > 0;
  return {
    words: query.words,
    fieldWords: [
      [fields.albums.name, query.album],
      [fields.albums.artist, query.artist],
    ],
    accept: filtered
      ? (ordinal) =>
          inRanges(albums.year[ordinal] ?? 0, query.years) &&
          ((albums.tags[ordinal] ?? 0) & tagBits) === tagBits &&
          query.upc.every((upc) => albums.upc[ordinal] === upc)
      : undefined,
  };
}

/** `isrc` holds the ordinals of the tracks with the query's ISRC codes (read from the database). */
export function trackQuery(index: CatalogIndex, query: ParsedQuery, isrc?: ReadonlySet<number>): TextQuery {
  const { tracks, albums, artists } = index;
  const filtered = query.years.length > 0 || query.genres.length > 0 || isrc !== undefined;
  return {
    words: query.words,
    fieldWords: [
      [fields.tracks.name, query.track],
      [fields.tracks.artist, query.artist],
      [fields.tracks.album, query.album],
    ],
    accept: filtered
      ? (ordinal) => {
          if (isrc && !isrc.has(ordinal)) return false;
          if (query.years.length > 0 && !inRanges(albums.year[tracks.album[ordinal] ?? 0] ?? 0, query.years)) {
            return false;
          }
          if (query.genres.length > 0) {
            const end = tracks.artistStart[ordinal + 1] ?? 0;
            const genres: string[] = [];
            for (let at = tracks.artistStart[ordinal] ?? 0; at < end; at += 1) {
              genres.push(...(artists.genres[tracks.artists[at] ?? 0] ?? []));
            }
            if (!query.genres.every((genre) => genres.includes(genre))) return false;
          }
          return true;
        }
      : undefined,
  };
}

/** Named records (shows, episodes, playlists) take words only. */
export function namedQuery(query: ParsedQuery): TextQuery {
  return { words: query.words };
}

export function namedIndexOf(rows: NamedRow[], popularity: (row: NamedRow) => number): NamedIndex {
  return namedIndex(rows, popularity);
}
