import type { AlbumRecord, ArtistRecord, AudioFeaturesRecord, TrackRecord } from '../http/objects';

/** An album as listed under an artist: its relation to that artist. */
export interface ArtistAlbumRecord extends AlbumRecord {
  albumGroup: 'album' | 'single' | 'compilation' | 'appears_on';
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface PageOf<T> {
  items: T[];
  total: number;
}

/**
 * Read access to the catalog, as the music v1 routes need it. Multi-gets answer a Map by id
 * (an unknown id is simply absent); lists answer one page and the total.
 */
export interface CatalogStore {
  tracks(ids: readonly string[]): Promise<Map<string, TrackRecord>>;
  albums(ids: readonly string[]): Promise<Map<string, AlbumRecord>>;
  artists(ids: readonly string[]): Promise<Map<string, ArtistRecord>>;
  audioFeatures(ids: readonly string[]): Promise<Map<string, AudioFeaturesRecord>>;
  /** An album's tracks by disc and track number. */
  albumTracks(albumId: string, page: PageRequest): Promise<PageOf<TrackRecord>>;
  /** An artist's albums of the given groups, newest first. */
  artistAlbums(
    artistId: string,
    groups: readonly ArtistAlbumRecord['albumGroup'][],
    page: PageRequest,
  ): Promise<PageOf<ArtistAlbumRecord>>;
  /** The artist's ten most popular tracks. */
  artistTopTracks(artistId: string): Promise<TrackRecord[]>;
  /**
   * The ids of albums and singles (no compilations) released by `today` (`YYYY-MM-DD`), newest
   * first, then by id.
   */
  newReleases(today: string, page: PageRequest): Promise<PageOf<string>>;
  /** Up to twenty artists that share the most genres with the artist. */
  relatedArtists(artistId: string): Promise<ArtistRecord[]>;
  /** Reads ahead of requests what the store keeps in memory once it holds the whole catalog. */
  warm?(): Promise<void>;
  /** Every track and album id, when the store holds the whole catalog in memory; null otherwise. */
  ids?(): Promise<{ tracks: string[]; albums: string[] } | null>;
}
