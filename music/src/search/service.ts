import type { PlaylistTableRow, TrackRow } from '../db/rows';
import type { Queryable } from '../db/types';
import {
  albumQuery,
  artistQuery,
  buildCatalogIndex,
  namedIndexOf,
  namedQuery,
  ordinalOf,
  readCatalog,
  trackQuery,
  understands,
  type CatalogIndex,
  type NamedIndex,
  type SearchType,
} from './catalog';
import { isEmptyQuery, type ParsedQuery } from './query';

/** One page of search results: ids, best first, and how many matched in all. */
export interface SearchPage {
  ids: string[];
  total: number;
}

/** How long a check that the catalog is still the one indexed holds. */
const recheckMs = 5_000;
/** Ranked results kept for repeated queries and paging. */
const resultCacheSize = 500;
/**
 * The deepest a page of search results reaches (offset 1000, limit 50): only that many of the
 * best matches are ranked and kept, however many match (they are all counted).
 */
const deepestResult = 1050;

/** A ranked result: the best ordinals, and how many matched in all. */
interface Ranked {
  ordinals: Int32Array;
  total: number;
}

/** A public playlist: its name, its owner's name as `other`, and its followers other than the owner. */
type PlaylistRow = Pick<PlaylistTableRow, 'id' | 'name'> & { other: string; followers: number };

/**
 * Search over one database. The catalog's indexes are built on the first search and kept while
 * the catalog stays the one seeded; playlists, which people create and rename, are read at
 * every playlist search and indexed again only when they changed.
 */
export class CatalogSearch {
  private index: Promise<CatalogIndex> | undefined;
  private indexedSeed: string | undefined;
  private checkedAt = 0;
  private readonly results = new Map<string, Ranked>();
  private playlists: { fingerprint: string; index: NamedIndex } | undefined;

  constructor(private readonly db: Queryable) {}

  /** The catalog's indexes, built when first needed or after the catalog was seeded again. */
  async catalog(): Promise<CatalogIndex> {
    const now = Date.now();
    if (this.index && now - this.checkedAt < recheckMs) return this.index;
    const { rows } = await this.db.query<{ seed: string }>(
      "SELECT seed || ':' || seeded_at::text AS seed FROM catalog_meta",
    );
    const seed = rows[0]?.seed ?? '';
    this.checkedAt = now;
    if (!this.index || seed !== this.indexedSeed) {
      this.indexedSeed = seed;
      this.results.clear();
      const building = readCatalog(this.db).then(buildCatalogIndex);
      this.index = building;
      // A failed build is retried by the next search.
      building.catch(() => {
        if (this.index === building) this.index = undefined;
      });
      // An empty database may be seeded soon: check again at the next search.
      if (seed === '') this.checkedAt = 0;
    }
    return this.index;
  }

  async search(type: SearchType, query: ParsedQuery, key: string, page: { limit: number; offset: number }) {
    if (type === 'audiobook' || isEmptyQuery(query) || !understands(type, query)) return { ids: [], total: 0 };
    if (type === 'playlist') return this.searchPlaylists(query, page);
    const catalog = await this.catalog();
    const cacheKey = `${type}\u0000${key}`;
    let ranked = this.results.get(cacheKey);
    if (ranked) {
      // Most recently used last.
      this.results.delete(cacheKey);
      this.results.set(cacheKey, ranked);
    } else {
      ranked = await this.rank(catalog, type, query, deepestResult);
      this.results.set(cacheKey, ranked);
      if (this.results.size > resultCacheSize) {
        const oldest = this.results.keys().next();
        if (!oldest.done) this.results.delete(oldest.value);
      }
    }
    const deepest = page.offset + page.limit;
    // A page deeper than the results kept (callers beyond the API's own bounds) is ranked for itself.
    if (deepest > ranked.ordinals.length && ranked.ordinals.length < ranked.total) {
      ranked = await this.rank(catalog, type, query, deepest);
    }
    const ids = this.idsOf(catalog, type);
    return pageOf(ranked, ids, page);
  }

  private idsOf(catalog: CatalogIndex, type: Exclude<SearchType, 'audiobook' | 'playlist'>): string[] {
    return {
      artist: catalog.artists.ids,
      album: catalog.albums.ids,
      track: catalog.tracks.ids,
      show: catalog.shows.ids,
      episode: catalog.episodes.ids,
    }[type];
  }

  private async rank(
    catalog: CatalogIndex,
    type: Exclude<SearchType, 'audiobook' | 'playlist'>,
    query: ParsedQuery,
    keep: number,
  ): Promise<Ranked> {
    switch (type) {
      case 'artist':
        return catalog.artists.text.search(artistQuery(catalog, query), keep);
      case 'album':
        return catalog.albums.text.search(albumQuery(catalog, query), keep);
      case 'track': {
        const isrc = query.isrc.length > 0 ? await this.isrcTracks(catalog, query.isrc) : undefined;
        return catalog.tracks.text.search(trackQuery(catalog, query, isrc), keep);
      }
      case 'show':
        return catalog.shows.text.search(namedQuery(query), keep);
      case 'episode':
        return catalog.episodes.text.search(namedQuery(query), keep);
    }
  }

  private async isrcTracks(catalog: CatalogIndex, codes: readonly string[]): Promise<Set<number>> {
    const { rows } = await this.db.query<Pick<TrackRow, 'id'>>('SELECT id FROM tracks WHERE isrc = ALL($1::text[])', [
      codes,
    ]);
    return new Set(rows.map((row) => ordinalOf(catalog.tracks.ids, row.id)).filter((ordinal) => ordinal >= 0));
  }

  /** Public playlists, editorial and people's own, as they are now. */
  private async searchPlaylists(query: ParsedQuery, page: { limit: number; offset: number }): Promise<SearchPage> {
    const { rows } = await this.db.query<PlaylistRow & Record<string, unknown>>(
      `SELECT p.id, p.name, coalesce(u.display_name, p.owner_id) AS other,
         (SELECT count(*) FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id <> p.owner_id) AS followers
       FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.public`,
    );
    const fingerprint = rows
      .map((row) => `${row.id}\u0001${row.name}\u0001${row.other}\u0001${row.followers}`)
      .sort()
      .join('\u0002');
    if (this.playlists?.fingerprint !== fingerprint) {
      const followers = new Map(rows.map((row) => [row.id, row.followers]));
      this.playlists = {
        fingerprint,
        index: namedIndexOf(rows, (row) => Math.min(255, followers.get(row.id) ?? 0)),
      };
    }
    const { index } = this.playlists;
    return pageOf(index.text.search(namedQuery(query), page.offset + page.limit), index.ids, page);
  }
}

function pageOf(ranked: Ranked, ids: readonly string[], page: { limit: number; offset: number }): SearchPage {
  const slice = ranked.ordinals.subarray(page.offset, page.offset + page.limit);
  return { ids: Array.from(slice, (ordinal) => ids[ordinal] ?? ''), total: ranked.total };
}

const searches = new WeakMap<Queryable, CatalogSearch>();

/** The search of database `db`, shared by every app over it. */
export function catalogSearch(db: Queryable): CatalogSearch {
  let search = searches.get(db);
  if (!search) {
    search = new CatalogSearch(db);
    searches.set(db, search);
  }
  return search;
}
