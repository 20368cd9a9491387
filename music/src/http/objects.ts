/**
 * Music v1 objects in Spotify's shapes, built from plain records. Every route answers through
 * these functions, so every answer has the same fields, URLs and images; the contract tests
 * check them against the published shapes.
 */

import { audioPath } from '../audio/paths';

export interface Image {
  url: string;
  height: number | null;
  width: number | null;
}

/** How the service names its own URLs. */
export interface Urls {
  /** The API's base, e.g. `http://127.0.0.1:4100/v1`. */
  api: string;
  /** The service's public base, e.g. `http://127.0.0.1:4100` (web pages, images, audio). */
  site: string;
}

export type ObjectType = 'track' | 'album' | 'artist' | 'playlist' | 'show' | 'episode' | 'user';

const imageSizes = [640, 300, 64] as const;

/** Spotify's three image sizes, served by the service's image route. */
export function images(urls: Urls, kind: ObjectType | 'category', id: string): Image[] {
  return imageSizes.map((size) => ({
    url: `${urls.site}/images/${kind}/${encodeURIComponent(id)}?size=${size}`,
    height: size,
    width: size,
  }));
}

const collection: Record<ObjectType, string> = {
  track: 'tracks',
  album: 'albums',
  artist: 'artists',
  playlist: 'playlists',
  show: 'shows',
  episode: 'episodes',
  user: 'users',
};

/** `href`, `uri` and `external_urls` of an object. */
export function identity(urls: Urls, type: ObjectType, id: string) {
  return {
    external_urls: { spotify: `${urls.site}/${type}/${encodeURIComponent(id)}` },
    href: `${urls.api}/${collection[type]}/${encodeURIComponent(id)}`,
    id,
    type,
    uri: `spotify:${type}:${id}`,
  };
}

export interface ArtistRecord {
  id: string;
  name: string;
  genres: string[];
  popularity: number;
  followers: number;
}

export interface ArtistRef {
  id: string;
  name: string;
}

export interface AlbumRecord {
  id: string;
  name: string;
  albumType: 'album' | 'single' | 'compilation';
  totalTracks: number;
  releaseDate: string;
  releaseDatePrecision: 'year' | 'month' | 'day';
  label: string;
  popularity: number;
  upc: string;
  copyrights: { text: string; type: 'C' | 'P' }[];
  genres: string[];
  artists: ArtistRef[];
}

export interface TrackRecord {
  id: string;
  name: string;
  durationMs: number;
  explicit: boolean;
  discNumber: number;
  trackNumber: number;
  popularity: number;
  isrc: string;
  artists: ArtistRef[];
  album: AlbumRecord;
}

export interface AudioFeaturesRecord {
  trackId: string;
  durationMs: number;
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
  timeSignature: number;
  valence: number;
}

export interface UserRecord {
  id: string;
  accountId: string;
  displayName: string | null;
  email: string | null;
  country: string;
  product: 'premium' | 'free';
  followers: number;
  explicitFilterEnabled: boolean;
  explicitFilterLocked: boolean;
}

/** A cover image an owner uploaded for a playlist. */
export interface PlaylistCover {
  /** Names this version of the cover (its URL changes with it). */
  digest: string;
  width: number;
  height: number;
}

export interface PlaylistRecord {
  id: string;
  name: string;
  description: string | null;
  public: boolean;
  collaborative: boolean;
  snapshotId: string;
  owner: { id: string; displayName: string | null };
  totalItems: number;
  followers: number;
  /** The uploaded cover, if any; otherwise the playlist has generated images. */
  cover?: PlaylistCover | null;
}

export interface ShowRecord {
  id: string;
  name: string;
  publisher: string;
  description: string;
  htmlDescription: string;
  explicit: boolean;
  languages: string[];
  mediaType: string;
  totalEpisodes: number;
  copyrights: { text: string; type: 'C' | 'P' }[];
}

export interface EpisodeRecord {
  id: string;
  name: string;
  description: string;
  htmlDescription: string;
  durationMs: number;
  explicit: boolean;
  language: string;
  releaseDate: string;
  releaseDatePrecision: 'year' | 'month' | 'day';
  show: ShowRecord;
  /** Present only when the caller may read playback positions. */
  resumePoint?: { fullyPlayed: boolean; resumePositionMs: number };
}

export interface CategoryRecord {
  id: string;
  name: string;
}

/** All markets the local catalog is available in (ISO 3166-1 alpha-2). */
export const markets = [
  'AD',
  'AR',
  'AT',
  'AU',
  'BE',
  'BR',
  'CA',
  'CH',
  'CL',
  'CO',
  'CZ',
  'DE',
  'DK',
  'ES',
  'FI',
  'FR',
  'GB',
  'IE',
  'IN',
  'IT',
  'JP',
  'MX',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'SE',
  'US',
  'ZA',
];

export function simplifiedArtist(urls: Urls, artist: ArtistRef) {
  return { ...identity(urls, 'artist', artist.id), name: artist.name };
}

export function artist(urls: Urls, record: ArtistRecord) {
  return {
    ...simplifiedArtist(urls, record),
    followers: { href: null, total: record.followers },
    genres: record.genres,
    images: images(urls, 'artist', record.id),
    popularity: record.popularity,
  };
}

export function simplifiedAlbum(urls: Urls, record: AlbumRecord) {
  return {
    album_type: record.albumType,
    total_tracks: record.totalTracks,
    available_markets: markets,
    ...identity(urls, 'album', record.id),
    images: images(urls, 'album', record.id),
    name: record.name,
    release_date: record.releaseDate,
    release_date_precision: record.releaseDatePrecision,
    artists: record.artists.map((ref) => simplifiedArtist(urls, ref)),
  };
}

/** A full album; `tracks` is the first page of its tracks. */
export function album<T>(urls: Urls, record: AlbumRecord, tracks: T) {
  return {
    ...simplifiedAlbum(urls, record),
    tracks,
    copyrights: record.copyrights,
    external_ids: { upc: record.upc },
    genres: record.genres,
    label: record.label,
    popularity: record.popularity,
  };
}

/** The 30-second excerpt every track has. */
export function previewUrl(urls: Urls, trackId: string): string {
  return `${urls.site}${audioPath('track', trackId, 'preview')}`;
}

export function simplifiedTrack(urls: Urls, record: Omit<TrackRecord, 'album' | 'popularity' | 'isrc'>) {
  return {
    artists: record.artists.map((ref) => simplifiedArtist(urls, ref)),
    available_markets: markets,
    disc_number: record.discNumber,
    duration_ms: record.durationMs,
    explicit: record.explicit,
    ...identity(urls, 'track', record.id),
    is_playable: true,
    name: record.name,
    preview_url: previewUrl(urls, record.id),
    track_number: record.trackNumber,
    is_local: false,
  };
}

export function track(urls: Urls, record: TrackRecord) {
  return {
    ...simplifiedTrack(urls, record),
    album: simplifiedAlbum(urls, record.album),
    external_ids: { isrc: record.isrc },
    popularity: record.popularity,
  };
}

export function audioFeatures(urls: Urls, record: AudioFeaturesRecord) {
  const id = record.trackId;
  return {
    acousticness: record.acousticness,
    analysis_url: `${urls.api}/audio-analysis/${id}`,
    danceability: record.danceability,
    duration_ms: record.durationMs,
    energy: record.energy,
    id,
    instrumentalness: record.instrumentalness,
    key: record.key,
    liveness: record.liveness,
    loudness: record.loudness,
    mode: record.mode,
    speechiness: record.speechiness,
    tempo: record.tempo,
    time_signature: record.timeSignature,
    track_href: `${urls.api}/tracks/${id}`,
    type: 'audio_features' as const,
    uri: `spotify:track:${id}`,
    valence: record.valence,
  };
}

export function publicUser(urls: Urls, record: Pick<UserRecord, 'id' | 'displayName' | 'followers'>) {
  return {
    display_name: record.displayName,
    ...identity(urls, 'user', record.id),
    followers: { href: null, total: record.followers },
    images: images(urls, 'user', record.id),
  };
}

/** `/me`. The e-mail only with `user-read-email`; country, product and filter only with `user-read-private`. */
export function privateUser(urls: Urls, record: UserRecord, scopes: ReadonlySet<string>) {
  return {
    account_id: record.accountId,
    ...(scopes.has('user-read-private') ? { country: record.country } : {}),
    display_name: record.displayName ?? record.id,
    ...(scopes.has('user-read-email') && record.email ? { email: record.email } : {}),
    ...(scopes.has('user-read-private')
      ? {
          explicit_content: {
            filter_enabled: record.explicitFilterEnabled,
            filter_locked: record.explicitFilterLocked,
          },
        }
      : {}),
    ...identity(urls, 'user', record.id),
    followers: { href: null, total: record.followers },
    images: images(urls, 'user', record.id),
    ...(scopes.has('user-read-private') ? { product: record.product } : {}),
  };
}

function playlistOwner(urls: Urls, owner: PlaylistRecord['owner']) {
  return { ...identity(urls, 'user', owner.id), display_name: owner.displayName };
}

export function playlistUser(urls: Urls, userId: string) {
  return identity(urls, 'user', userId);
}

/** Where an uploaded cover is served: the URL names its version, so it can be cached forever. */
export function coverPath(playlistId: string, digest: string): string {
  return `/images/uploads/playlist/${encodeURIComponent(playlistId)}/${digest}.jpg`;
}

/** A playlist's images: its uploaded cover, as Spotify answers one, or the generated ones. */
export function playlistImages(urls: Urls, record: Pick<PlaylistRecord, 'id' | 'cover'>): Image[] {
  if (!record.cover) return images(urls, 'playlist', record.id);
  const { digest, width, height } = record.cover;
  return [{ url: `${urls.site}${coverPath(record.id, digest)}`, height, width }];
}

export function simplifiedPlaylist(urls: Urls, record: PlaylistRecord) {
  const base = identity(urls, 'playlist', record.id);
  const items = { href: `${base.href}/items`, total: record.totalItems };
  return {
    collaborative: record.collaborative,
    description: record.description,
    ...base,
    images: playlistImages(urls, record),
    name: record.name,
    owner: playlistOwner(urls, record.owner),
    public: record.public,
    snapshot_id: record.snapshotId,
    items,
    tracks: items,
  };
}

/** A full playlist; `items` is the first page of its items. */
export function playlist<T>(urls: Urls, record: PlaylistRecord, items: T) {
  return {
    ...simplifiedPlaylist(urls, record),
    items,
    tracks: items,
    followers: { href: null, total: record.followers },
  };
}

export function simplifiedShow(urls: Urls, record: ShowRecord) {
  return {
    available_markets: markets,
    copyrights: record.copyrights,
    description: record.description,
    html_description: record.htmlDescription,
    explicit: record.explicit,
    ...identity(urls, 'show', record.id),
    images: images(urls, 'show', record.id),
    is_externally_hosted: false,
    languages: record.languages,
    media_type: record.mediaType,
    name: record.name,
    publisher: record.publisher,
    total_episodes: record.totalEpisodes,
  };
}

export function show<T>(urls: Urls, record: ShowRecord, episodes: T) {
  return { ...simplifiedShow(urls, record), episodes };
}

export function simplifiedEpisode(urls: Urls, record: EpisodeRecord) {
  return {
    audio_preview_url: `${urls.site}${audioPath('episode', record.id, 'preview')}`,
    description: record.description,
    html_description: record.htmlDescription,
    duration_ms: record.durationMs,
    explicit: record.explicit,
    ...identity(urls, 'episode', record.id),
    images: images(urls, 'episode', record.id),
    is_externally_hosted: false,
    is_playable: true,
    language: record.language,
    languages: [record.language],
    name: record.name,
    release_date: record.releaseDate,
    release_date_precision: record.releaseDatePrecision,
    ...(record.resumePoint
      ? {
          resume_point: {
            fully_played: record.resumePoint.fullyPlayed,
            resume_position_ms: record.resumePoint.resumePositionMs,
          },
        }
      : {}),
  };
}

export function episode(urls: Urls, record: EpisodeRecord) {
  return { ...simplifiedEpisode(urls, record), show: simplifiedShow(urls, record.show) };
}

export function category(urls: Urls, record: CategoryRecord) {
  return {
    href: `${urls.api}/browse/categories/${record.id}`,
    icons: images(urls, 'category', record.id).slice(1, 2),
    id: record.id,
    name: record.name,
  };
}
