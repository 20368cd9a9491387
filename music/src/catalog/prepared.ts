import type { CatalogStore, PageOf } from './reads';
import * as objects from '../http/objects';
import { offsetPage } from '../http/paging';
import { PreparedJson } from '../http/prepared-json';
import { Bounded } from './bounded';

/** The first page of tracks a full album embeds (Spotify's: 50). */
const albumTracksPage = { limit: 50, offset: 0 };

/** A full album: its record and the first page of its tracks. */
interface FullAlbumRecord {
  album: objects.AlbumRecord;
  tracks: PageOf<objects.TrackRecord>;
}

/** A full album object, its first page of tracks embedded, as `GET /albums/{id}` answers it. */
export function fullAlbum(urls: objects.Urls, { album, tracks }: FullAlbumRecord) {
  return objects.album(
    urls,
    album,
    offsetPage(
      `${urls.api}/albums/${album.id}/tracks`,
      {},
      tracks.items.map((track) => objects.simplifiedTrack(urls, track)),
      albumTracksPage,
      tracks.total,
    ),
  );
}

/**
 * The catalog's objects as prepared JSON, by id: full tracks (the multi-get's, search's and
 * playlists' items), simplified albums (search's) and full albums with their first page of
 * tracks (the album endpoints' and saved albums'). Safe to keep for the life of the process:
 * a seeded catalog never changes, and each object depends only on its record and the
 * service's own URLs, fixed per app. Bounded, like the records they are built from; full
 * albums, ten times the size of a track, by a tenth of the bound, and only as they are asked for.
 */
export class PreparedCatalog {
  private readonly trackCache: Bounded<PreparedJson>;
  private readonly albumCache: Bounded<PreparedJson>;
  private readonly fullAlbumCache: Bounded<PreparedJson>;

  constructor(
    private readonly store: CatalogStore,
    private readonly urls: objects.Urls,
    private readonly max = 50_000,
  ) {
    this.trackCache = new Bounded(max);
    this.albumCache = new Bounded(max);
    this.fullAlbumCache = new Bounded(Math.max(1, Math.floor(max / 10)));
  }

  /** Full track objects; an unknown id is absent from the map. */
  tracks(ids: readonly string[]): Promise<Map<string, PreparedJson>> {
    return this.prepare(ids, this.trackCache, (missing) => this.store.tracks(missing), objects.track);
  }

  /** Simplified album objects; an unknown id is absent from the map. */
  simplifiedAlbums(ids: readonly string[]): Promise<Map<string, PreparedJson>> {
    return this.prepare(ids, this.albumCache, (missing) => this.store.albums(missing), objects.simplifiedAlbum);
  }

  /** Full album objects with their first page of tracks; an unknown id is absent from the map. */
  albums(ids: readonly string[]): Promise<Map<string, PreparedJson>> {
    return this.prepare(
      ids,
      this.fullAlbumCache,
      async (missing) => {
        const albums = await this.store.albums(missing);
        const pages = await Promise.all(
          [...albums.values()].map(async (album) => ({
            album,
            tracks: await this.store.albumTracks(album.id, albumTracksPage),
          })),
        );
        return new Map(pages.map((full) => [full.album.id, full]));
      },
      fullAlbum,
    );
  }

  /**
   * Prepares every track and album ahead of requests, when the store holds the whole catalog in
   * memory and it fits the bound: a slice at a time, letting requests in between, until done or
   * `signal` aborts. A larger catalog is prepared as it is asked for.
   */
  async warm(signal?: AbortSignal): Promise<void> {
    const ids = await this.store.ids?.();
    if (signal?.aborted) return;
    // The store's own lists first: the album and artist endpoints need them.
    await this.store.warm?.();
    if (!ids || ids.tracks.length > this.max || ids.albums.length > this.max) return;
    const slice = 200;
    for (const [list, prepare] of [
      [ids.tracks, (some: string[]) => this.tracks(some)],
      [ids.albums, (some: string[]) => this.simplifiedAlbums(some)],
    ] as const) {
      for (let from = 0; from < list.length; from += slice) {
        if (signal?.aborted) return;
        await prepare(list.slice(from, from + slice));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  /** How many objects are prepared now, of each kind (for tests and figures). */
  get sizes(): { tracks: number; albums: number } {
    return { tracks: this.trackCache.size, albums: this.albumCache.size };
  }

  private async prepare<R>(
    ids: readonly string[],
    cache: Bounded<PreparedJson>,
    read: (ids: readonly string[]) => Promise<Map<string, R>>,
    build: (urls: objects.Urls, record: R) => unknown,
  ): Promise<Map<string, PreparedJson>> {
    const found = new Map<string, PreparedJson>();
    let missing: string[] | undefined;
    for (const id of ids) {
      const prepared = cache.get(id);
      if (prepared !== undefined) found.set(id, prepared);
      else (missing ??= []).push(id);
    }
    if (missing === undefined) return found;
    for (const [id, record] of await read(missing)) {
      const prepared = new PreparedJson(build(this.urls, record));
      cache.set(id, prepared);
      found.set(id, prepared);
    }
    return found;
  }
}
