import type { components } from './__generated__/music-v1';

/**
 * The music v1 objects the api reads, under short names. Every property is optional in the
 * published shapes, and the api treats it so: what the upstream omits is null in GraphQL.
 */
type Schemas = components['schemas'];

export type V1Image = Schemas['ImageObject'];
export type V1SimplifiedArtist = Schemas['SimplifiedArtistObject'];
export type V1Artist = Schemas['ArtistObject'];
export type V1SimplifiedAlbum = Schemas['SimplifiedAlbumObject'];
export type V1Album = Schemas['AlbumObject'];
export type V1ArtistAlbum = Schemas['ArtistDiscographyAlbumObject'];
export type V1SimplifiedTrack = Schemas['SimplifiedTrackObject'];
export type V1Track = Schemas['TrackObject'];
export type V1AudioFeatures = Schemas['AudioFeaturesObject'];
export type V1SimplifiedShow = Schemas['SimplifiedShowObject'];
export type V1Show = Schemas['ShowObject'];
export type V1SimplifiedEpisode = Schemas['SimplifiedEpisodeObject'];
export type V1Episode = Schemas['EpisodeObject'];
export type V1Category = Schemas['CategoryObject'];
export type V1SimplifiedPlaylist = Schemas['SimplifiedPlaylistObject'];
export type V1Playlist = Schemas['PlaylistObject'];
export type V1PlaylistItem = Schemas['PlaylistTrackObject'];
export type V1PrivateUser = Schemas['PrivateUserObject'];
export type V1PublicUser = Schemas['PublicUserObject'];
export type V1SavedTrack = Schemas['SavedTrackObject'];
export type V1SavedAlbum = Schemas['SavedAlbumObject'];
export type V1SavedShow = Schemas['SavedShowObject'];
export type V1SavedEpisode = Schemas['SavedEpisodeObject'];
export type V1PlayHistory = Schemas['PlayHistoryObject'];
export type V1PlaybackState = Schemas['CurrentlyPlayingContextObject'];
/**
 * A device, with the local music service's extension: `registered_by_client` marks the devices clients
 * registered themselves (absent on Spotify).
 */
export type V1Device = {
  [K in keyof (Schemas['DeviceObject'] & LocalDevice)]: (Schemas['DeviceObject'] & LocalDevice)[K];
};
interface LocalDevice {
  registered_by_client?: boolean;
}
export type V1Queue = Schemas['QueueObject'];
export type V1Recommendations = Schemas['RecommendationsObject'];
export type V1ResumePoint = Schemas['ResumePointObject'];

/**
 * Spotify's offset paging object with the item type filled in, every part optional: what the api
 * reads of a page, whichever endpoint answered it (./upstream types each answer exactly).
 */
export type V1Page<T> = Partial<Schemas['PagingObject']> & { items?: T[] };

/** What a resolver of each GraphQL type holds: the full object, or the simplified one a list gave. */
export type TrackParent = V1Track | V1SimplifiedTrack;
export type AlbumParent = V1Album | V1SimplifiedAlbum | V1ArtistAlbum;
export type ArtistParent = V1Artist | V1SimplifiedArtist;
export type ShowParent = V1Show | V1SimplifiedShow;
export type EpisodeParent = V1Episode | V1SimplifiedEpisode;
export type PlaylistParent = V1Playlist | V1SimplifiedPlaylist;
export type UserParent = V1PublicUser | V1PrivateUser | Schemas['PlaylistUserObject'] | Schemas['PlaylistOwnerObject'];
