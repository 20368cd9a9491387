import type { GraphQLResolveInfo } from 'graphql';
import type { V1Image, TrackParent, AlbumParent, ArtistParent, V1AudioFeatures, ShowParent, EpisodeParent, V1Category, V1Recommendations, V1ResumePoint, PlaylistParent, UserParent, V1PrivateUser, V1PlaybackState, V1Device, V1Queue } from '../music/v1';
import type { RecommendationSeedParent } from '../modules/browse/parents';
import type { UpstreamParent } from '../modules/catalog/parents';
import type { PlayHistoryEdgeParent, LibraryChangeParent } from '../modules/me/parents';
import type { PlayerParent, PlaybackContextParent, RegisteredDeviceParent } from '../modules/player/parents';
import type { Context } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

/** The kind of subscription a listener has. */
export type AccountProduct =
  /** The free tier: the player cannot be controlled. */
  | 'free'
  /** An open account, treated like the free tier. */
  | 'open'
  /** A paid subscription: the player can be controlled. */
  | 'premium';

/** Items to add to a playlist. */
export type AddPlaylistItemsInput = {
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
  /** Where to insert them, counting from 0; at the end when left out. */
  position?: InputMaybe<Scalars['Int']['input']>;
  /** Track and episode URIs (`spotify:track:<id>`, `spotify:episode:<id>`), 1 to 100, in the order to add them. */
  uris: Array<Scalars['String']['input']>;
};

/** What `addPlaylistItems` changed. */
export type AddPlaylistItemsPayload = {
  __typename?: 'AddPlaylistItemsPayload';
  /** The playlist with its new `snapshotId`. */
  playlist: Maybe<Playlist>;
};

/** What to add to the queue. */
export type AddToQueueInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** A track or an episode URI. */
  uri: Scalars['String']['input'];
};

/** The player after the addition. */
export type AddToQueuePayload = {
  __typename?: 'AddToQueuePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** An album, a single or a compilation. */
export type Album = {
  __typename?: 'Album';
  /**
   * How it belongs to the discography of the artist it was listed under (`Artist.albums`); null elsewhere
   * and when the music service does not say (development mode).
   */
  albumGroup: Maybe<AlbumGroup>;
  /** Whether it is an album, a single or a compilation. */
  albumType: AlbumType;
  /** The artists it is credited to, main artist first. */
  artists: Array<Artist>;
  /** Its copyright notices: © for the composition, ℗ for the recording. Empty when it has none. */
  copyrights: Array<Copyright>;
  /** Its genres; null when the music service does not say (development mode). Often empty. */
  genres: Maybe<Array<Scalars['String']['output']>>;
  /** The album's id. */
  id: Scalars['ID']['output'];
  /** Its cover art in several sizes, largest first; empty when it has none. */
  images: Array<Image>;
  /** The record label; null when the music service does not say (development mode). */
  label: Maybe<Scalars['String']['output']>;
  /** The album's title. */
  name: Scalars['String']['output'];
  /** How popular it is now, from 0 to 100; null when the music service does not say (development mode). */
  popularity: Maybe<Scalars['Int']['output']>;
  /** When it came out: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as `releaseDatePrecision` says. */
  releaseDate: Scalars['String']['output'];
  /** How exact `releaseDate` is. */
  releaseDatePrecision: ReleaseDatePrecision;
  /** Whether the signed-in listener saved this album; null for an anonymous request. */
  saved: Maybe<Scalars['Boolean']['output']>;
  /** How many tracks it has. */
  totalTracks: Scalars['Int']['output'];
  /** Its tracks, in album order (disc by disc). `first`: default 20, from 1 to 50. */
  tracks: TrackConnection;
  /** The album's URI, `spotify:album:<id>`, to play it or save it. */
  uri: Scalars['String']['output'];
};


/** An album, a single or a compilation. */
export type AlbumTracksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of albums. */
export type AlbumConnection = {
  __typename?: 'AlbumConnection';
  /** The albums of this page, each with its cursor. */
  edges: Array<AlbumEdge>;
  /** The albums of this page. */
  nodes: Array<Album>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many albums the whole list holds. */
  totalCount: Scalars['Int']['output'];
};

/** One album of a list. */
export type AlbumEdge = {
  __typename?: 'AlbumEdge';
  /** Pass it as `after` to get the albums that follow this one. */
  cursor: Scalars['String']['output'];
  /** The album. */
  node: Album;
};

/** How an album belongs to an artist's discography. */
export type AlbumGroup =
  /** The artist's own full-length albums. */
  | 'album'
  /** Other artists' albums the artist appears on. */
  | 'appears_on'
  /** Compilations of the artist's tracks. */
  | 'compilation'
  /** The artist's singles and EPs. */
  | 'single';

/** Whether an album is a full album, a single or a compilation. */
export type AlbumType =
  /** A full-length album. */
  | 'album'
  /** A compilation of tracks released before. */
  | 'compilation'
  /** A single or an EP. */
  | 'single';

/** A person or a band who makes music. */
export type Artist = {
  __typename?: 'Artist';
  /**
   * Their albums, singles, compilations and the albums they appear on, newest first. `first`: default 5,
   * from 1 to 10 (the music service's maximum).
   */
  albums: AlbumConnection;
  /** How many people follow them; null when the music service does not say (development mode). */
  followersCount: Maybe<Scalars['Int']['output']>;
  /** Whether the signed-in listener follows this artist; null for an anonymous request. */
  following: Maybe<Scalars['Boolean']['output']>;
  /** The genres they are known for; null when the music service does not say (development mode). */
  genres: Maybe<Array<Scalars['String']['output']>>;
  /** The artist's id. */
  id: Scalars['ID']['output'];
  /** Their pictures in several sizes, largest first; empty when there are none. */
  images: Array<Image>;
  /** The artist's name. */
  name: Scalars['String']['output'];
  /** How popular they are now, from 0 to 100; null when the music service does not say (development mode). */
  popularity: Maybe<Scalars['Int']['output']>;
  /**
   * Artists whose listeners also listen to this one, at most 20. FEATURE_UNAVAILABLE with music services
   * without related artists (Spotify's development mode).
   */
  relatedArtists: Maybe<Array<Artist>>;
  /**
   * Their most popular tracks, at most 10. FEATURE_UNAVAILABLE with music services without top tracks
   * (Spotify's development mode).
   */
  topTracks: Maybe<Array<Track>>;
  /** The artist's URI, `spotify:artist:<id>`, to play their music or follow them. */
  uri: Scalars['String']['output'];
};


/** A person or a band who makes music. */
export type ArtistAlbumsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  groups?: InputMaybe<Array<AlbumGroup>>;
};

/** A page of artists. */
export type ArtistConnection = {
  __typename?: 'ArtistConnection';
  /** The artists of this page, each with its cursor. */
  edges: Array<ArtistEdge>;
  /** The artists of this page. */
  nodes: Array<Artist>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many artists the whole list holds. */
  totalCount: Scalars['Int']['output'];
};

/** One artist of a list. */
export type ArtistEdge = {
  __typename?: 'ArtistEdge';
  /** Pass it as `after` to get the artists that follow this one. */
  cursor: Scalars['String']['output'];
  /** The artist. */
  node: Artist;
};

/** What a track sounds like, as measured by the music service. */
export type AudioFeatures = {
  __typename?: 'AudioFeatures';
  /** How likely the track is acoustic, from 0.0 to 1.0. */
  acousticness: Scalars['Float']['output'];
  /** How suitable it is for dancing, from 0.0 to 1.0. */
  danceability: Scalars['Float']['output'];
  /** How long it plays, in milliseconds. */
  durationMs: Scalars['Int']['output'];
  /** How intense and active it feels, from 0.0 to 1.0. */
  energy: Scalars['Float']['output'];
  /** How likely it has no vocals, from 0.0 to 1.0. */
  instrumentalness: Scalars['Float']['output'];
  /** Its key as a pitch class (0 = C, 1 = C♯/D♭, … 11 = B); null when no key was detected. */
  key: Maybe<Scalars['Int']['output']>;
  /** How likely it was recorded live, from 0.0 to 1.0. */
  liveness: Scalars['Float']['output'];
  /** Its overall loudness in decibels, typically from -60 to 0. */
  loudness: Scalars['Float']['output'];
  /** Whether it is in a major or a minor key; null when the music service does not say. */
  mode: Maybe<Mode>;
  /** How much of it is spoken words, from 0.0 to 1.0. */
  speechiness: Scalars['Float']['output'];
  /** Its estimated tempo, in beats per minute. */
  tempo: Scalars['Float']['output'];
  /** Its estimated time signature: beats per bar, from 3 to 7. */
  timeSignature: Scalars['Int']['output'];
  /** How positive it sounds, from 0.0 (sad, angry) to 1.0 (happy, cheerful). */
  valence: Scalars['Float']['output'];
};

/** A browse category: a mood, a genre or a moment, with its playlists. */
export type Category = {
  __typename?: 'Category';
  /** Its icon in several sizes, largest first. */
  icons: Array<Image>;
  /** The category's id, such as `party`. */
  id: Scalars['ID']['output'];
  /** The category's name, as people read it. */
  name: Scalars['String']['output'];
  /**
   * The music service's playlists for this category. `first`: default 20, from 1 to 50.
   * FEATURE_UNAVAILABLE with music services without category playlists (Spotify's development mode).
   */
  playlists: Maybe<PlaylistConnection>;
};


/** A browse category: a mood, a genre or a moment, with its playlists. */
export type CategoryPlaylistsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of browse categories. */
export type CategoryConnection = {
  __typename?: 'CategoryConnection';
  /** The categories of this page, each with its cursor. */
  edges: Array<CategoryEdge>;
  /** The categories of this page. */
  nodes: Array<Category>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many categories there are. */
  totalCount: Scalars['Int']['output'];
};

/** One category of a list. */
export type CategoryEdge = {
  __typename?: 'CategoryEdge';
  /** Pass it as `after` to get the categories that follow this one. */
  cursor: Scalars['String']['output'];
  /** The category. */
  node: Category;
};

/** The player after the queue was emptied. */
export type ClearQueuePayload = {
  __typename?: 'ClearQueuePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** A copyright notice of an album, such as "© 2021 Northern Lights Records". */
export type Copyright = {
  __typename?: 'Copyright';
  /** The notice, as the label wrote it. */
  text: Scalars['String']['output'];
  /** What it covers. */
  type: CopyrightType;
};

/** What a copyright notice covers. */
export type CopyrightType =
  /** The composition and the release (©). */
  | 'C'
  /** The sound recording (℗). */
  | 'P';

/** The details of a new playlist. */
export type CreatePlaylistInput = {
  /** Whether others may change its items (default false; a collaborative playlist cannot be public). */
  collaborative?: InputMaybe<Scalars['Boolean']['input']>;
  /** Its description: at most 300 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Its name: 1 to 100 characters. */
  name: Scalars['String']['input'];
  /** Whether it shows on the listener's profile (default true). */
  public?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What `createPlaylist` made. */
export type CreatePlaylistPayload = {
  __typename?: 'CreatePlaylistPayload';
  /** The new playlist. */
  playlist: Maybe<Playlist>;
};

/** A device that can play: a computer, a phone, a speaker, or a browser that registered itself. */
export type Device = {
  __typename?: 'Device';
  /** The device's id (devices the music service will not name are left out of lists). */
  id: Scalars['ID']['output'];
  /** Whether playback is on this device. */
  isActive: Scalars['Boolean']['output'];
  /** Whether it is in a private session (its plays are not recorded). */
  isPrivateSession: Scalars['Boolean']['output'];
  /** Whether it refuses commands from the API. */
  isRestricted: Scalars['Boolean']['output'];
  /** Its name, as its owner set it. */
  name: Scalars['String']['output'];
  /**
   * Whether a client registered it to play the audio itself (a browser tab). Such a device may be forgotten,
   * and it leaves every list within 30 seconds once its client stops saying that it is there (see
   * `keepPlaybackDevice` and the `player` subscription's `deviceId`).
   */
  registeredByClient: Scalars['Boolean']['output'];
  /** Whether its volume can be set. */
  supportsVolume: Scalars['Boolean']['output'];
  /**
   * Its kind as the music service names it: Computer, Smartphone, Speaker, TV, Tablet, AVR, STB, AudioDongle,
   * GameConsole, CastVideo, CastAudio, Automobile …
   */
  type: Scalars['String']['output'];
  /** Its volume from 0 to 100, when it has one. */
  volumePercent: Maybe<Scalars['Int']['output']>;
};

/** One episode of a podcast show. */
export type Episode = {
  __typename?: 'Episode';
  /** The address of a short preview; null when there is none or the music service does not say. */
  audioPreviewUrl: Maybe<Scalars['String']['output']>;
  /** What the episode is about, as plain text. */
  description: Scalars['String']['output'];
  /** How long it plays, in milliseconds. */
  durationMs: Scalars['Int']['output'];
  /** Whether it has explicit content; false when the music service does not say. */
  explicit: Scalars['Boolean']['output'];
  /** The episode's id. */
  id: Scalars['ID']['output'];
  /** Its artwork in several sizes, largest first; empty when it has none. */
  images: Array<Image>;
  /** The episode's title. */
  name: Scalars['String']['output'];
  /** When it came out: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  releaseDate: Scalars['String']['output'];
  /** Where the signed-in listener stopped listening; null when the music service does not say. */
  resumePoint: Maybe<ResumePoint>;
  /** Whether the signed-in listener saved this episode; null for an anonymous request. */
  saved: Maybe<Scalars['Boolean']['output']>;
  /** The show it belongs to. */
  show: Show;
  /**
   * The full audio of the episode, for a client that plays it itself: with the local music service, a WAV file
   * served with byte ranges (seekable); null with Spotify.
   */
  streamUrl: Maybe<Scalars['String']['output']>;
  /** The episode's URI, `spotify:episode:<id>`, to play it or add it to a playlist. */
  uri: Scalars['String']['output'];
};

/** A page of podcast episodes. */
export type EpisodeConnection = {
  __typename?: 'EpisodeConnection';
  /** The episodes of this page, each with its cursor. */
  edges: Array<EpisodeEdge>;
  /** The episodes of this page. */
  nodes: Array<Episode>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many episodes the whole list holds. */
  totalCount: Scalars['Int']['output'];
};

/** One episode of a list. */
export type EpisodeEdge = {
  __typename?: 'EpisodeEdge';
  /** Pass it as `after` to get the episodes that follow this one. */
  cursor: Scalars['String']['output'];
  /** The episode. */
  node: Episode;
};

/**
 * The code of every error the API answers with besides GraphQL's own (docs/errors.md): an error's
 * `extensions.code`. Clients branch on the code, never on the message.
 */
export type ErrorCode =
  /** An argument is outside its documented bounds or malformed. */
  | 'BAD_USER_INPUT'
  /** This music service cannot do this (it has no recommendations, for instance): hide the feature. */
  | 'FEATURE_UNAVAILABLE'
  /** Signed in, but not allowed (a missing scope, someone else's playlist). */
  | 'FORBIDDEN'
  /** A fault in the API; the real message is in the server's log. */
  | 'INTERNAL_SERVER_ERROR'
  /** The id names nothing. */
  | 'NOT_FOUND'
  /** No device is active to play on. */
  | 'NO_ACTIVE_DEVICE'
  /**
   * The playlist changed (on another device, or by a collaborator) since the version the change was made
   * against, so the positions it names may hold other items: nothing was changed. Read the playlist again
   * and let the listener decide.
   */
  | 'PLAYLIST_CHANGED'
  /** The player needs a premium account. */
  | 'PREMIUM_REQUIRED'
  /**
   * The music service asked the API to slow down, or the API's own request budget is spent;
   * `extensions.retryAfterSeconds` says how long to wait.
   */
  | 'RATE_LIMITED'
  /** No session, or the session ended (sign-in refused a refresh): send the person to sign in. */
  | 'UNAUTHENTICATED'
  /**
   * The music service failed or did not answer, its sign-in service did not answer a token refresh, or the
   * session store failed: retry later.
   */
  | 'UPSTREAM_UNAVAILABLE';

/** The music service's featured playlists and the message it shows above them. */
export type FeaturedPlaylists = {
  __typename?: 'FeaturedPlaylists';
  /** The message to show above the playlists (such as "Good morning"); null when there is none. */
  message: Maybe<Scalars['String']['output']>;
  /** The featured playlists. */
  playlists: PlaylistConnection;
};

/**
 * Bounds and a target for one decimal attribute of recommended tracks; each is optional, and each
 * must be within the attribute's range (BAD_USER_INPUT otherwise), with `min` at most `max`.
 */
export type FloatTuning = {
  /** The greatest value a recommended track may have. */
  max?: InputMaybe<Scalars['Float']['input']>;
  /** The least value a recommended track may have. */
  min?: InputMaybe<Scalars['Float']['input']>;
  /** The value to get close to: tracks nearer to it rank first. */
  target?: InputMaybe<Scalars['Float']['input']>;
};

/** Artists to follow. */
export type FollowArtistsInput = {
  /** The artists' ids, 1 to 200. */
  artistIds: Array<Scalars['ID']['input']>;
};

/** What `followArtists` changed. */
export type FollowArtistsPayload = {
  __typename?: 'FollowArtistsPayload';
  /** The artists, now `following: true`, in input order. */
  artists: Maybe<Array<Artist>>;
};

/** A playlist to follow. */
export type FollowPlaylistInput = {
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
};

/** What `followPlaylist` changed. */
export type FollowPlaylistPayload = {
  __typename?: 'FollowPlaylistPayload';
  /** The playlist, now `following`. */
  playlist: Maybe<Playlist>;
};

/** A picture in one size: cover art, a portrait, a show's artwork. */
export type Image = {
  __typename?: 'Image';
  /** Its height in pixels, when the music service says. */
  height: Maybe<Scalars['Int']['output']>;
  /** Where the picture is; the music service's address may change over time, so fetch it, don't keep it. */
  url: Scalars['String']['output'];
  /** Its width in pixels, when the music service says. */
  width: Maybe<Scalars['Int']['output']>;
};

/**
 * Bounds and a target for one whole-number attribute of recommended tracks; each is optional, and
 * each must be within the attribute's range (BAD_USER_INPUT otherwise), with `min` at most `max`.
 */
export type IntTuning = {
  /** The greatest value a recommended track may have. */
  max?: InputMaybe<Scalars['Int']['input']>;
  /** The least value a recommended track may have. */
  min?: InputMaybe<Scalars['Int']['input']>;
  /** The value to get close to: tracks nearer to it rank first. */
  target?: InputMaybe<Scalars['Int']['input']>;
};

/** The device that is still there. */
export type KeepPlaybackDeviceInput = {
  /** Its id, as registering it answered. */
  deviceId: Scalars['ID']['input'];
};

/** The device, kept. */
export type KeepPlaybackDevicePayload = {
  __typename?: 'KeepPlaybackDevicePayload';
  /** The device, or null when the music service no longer knows it. */
  device: Maybe<Device>;
};

/** The signed-in listener: their account and their library. */
export type Me = {
  __typename?: 'Me';
  /** The listener's country (ISO 3166-1 alpha-2); null when the upstream does not share it. */
  country: Maybe<Scalars['String']['output']>;
  /** The name shown for the listener; null when they have not set one. */
  displayName: Maybe<Scalars['String']['output']>;
  /** The listener's e-mail address; null when the upstream does not share it (development mode). */
  email: Maybe<Scalars['String']['output']>;
  /** The artists the listener follows. `first`: default 20, from 1 to 50. */
  followedArtists: ArtistConnection;
  /** How many people follow the listener; null when the upstream does not share it. */
  followersCount: Maybe<Scalars['Int']['output']>;
  /** The listener's id. */
  id: Scalars['ID']['output'];
  /** The listener's picture in several sizes; empty when they have none. */
  images: Array<Image>;
  /**
   * For each URI, in order, whether it is in the listener's library: a saved track, album, show or
   * episode, a followed artist, playlist or user. From 1 to 200 URIs.
   */
  libraryContains: Array<Scalars['Boolean']['output']>;
  /** The playlists the listener owns or follows, most recently added first. `first`: default 20, from 1 to 50. */
  playlists: PlaylistConnection;
  /** The listener's subscription; null when the upstream does not share it (development mode). */
  product: Maybe<AccountProduct>;
  /**
   * The tracks the listener played last, most recent first (episodes are not listed). The music
   * service keeps about the last 50 plays, so this list has one page. `first`: default 20, from 1 to 50.
   */
  recentlyPlayed: PlayHistoryConnection;
  /** The albums the listener saved, most recent first. `first`: default 20, from 1 to 50. */
  savedAlbums: SavedAlbumConnection;
  /** The episodes the listener saved, most recent first. `first`: default 20, from 1 to 50. */
  savedEpisodes: SavedEpisodeConnection;
  /** The podcast shows the listener follows, most recent first. `first`: default 20, from 1 to 50. */
  savedShows: SavedShowConnection;
  /** The tracks the listener saved, most recent first. `first`: default 20, from 1 to 50. */
  savedTracks: SavedTrackConnection;
  /** The artists the listener played most over `timeRange`, most played first. `first`: default 20, from 1 to 50. */
  topArtists: ArtistConnection;
  /** The tracks the listener played most over `timeRange`, most played first. `first`: default 20, from 1 to 50. */
  topTracks: TrackConnection;
  /** The listener's URI, `spotify:user:<id>`. */
  uri: Scalars['String']['output'];
  /** The listener as others see them, e.g. as the owner of a playlist. */
  user: User;
};


/** The signed-in listener: their account and their library. */
export type MeFollowedArtistsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeLibraryContainsArgs = {
  uris: Array<Scalars['String']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MePlaylistsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeRecentlyPlayedArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeSavedAlbumsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeSavedEpisodesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeSavedShowsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeSavedTracksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The signed-in listener: their account and their library. */
export type MeTopArtistsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  timeRange?: InputMaybe<TimeRange>;
};


/** The signed-in listener: their account and their library. */
export type MeTopTracksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  timeRange?: InputMaybe<TimeRange>;
};

/** Whether a track is in a major or a minor key. */
export type Mode =
  /** A major key. */
  | 'MAJOR'
  /** A minor key. */
  | 'MINOR';

/** Which kind of music v1 service the API talks to. */
export type MusicProvider =
  /** The local music service that ships with Graphonic: a full music v1 API with its own catalog. */
  | 'LOCAL'
  /** Spotify's Web API. */
  | 'SPOTIFY';

/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds tracks or episodes to a playlist the listener owns or collaborates on (FORBIDDEN otherwise). */
  addPlaylistItems: Maybe<AddPlaylistItemsPayload>;
  /** Adds a track or an episode to the queue. */
  addToQueue: Maybe<AddToQueuePayload>;
  /**
   * Empties "Next in queue": what the listener added goes, the context plays on. FEATURE_UNAVAILABLE with
   * Spotify.
   */
  clearQueue: Maybe<ClearQueuePayload>;
  /** Creates a playlist owned by the signed-in listener, empty. */
  createPlaylist: Maybe<CreatePlaylistPayload>;
  /** Follows artists. */
  followArtists: Maybe<FollowArtistsPayload>;
  /** Follows a playlist: it joins the listener's playlists. */
  followPlaylist: Maybe<FollowPlaylistPayload>;
  /**
   * Says that a device this client registered is still there; a client without the `player` subscription
   * does so every 10 seconds. `device` is null when the music service no longer knows it (register again).
   * FEATURE_UNAVAILABLE with Spotify.
   */
  keepPlaybackDevice: Maybe<KeepPlaybackDevicePayload>;
  /** Pauses playback. */
  pausePlayback: Maybe<PausePlaybackPayload>;
  /**
   * Registers the client as a device that plays the audio itself (a browser tab). Only the local music
   * service offers it: FEATURE_UNAVAILABLE with Spotify.
   */
  registerPlaybackDevice: Maybe<RegisterPlaybackDevicePayload>;
  /** Removes tracks, albums, shows and episodes from the listener's library. */
  removeFromLibrary: Maybe<RemoveFromLibraryPayload>;
  /**
   * Takes one item the listener added out of the queue: the one at `position` of "Next in queue" (counting
   * from 0), which must still be `uri`. BAD_USER_INPUT, with nothing removed, when the queue moved on and that
   * position holds something else. Only the local music service can: FEATURE_UNAVAILABLE with Spotify, whose
   * queue only grows.
   */
  removeFromQueue: Maybe<RemoveFromQueuePayload>;
  /**
   * Removes the given tracks or episodes from a playlist: every copy of each, or, with `positions`, only
   * the copies at those positions. PLAYLIST_CHANGED, with nothing removed, when the playlist has changed
   * since `snapshotId` so that the positions may no longer hold what the listener saw.
   */
  removePlaylistItems: Maybe<RemovePlaylistItemsPayload>;
  /**
   * Moves a run of consecutive items to another place in a playlist. PLAYLIST_CHANGED, with nothing moved,
   * when the playlist has changed since `snapshotId` so that the positions may no longer hold what the
   * listener saw.
   */
  reorderPlaylistItems: Maybe<ReorderPlaylistItemsPayload>;
  /** Replaces all of a playlist's items with the given ones (an empty list clears it). */
  replacePlaylistItems: Maybe<ReplacePlaylistItemsPayload>;
  /** Saves tracks, albums, shows and episodes to the listener's library. */
  saveToLibrary: Maybe<SaveToLibraryPayload>;
  /** Moves playback to a position in the item. */
  seekPlayback: Maybe<SeekPlaybackPayload>;
  /**
   * Sets the listener's playback speed for episodes, kept for the episodes that follow (a track always plays at
   * 1). The position stays where it is and moves on at the new speed. BAD_USER_INPUT for a speed that is not
   * one of 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3, 3.5; FORBIDDEN while a track plays. Only the local music service
   * can: FEATURE_UNAVAILABLE with Spotify, whose API has no playback speed.
   */
  setPlaybackSpeed: Maybe<SetPlaybackSpeedPayload>;
  /** Sets how playback repeats. */
  setRepeatMode: Maybe<SetRepeatModePayload>;
  /** Turns shuffle on or off. */
  setShuffle: Maybe<SetShufflePayload>;
  /** Sets the volume of the active device. */
  setVolume: Maybe<SetVolumePayload>;
  /** Skips to the next item. */
  skipToNext: Maybe<SkipToNextPayload>;
  /** Goes back to the previous item, or to the start of this one when more than a few seconds played. */
  skipToPrevious: Maybe<SkipToPreviousPayload>;
  /**
   * Starts or resumes playback: of a context (an album, artist, playlist or show), of a list of tracks and
   * episodes, or, with neither, of what was paused. NO_ACTIVE_DEVICE without an active device (pass `deviceId`),
   * PREMIUM_REQUIRED for a free account.
   */
  startPlayback: Maybe<StartPlaybackPayload>;
  /** Moves playback to another device. */
  transferPlayback: Maybe<TransferPlaybackPayload>;
  /** Unfollows artists. */
  unfollowArtists: Maybe<UnfollowArtistsPayload>;
  /**
   * Unfollows a playlist: it leaves the listener's playlists (unfollowing one's own playlist is how
   * the music service deletes it from one's library).
   */
  unfollowPlaylist: Maybe<UnfollowPlaylistPayload>;
  /** Removes a device the client registered; playback on it stops. FEATURE_UNAVAILABLE with Spotify. */
  unregisterPlaybackDevice: Maybe<UnregisterPlaybackDevicePayload>;
  /** Changes a playlist's name, description or visibility. Only its owner may: FORBIDDEN otherwise. */
  updatePlaylistDetails: Maybe<UpdatePlaylistDetailsPayload>;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationAddPlaylistItemsArgs = {
  input: AddPlaylistItemsInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationAddToQueueArgs = {
  input: AddToQueueInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationCreatePlaylistArgs = {
  input: CreatePlaylistInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationFollowArtistsArgs = {
  input: FollowArtistsInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationFollowPlaylistArgs = {
  input: FollowPlaylistInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationKeepPlaybackDeviceArgs = {
  input: KeepPlaybackDeviceInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationPausePlaybackArgs = {
  input: PausePlaybackInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationRegisterPlaybackDeviceArgs = {
  input: RegisterPlaybackDeviceInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationRemoveFromLibraryArgs = {
  input: RemoveFromLibraryInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationRemoveFromQueueArgs = {
  input: RemoveFromQueueInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationRemovePlaylistItemsArgs = {
  input: RemovePlaylistItemsInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationReorderPlaylistItemsArgs = {
  input: ReorderPlaylistItemsInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationReplacePlaylistItemsArgs = {
  input: ReplacePlaylistItemsInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSaveToLibraryArgs = {
  input: SaveToLibraryInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSeekPlaybackArgs = {
  input: SeekPlaybackInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSetPlaybackSpeedArgs = {
  input: SetPlaybackSpeedInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSetRepeatModeArgs = {
  input: SetRepeatModeInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSetShuffleArgs = {
  input: SetShuffleInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSetVolumeArgs = {
  input: SetVolumeInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSkipToNextArgs = {
  input: SkipToNextInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationSkipToPreviousArgs = {
  input: SkipToPreviousInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationStartPlaybackArgs = {
  input: StartPlaybackInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationTransferPlaybackArgs = {
  input: TransferPlaybackInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationUnfollowArtistsArgs = {
  input: UnfollowArtistsInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationUnfollowPlaylistArgs = {
  input: UnfollowPlaylistInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationUnregisterPlaybackDeviceArgs = {
  input: UnregisterPlaybackDeviceInput;
};


/**
 * The root of every change. Each domain of the schema extends it in its own file. Mutations take one
 * `input` argument and answer a `...Payload` whose fields are nullable; a failure is an error with a
 * code from docs/errors.md, and the payload field it concerns is null.
 */
export type MutationUpdatePlaylistDetailsArgs = {
  input: UpdatePlaylistDetailsInput;
};

/**
 * Where a page of a connection stands in the whole list. Every connection pages forward with `first`
 * (how many) and `after` (the `endCursor` of the page before); cursors are opaque.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor of the page's last item, to pass as `after` for the next page; null on an empty page. */
  endCursor: Maybe<Scalars['String']['output']>;
  /** Whether items follow this page. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Whether items precede this page. */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The cursor of the page's first item, or null on an empty page. */
  startCursor: Maybe<Scalars['String']['output']>;
};

/** Which device to pause. */
export type PausePlaybackInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
};

/** The player after the pause. */
export type PausePlaybackPayload = {
  __typename?: 'PausePlaybackPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** The listener's last plays. */
export type PlayHistoryConnection = {
  __typename?: 'PlayHistoryConnection';
  /** The plays, most recent first, each with when and from where the track played. */
  edges: Array<PlayHistoryEdge>;
  /** The tracks played, most recent first (a track played twice appears twice). */
  nodes: Array<Track>;
  /** Where this page stands: the music service keeps one page of plays only. */
  pageInfo: PageInfo;
  /** How many plays this page holds. */
  totalCount: Scalars['Int']['output'];
};

/** What a track was played from. */
export type PlayHistoryContext = Album | Artist | Playlist | Show;

/** One play of a track. */
export type PlayHistoryEdge = {
  __typename?: 'PlayHistoryEdge';
  /** What it was played from (an album, an artist, a playlist or a show); null when it was played on its own. */
  context: Maybe<PlayHistoryContext>;
  /** The play's place in the list (plays are not paged further). */
  cursor: Scalars['String']['output'];
  /** The track played. */
  node: Track;
  /** When it was played (ISO 8601). */
  playedAt: Scalars['String']['output'];
};

/** Something the player can play and a playlist can hold: a track or a podcast episode. */
export type PlayableItem = Episode | Track;

/** The list playback goes through. */
export type PlaybackContext = {
  __typename?: 'PlaybackContext';
  /** The album, when it is one. */
  album: Maybe<Album>;
  /** The artist, when it is one. */
  artist: Maybe<Artist>;
  /** The playlist, when it is one. */
  playlist: Maybe<Playlist>;
  /** The show, when it is one. */
  show: Maybe<Show>;
  /** What kind of list it is. */
  type: PlaybackContextType;
  /** Its URI, such as `spotify:album:…`. */
  uri: Scalars['String']['output'];
};

/** What kind of list playback goes through. */
export type PlaybackContextType =
  /** An album's tracks. */
  | 'album'
  /** An artist's top tracks. */
  | 'artist'
  /** A playlist's items. */
  | 'playlist'
  /** A show's episodes. */
  | 'show';

/** The playback of the moment. */
export type PlaybackState = {
  __typename?: 'PlaybackState';
  /** The album, artist, playlist or show it plays through; null for a plain list of items. */
  context: Maybe<PlaybackContext>;
  /** The device it plays on. */
  device: Maybe<Device>;
  /** Whether it plays (false when paused). */
  isPlaying: Scalars['Boolean']['output'];
  /** The track or episode that plays. */
  item: Maybe<PlayableItem>;
  /**
   * How fast playback moves against the clock: the listener's playback speed while an episode plays (one of
   * 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3, 3.5; see `setPlaybackSpeed`), always 1 for a track, and 1 with Spotify,
   * whose API has no playback speed. A client moves `progressMs` on at this pace.
   */
  playbackSpeed: Scalars['Float']['output'];
  /**
   * How far into the item playback was at `timestamp`, in milliseconds. While it plays, a client moves its
   * seek bar on from there with its own clock, at `playbackSpeed`.
   */
  progressMs: Maybe<Scalars['Int']['output']>;
  /** How playback repeats. */
  repeat: RepeatMode;
  /** Whether shuffle is on. */
  shuffle: Scalars['Boolean']['output'];
  /** When `progressMs` was measured, in milliseconds since the epoch (a Float: it exceeds 32 bits). */
  timestamp: Scalars['Float']['output'];
};

/** The listener's player, like Spotify Connect: one playback at a time, on one of their devices. */
export type Player = {
  __typename?: 'Player';
  /** The listener's devices that can play, the active one marked. */
  devices: Array<Device>;
  /** What plays now and what follows it. */
  queue: Queue;
  /** What plays now, or null when nothing does (or no device is active). */
  state: Maybe<PlaybackState>;
};

/** A list of tracks and episodes in an order that someone chose. */
export type Playlist = {
  __typename?: 'Playlist';
  /** Whether people other than the owner may change its items. */
  collaborative: Scalars['Boolean']['output'];
  /** The description its owner wrote (it may hold HTML entities), or null when there is none. */
  description: Maybe<Scalars['String']['output']>;
  /** How many people follow it; null when the music service does not say. */
  followersCount: Maybe<Scalars['Int']['output']>;
  /**
   * Whether the signed-in listener follows the playlist (whether one's own playlists count depends on
   * the music service: Spotify says they do); null for an anonymous request.
   */
  following: Maybe<Scalars['Boolean']['output']>;
  /** The playlist's id. */
  id: Scalars['ID']['output'];
  /** Its cover in several sizes, largest first; empty when it has none. The addresses may expire. */
  images: Array<Image>;
  /**
   * The tracks and episodes, in playlist order. `first`: default 20, from 1 to 50. Development-mode
   * upstreams show the items only of playlists the listener owns or collaborates on: for other
   * playlists this field is FEATURE_UNAVAILABLE (the playlist itself still resolves).
   */
  items: Maybe<PlaylistItemConnection>;
  /** The playlist's name. */
  name: Scalars['String']['output'];
  /** Who made the playlist. */
  owner: User;
  /** Whether the playlist shows on its owner's profile; null when the music service does not say. */
  public: Maybe<Scalars['Boolean']['output']>;
  /**
   * The version of its items: changes whenever items are added, removed or moved. Pass it to
   * `removePlaylistItems` or `reorderPlaylistItems` to change the version you saw.
   */
  snapshotId: Scalars['String']['output'];
  /** The playlist's URI, `spotify:playlist:<id>`, to play it or save it. */
  uri: Scalars['String']['output'];
};


/** A list of tracks and episodes in an order that someone chose. */
export type PlaylistItemsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of playlists. */
export type PlaylistConnection = {
  __typename?: 'PlaylistConnection';
  /** The playlists of this page, each with its cursor. */
  edges: Array<PlaylistEdge>;
  /** The playlists of this page. */
  nodes: Array<Playlist>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many playlists the whole list holds. */
  totalCount: Scalars['Int']['output'];
};

/** One playlist of a list. */
export type PlaylistEdge = {
  __typename?: 'PlaylistEdge';
  /** Pass it as `after` to get the playlists that follow this one. */
  cursor: Scalars['String']['output'];
  /** The playlist. */
  node: Playlist;
};

/** A page of a playlist's items. */
export type PlaylistItemConnection = {
  __typename?: 'PlaylistItemConnection';
  /** The items of this page, each with when and by whom it was added. */
  edges: Array<PlaylistItemEdge>;
  /**
   * The tracks and episodes of this page. Items the music service can no longer describe (local
   * files, withdrawn tracks) are left out; `totalCount` still counts them.
   */
  nodes: Array<PlayableItem>;
  /** Where this page stands in the playlist. */
  pageInfo: PageInfo;
  /** How many items the playlist holds. */
  totalCount: Scalars['Int']['output'];
};

/** One item of a playlist: a track or an episode, and how it got there. */
export type PlaylistItemEdge = {
  __typename?: 'PlaylistItemEdge';
  /** When it was added (ISO 8601); null on very old playlists. */
  addedAt: Maybe<Scalars['String']['output']>;
  /** Who added it; null when the music service does not say. */
  addedBy: Maybe<User>;
  /** Pass it as `after` to get the items that follow this one. */
  cursor: Scalars['String']['output'];
  /** The track or episode. */
  node: PlayableItem;
};

/** The root of every read. Each domain of the schema extends it in its own file. */
export type Query = {
  __typename?: 'Query';
  /** An album by its id. NOT_FOUND when the id names no album. */
  album: Maybe<Album>;
  /**
   * Several albums by their ids, in the order asked; an id that names no album gives null in its place
   * and a NOT_FOUND error for that place only. From 1 to 100 ids (BAD_USER_INPUT otherwise).
   */
  albums: Array<Maybe<Album>>;
  /** An artist by their id. NOT_FOUND when the id names no artist. */
  artist: Maybe<Artist>;
  /**
   * Several artists by their ids, in the order asked; an id that names no artist gives null in its
   * place and a NOT_FOUND error for that place only. From 1 to 100 ids (BAD_USER_INPUT otherwise).
   */
  artists: Array<Maybe<Artist>>;
  /**
   * The browse categories (moods, genres, moments). `first`: default 20, from 1 to 50.
   * FEATURE_UNAVAILABLE with music services without browsing (Spotify's development mode).
   */
  categories: Maybe<CategoryConnection>;
  /**
   * A browse category by its id. NOT_FOUND when the id names no category; FEATURE_UNAVAILABLE with
   * music services without browsing (Spotify's development mode).
   */
  category: Maybe<Category>;
  /** A podcast episode by its id. NOT_FOUND when the id names no episode. */
  episode: Maybe<Episode>;
  /**
   * The music service's featured playlists of the moment, with the message it shows above them.
   * `first`: default 20, from 1 to 50. FEATURE_UNAVAILABLE with music services without browsing
   * (Spotify's development mode).
   */
  featuredPlaylists: Maybe<FeaturedPlaylists>;
  /**
   * The genres that `RecommendationsInput.seedGenres` accepts, in alphabetical order.
   * FEATURE_UNAVAILABLE with music services without recommendations (Spotify's development mode).
   */
  genreSeeds: Maybe<Array<Scalars['String']['output']>>;
  /**
   * The signed-in listener, or null for an anonymous request (this is how a client learns whether
   * someone is signed in: it is never an error).
   */
  me: Maybe<Me>;
  /**
   * Albums and singles that came out lately, newest first. `first`: default 20, from 1 to 50.
   * FEATURE_UNAVAILABLE with music services without browsing (Spotify's development mode).
   */
  newReleases: Maybe<AlbumConnection>;
  /**
   * The signed-in listener's player: what plays, on which device, what comes next. Each of its fields asks the
   * music service only when it is selected. UNAUTHENTICATED for an anonymous request.
   */
  player: Player;
  /**
   * A playlist by its id: the listener's own, one they follow, or any public playlist. NOT_FOUND when
   * the id names no playlist the listener may see.
   */
  playlist: Maybe<Playlist>;
  /**
   * Tracks like the seeds, tuned by the attributes given. FEATURE_UNAVAILABLE with music services
   * without recommendations (Spotify's development mode); BAD_USER_INPUT when the input is outside
   * its bounds.
   */
  recommendations: Maybe<Recommendations>;
  /**
   * Searches the catalog: one connection per requested type, null for the types not asked. The
   * query accepts the filters `album:`, `artist:`, `track:`, `year:` (a year or a range such as
   * `1990-1999`), `genre:`, `isrc:`, `upc:`, `tag:new` and `tag:hipster`. `first`: default 5, from 1
   * to 10 (the music service's maximum), for each type; the music service reaches at most the first
   * 1000 results of a type.
   */
  search: Maybe<SearchResults>;
  /** A podcast show by its id. NOT_FOUND when the id names no show. */
  show: Maybe<Show>;
  /** A track by its id. NOT_FOUND when the id names no track. */
  track: Maybe<Track>;
  /**
   * Several tracks by their ids, in the order asked; an id that names no track gives null in its place
   * and a NOT_FOUND error for that place only. From 1 to 100 ids (BAD_USER_INPUT otherwise); repeated
   * ids are fetched once.
   */
  tracks: Array<Maybe<Track>>;
  /** The music service behind this API and what it can do, so that clients can hide what it cannot. */
  upstream: Upstream;
  /**
   * A listener's public profile. Development-mode upstreams have no other users' profiles: there
   * this field is FEATURE_UNAVAILABLE.
   */
  user: Maybe<User>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryAlbumArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryAlbumsArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryArtistArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryArtistsArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryCategoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryCategoryArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryEpisodeArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryFeaturedPlaylistsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryNewReleasesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryPlaylistArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryRecommendationsArgs = {
  input: RecommendationsInput;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QuerySearchArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
  types: Array<SearchType>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryShowArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryTrackArgs = {
  id: Scalars['ID']['input'];
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryTracksArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** The root of every read. Each domain of the schema extends it in its own file. */
export type QueryUserArgs = {
  id: Scalars['ID']['input'];
};

/** What plays now and what follows. */
export type Queue = {
  __typename?: 'Queue';
  /**
   * How many of `items`, from the first, the listener added to the queue ("Next in queue"); the rest follow
   * from the context. Null when the music service does not say (Spotify), and then nothing can be taken out
   * of the queue either.
   */
  addedByListener: Maybe<Scalars['Int']['output']>;
  /** The track or episode that plays now. */
  currentlyPlaying: Maybe<PlayableItem>;
  /** What follows, in order: first what was added to the queue, then the rest of the context (up to 20). */
  items: Array<PlayableItem>;
};

/** One seed of recommendations and how many tracks it brought. */
export type RecommendationSeed = {
  __typename?: 'RecommendationSeed';
  /** How many of them were left after the tuning filtered them; null when the music service does not say. */
  afterFilteringSize: Maybe<Scalars['Int']['output']>;
  /** The seed artist, when `type` is ARTIST. */
  artist: Maybe<Artist>;
  /** The seed genre, when `type` is GENRE. */
  genre: Maybe<Scalars['String']['output']>;
  /** How many tracks the seed brought before the tuning filtered them; null when the music service does not say. */
  initialPoolSize: Maybe<Scalars['Int']['output']>;
  /** The seed track, when `type` is TRACK. */
  track: Maybe<Track>;
  /** Whether the seed is an artist, a track or a genre. */
  type: RecommendationSeedType;
};

/** The kind of a recommendation seed. */
export type RecommendationSeedType =
  /** An artist. */
  | 'ARTIST'
  /** A genre. */
  | 'GENRE'
  /** A track. */
  | 'TRACK';

/** Recommended tracks and what each seed contributed. */
export type Recommendations = {
  __typename?: 'Recommendations';
  /** The seeds, in the order given: artists, then tracks, then genres. */
  seeds: Array<RecommendationSeed>;
  /** The recommended tracks, best first. */
  tracks: Array<Track>;
};

/** The seeds, size and tuning of recommendations. */
export type RecommendationsInput = {
  /** How acoustic (0.0 to 1.0). */
  acousticness?: InputMaybe<FloatTuning>;
  /** How danceable (0.0 to 1.0). */
  danceability?: InputMaybe<FloatTuning>;
  /** How long, in milliseconds (0 or more). */
  durationMs?: InputMaybe<IntTuning>;
  /** How energetic (0.0 to 1.0). */
  energy?: InputMaybe<FloatTuning>;
  /** How instrumental (0.0 to 1.0). */
  instrumentalness?: InputMaybe<FloatTuning>;
  /** The key, as a pitch class (0 to 11). */
  key?: InputMaybe<IntTuning>;
  /** How many tracks, from 1 to 100 (default 20). */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** How live (0.0 to 1.0). */
  liveness?: InputMaybe<FloatTuning>;
  /** How loud, in decibels (-60 to 10). */
  loudness?: InputMaybe<FloatTuning>;
  /** The mode: 1 for major, 0 for minor (0 to 1). */
  mode?: InputMaybe<IntTuning>;
  /** How popular (0 to 100). */
  popularity?: InputMaybe<IntTuning>;
  /** Artist ids to start from. Seeds of all three kinds: 1 to 5 in all. */
  seedArtists?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Genres to start from, among `genreSeeds`. Seeds of all three kinds: 1 to 5 in all. */
  seedGenres?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Track ids to start from. Seeds of all three kinds: 1 to 5 in all. */
  seedTracks?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** How spoken (0.0 to 1.0). */
  speechiness?: InputMaybe<FloatTuning>;
  /** The tempo, in beats per minute (0 to 1000). */
  tempo?: InputMaybe<FloatTuning>;
  /** The beats per bar (1 to 11). */
  timeSignature?: InputMaybe<IntTuning>;
  /** How positive (0.0 to 1.0). */
  valence?: InputMaybe<FloatTuning>;
};

/** The client that registers itself as a device. */
export type RegisterPlaybackDeviceInput = {
  /** Its name, 1 to 64 characters, such as "Graphonic in Firefox". */
  name: Scalars['String']['input'];
  /** Its kind (Computer by default): Computer, Smartphone, Speaker, TV, Tablet … */
  type?: InputMaybe<Scalars['String']['input']>;
};

/** The new device. */
export type RegisterPlaybackDevicePayload = {
  __typename?: 'RegisterPlaybackDevicePayload';
  /** The device the client now is. */
  device: Maybe<Device>;
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** How exact a release date is. */
export type ReleaseDatePrecision =
  /** The day is known: `releaseDate` is `YYYY-MM-DD`. */
  | 'day'
  /** The year and the month are known: `releaseDate` is `YYYY-MM`. */
  | 'month'
  /** Only the year is known: `releaseDate` is `YYYY`. */
  | 'year';

/** Items to remove. */
export type RemoveFromLibraryInput = {
  /** Track, album, show and episode URIs (`spotify:<type>:<id>`), 1 to 200; BAD_USER_INPUT for other URIs. */
  uris: Array<Scalars['String']['input']>;
};

/** What `removeFromLibrary` removed, grouped by type, each now `saved: false`. */
export type RemoveFromLibraryPayload = {
  __typename?: 'RemoveFromLibraryPayload';
  /** The albums removed, in input order. */
  albums: Maybe<Array<Album>>;
  /** The episodes removed, in input order. */
  episodes: Maybe<Array<Episode>>;
  /** The shows removed, in input order. */
  shows: Maybe<Array<Show>>;
  /** The tracks removed, in input order. */
  tracks: Maybe<Array<Track>>;
};

/** An item to take out of the queue. */
export type RemoveFromQueueInput = {
  /** Its place in what the listener queued, from 0 (the first of `Queue.items`). */
  position: Scalars['Int']['input'];
  /** The track or episode URI that the place holds, as the listener saw it. */
  uri: Scalars['String']['input'];
};

/** The player after the removal. */
export type RemoveFromQueuePayload = {
  __typename?: 'RemoveFromQueuePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** Items to remove from a playlist. */
export type RemovePlaylistItemsInput = {
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
  /**
   * The positions (counting from 0) of the copies of the one URI to remove, as the listener saw them at
   * `snapshotId`: the other copies stay. Left out, every copy goes. BAD_USER_INPUT when a position holds
   * another item; PLAYLIST_CHANGED when `snapshotId` is no longer the playlist's version; FEATURE_UNAVAILABLE,
   * with nothing removed, on a music service that removes only every copy (Spotify): remove without
   * `positions`, after telling the listener so.
   */
  positions?: InputMaybe<Array<Scalars['Int']['input']>>;
  /**
   * The `snapshotId` the listener saw; BAD_USER_INPUT when it is not a version of this playlist. With
   * `positions` it must be the playlist's current version (PLAYLIST_CHANGED otherwise).
   */
  snapshotId?: InputMaybe<Scalars['String']['input']>;
  /** Track and episode URIs to remove, 1 to 100; exactly one with `positions`. */
  uris: Array<Scalars['String']['input']>;
};

/** What `removePlaylistItems` changed. */
export type RemovePlaylistItemsPayload = {
  __typename?: 'RemovePlaylistItemsPayload';
  /** The playlist with its new `snapshotId`. */
  playlist: Maybe<Playlist>;
};

/** A run of items to move. */
export type ReorderPlaylistItemsInput = {
  /**
   * The position, counting from 0 in the playlist before the move, to put the run before; the
   * playlist's length to put it at the end.
   */
  insertBefore: Scalars['Int']['input'];
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
  /** How many consecutive items to move (default 1). */
  rangeLength?: InputMaybe<Scalars['Int']['input']>;
  /** The position of the first item to move, counting from 0. */
  rangeStart: Scalars['Int']['input'];
  /**
   * The `snapshotId` the listener saw; BAD_USER_INPUT when it is not a version of this playlist, and
   * PLAYLIST_CHANGED when it is no longer the playlist's current version (the positions are that version's).
   */
  snapshotId?: InputMaybe<Scalars['String']['input']>;
};

/** What `reorderPlaylistItems` changed. */
export type ReorderPlaylistItemsPayload = {
  __typename?: 'ReorderPlaylistItemsPayload';
  /** The playlist with its new `snapshotId`. */
  playlist: Maybe<Playlist>;
};

/** How playback repeats. */
export type RepeatMode =
  /** The context starts over at its end. */
  | 'context'
  /** No repeat: playback stops at the end of the context. */
  | 'off'
  /** The current item plays again and again. */
  | 'track';

/** A playlist's new items. */
export type ReplacePlaylistItemsInput = {
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
  /** Track and episode URIs, 0 to 100, in their new order. */
  uris: Array<Scalars['String']['input']>;
};

/** What `replacePlaylistItems` changed. */
export type ReplacePlaylistItemsPayload = {
  __typename?: 'ReplacePlaylistItemsPayload';
  /** The playlist with its new `snapshotId`. */
  playlist: Maybe<Playlist>;
};

/** Where a listener stands in an episode. */
export type ResumePoint = {
  __typename?: 'ResumePoint';
  /** Whether they listened to the end. */
  fullyPlayed: Scalars['Boolean']['output'];
  /** Where they stopped, in milliseconds from the start (0 when they have not started). */
  resumePositionMs: Scalars['Int']['output'];
};

/** Items to save. */
export type SaveToLibraryInput = {
  /** Track, album, show and episode URIs (`spotify:<type>:<id>`), 1 to 200; BAD_USER_INPUT for other URIs. */
  uris: Array<Scalars['String']['input']>;
};

/** What `saveToLibrary` saved, grouped by type, each now `saved: true`. */
export type SaveToLibraryPayload = {
  __typename?: 'SaveToLibraryPayload';
  /** The albums saved, in input order. */
  albums: Maybe<Array<Album>>;
  /** The episodes saved, in input order. */
  episodes: Maybe<Array<Episode>>;
  /** The shows saved, in input order. */
  shows: Maybe<Array<Show>>;
  /** The tracks saved, in input order. */
  tracks: Maybe<Array<Track>>;
};

/** A page of the listener's saved albums. */
export type SavedAlbumConnection = {
  __typename?: 'SavedAlbumConnection';
  /** The albums of this page, each with when it was saved. */
  edges: Array<SavedAlbumEdge>;
  /** The albums of this page. */
  nodes: Array<Album>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many albums the listener saved. */
  totalCount: Scalars['Int']['output'];
};

/** A saved album. */
export type SavedAlbumEdge = {
  __typename?: 'SavedAlbumEdge';
  /** When the listener saved it (ISO 8601). */
  addedAt: Scalars['String']['output'];
  /** Pass it as `after` to get the albums that follow this one. */
  cursor: Scalars['String']['output'];
  /** The album. */
  node: Album;
};

/** A page of the listener's saved episodes. */
export type SavedEpisodeConnection = {
  __typename?: 'SavedEpisodeConnection';
  /** The episodes of this page, each with when it was saved. */
  edges: Array<SavedEpisodeEdge>;
  /** The episodes of this page. */
  nodes: Array<Episode>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many episodes the listener saved. */
  totalCount: Scalars['Int']['output'];
};

/** A saved episode. */
export type SavedEpisodeEdge = {
  __typename?: 'SavedEpisodeEdge';
  /** When the listener saved it (ISO 8601). */
  addedAt: Scalars['String']['output'];
  /** Pass it as `after` to get the episodes that follow this one. */
  cursor: Scalars['String']['output'];
  /** The episode. */
  node: Episode;
};

/** A page of the podcast shows the listener follows. */
export type SavedShowConnection = {
  __typename?: 'SavedShowConnection';
  /** The shows of this page, each with when it was saved. */
  edges: Array<SavedShowEdge>;
  /** The shows of this page. */
  nodes: Array<Show>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many shows the listener follows. */
  totalCount: Scalars['Int']['output'];
};

/** A saved podcast show. */
export type SavedShowEdge = {
  __typename?: 'SavedShowEdge';
  /** When the listener saved it (ISO 8601). */
  addedAt: Scalars['String']['output'];
  /** Pass it as `after` to get the shows that follow this one. */
  cursor: Scalars['String']['output'];
  /** The show. */
  node: Show;
};

/** A page of the listener's saved tracks. */
export type SavedTrackConnection = {
  __typename?: 'SavedTrackConnection';
  /** The tracks of this page, each with when it was saved. */
  edges: Array<SavedTrackEdge>;
  /** The tracks of this page. */
  nodes: Array<Track>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many tracks the listener saved. */
  totalCount: Scalars['Int']['output'];
};

/** A saved track. */
export type SavedTrackEdge = {
  __typename?: 'SavedTrackEdge';
  /** When the listener saved it (ISO 8601). */
  addedAt: Scalars['String']['output'];
  /** Pass it as `after` to get the tracks that follow this one. */
  cursor: Scalars['String']['output'];
  /** The track. */
  node: Track;
};

/** What a search found: one page per requested type, ranked by relevance. */
export type SearchResults = {
  __typename?: 'SearchResults';
  /** The albums found; null when `ALBUM` was not requested. */
  albums: Maybe<AlbumConnection>;
  /** The artists found; null when `ARTIST` was not requested. */
  artists: Maybe<ArtistConnection>;
  /** The episodes found; null when `EPISODE` was not requested. */
  episodes: Maybe<EpisodeConnection>;
  /** The playlists found; null when `PLAYLIST` was not requested. */
  playlists: Maybe<PlaylistConnection>;
  /** The shows found; null when `SHOW` was not requested. */
  shows: Maybe<ShowConnection>;
  /** The tracks found; null when `TRACK` was not requested. */
  tracks: Maybe<TrackConnection>;
};

/** A kind of search result. */
export type SearchType =
  /** Albums. */
  | 'album'
  /** Artists. */
  | 'artist'
  /** Podcast episodes. */
  | 'episode'
  /** Playlists. */
  | 'playlist'
  /** Podcast shows. */
  | 'show'
  /** Tracks. */
  | 'track';

/** Where to seek to. */
export type SeekPlaybackInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** The position in the item, in milliseconds (0 or more; past the end skips to the next item). */
  positionMs: Scalars['Int']['input'];
};

/** The player after the seek. */
export type SeekPlaybackPayload = {
  __typename?: 'SeekPlaybackPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** The playback speed to set. */
export type SetPlaybackSpeedInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** How many times as fast as recorded: 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3 or 3.5. */
  speed: Scalars['Float']['input'];
};

/** The player after the change. */
export type SetPlaybackSpeedPayload = {
  __typename?: 'SetPlaybackSpeedPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** How to repeat. */
export type SetRepeatModeInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** The repeat mode. */
  mode: RepeatMode;
};

/** The player after the change. */
export type SetRepeatModePayload = {
  __typename?: 'SetRepeatModePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** Shuffle on or off. */
export type SetShuffleInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** Whether to shuffle. */
  shuffle: Scalars['Boolean']['input'];
};

/** The player after the change. */
export type SetShufflePayload = {
  __typename?: 'SetShufflePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** The volume to set. */
export type SetVolumeInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** From 0 to 100. */
  volumePercent: Scalars['Int']['input'];
};

/** The player after the change. */
export type SetVolumePayload = {
  __typename?: 'SetVolumePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** A podcast: a series of episodes by one publisher. */
export type Show = {
  __typename?: 'Show';
  /** What the show is about, as plain text. */
  description: Scalars['String']['output'];
  /** Its episodes, newest first. `first`: default 20, from 1 to 50. */
  episodes: EpisodeConnection;
  /** Whether it has explicit content; false when the music service does not say. */
  explicit: Scalars['Boolean']['output'];
  /** The show's id. */
  id: Scalars['ID']['output'];
  /** Its artwork in several sizes, largest first; empty when it has none. */
  images: Array<Image>;
  /** The languages it is in, as BCP 47 codes (`en`, `pt-BR`). */
  languages: Array<Scalars['String']['output']>;
  /** The show's name. */
  name: Scalars['String']['output'];
  /** Who publishes it; null when the music service does not say (development mode). */
  publisher: Maybe<Scalars['String']['output']>;
  /** Whether the signed-in listener follows (saved) this show; null for an anonymous request. */
  saved: Maybe<Scalars['Boolean']['output']>;
  /** How many episodes it has. */
  totalEpisodes: Scalars['Int']['output'];
  /** The show's URI, `spotify:show:<id>`, to play it or save it. */
  uri: Scalars['String']['output'];
};


/** A podcast: a series of episodes by one publisher. */
export type ShowEpisodesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of podcast shows. */
export type ShowConnection = {
  __typename?: 'ShowConnection';
  /** The shows of this page, each with its cursor. */
  edges: Array<ShowEdge>;
  /** The shows of this page. */
  nodes: Array<Show>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many shows the whole list holds. */
  totalCount: Scalars['Int']['output'];
};

/** One show of a list. */
export type ShowEdge = {
  __typename?: 'ShowEdge';
  /** Pass it as `after` to get the shows that follow this one. */
  cursor: Scalars['String']['output'];
  /** The show. */
  node: Show;
};

/** Which device skips. */
export type SkipToNextInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
};

/** The player after the skip. */
export type SkipToNextPayload = {
  __typename?: 'SkipToNextPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** Which device goes back. */
export type SkipToPreviousInput = {
  /** The device; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
};

/** The player after going back. */
export type SkipToPreviousPayload = {
  __typename?: 'SkipToPreviousPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** What to play. Give `contextUri`, or `uris`, or neither to resume. */
export type StartPlaybackInput = {
  /** An album, artist, playlist or show to play through, such as `spotify:album:…`. */
  contextUri?: InputMaybe<Scalars['String']['input']>;
  /** The device to play on; the active one when absent. */
  deviceId?: InputMaybe<Scalars['ID']['input']>;
  /** Where in the context or list to start: the item's position (from 0). */
  offsetPosition?: InputMaybe<Scalars['Int']['input']>;
  /** Where in the context or list to start: the item's URI. */
  offsetUri?: InputMaybe<Scalars['String']['input']>;
  /** Where in the first item to start, in milliseconds. */
  positionMs?: InputMaybe<Scalars['Int']['input']>;
  /** Tracks and episodes to play, in order (1 to 100 URIs). */
  uris?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** The player after playback started. */
export type StartPlaybackPayload = {
  __typename?: 'StartPlaybackPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** What a client is told as it happens. */
export type Subscription = {
  __typename?: 'Subscription';
  /**
   * The signed-in listener's player: sent once on subscribing, then each time it changes on any of their
   * devices or tabs (within a second: the local music service pushes its changes, and a music service that
   * cannot is read by one shared poll per listener, however many clients watch). With `deviceId`, the device
   * this client registered stays listed while the subscription lasts. UNAUTHENTICATED without a session or a
   * bearer token.
   */
  player: Player;
};


/** What a client is told as it happens. */
export type SubscriptionPlayerArgs = {
  deviceId?: InputMaybe<Scalars['ID']['input']>;
};

/** The period over which a listener's top artists and tracks are counted. */
export type TimeRange =
  /** About the last year. */
  | 'long_term'
  /** About the last 6 months. */
  | 'medium_term'
  /** About the last 4 weeks. */
  | 'short_term';

/** A song or another piece of music, on one album. */
export type Track = {
  __typename?: 'Track';
  /** The album it is on. */
  album: Album;
  /** The artists who perform it, main artist first. */
  artists: Array<Artist>;
  /**
   * What it sounds like, measured (tempo, key, energy …); null when the music service has not
   * analysed it. FEATURE_UNAVAILABLE with music services without audio features (Spotify's
   * development mode).
   */
  audioFeatures: Maybe<AudioFeatures>;
  /** The disc it is on, counting from 1 (most albums have one disc). */
  discNumber: Scalars['Int']['output'];
  /** How long it plays, in milliseconds. */
  durationMs: Scalars['Int']['output'];
  /** Whether it has explicit lyrics; false when the music service does not say. */
  explicit: Scalars['Boolean']['output'];
  /** The track's id. */
  id: Scalars['ID']['output'];
  /** Whether the listener can play it in their country; null when the music service does not say. */
  isPlayable: Maybe<Scalars['Boolean']['output']>;
  /** The track's title. */
  name: Scalars['String']['output'];
  /** How popular it is now, from 0 to 100; null when the music service does not say (development mode). */
  popularity: Maybe<Scalars['Int']['output']>;
  /** The address of a 30-second preview; null when there is none or the music service does not say. */
  previewUrl: Maybe<Scalars['String']['output']>;
  /** Whether the signed-in listener saved this track; null for an anonymous request. */
  saved: Maybe<Scalars['Boolean']['output']>;
  /**
   * The full audio of the track, for a client that plays it itself: with the local music service, a WAV file
   * served with byte ranges (seekable); null with Spotify, whose audio only its own players play.
   */
  streamUrl: Maybe<Scalars['String']['output']>;
  /** Its place on its disc, counting from 1. */
  trackNumber: Scalars['Int']['output'];
  /** The track's URI, `spotify:track:<id>`, to play it or add it to a playlist. */
  uri: Scalars['String']['output'];
};

/** A page of tracks. */
export type TrackConnection = {
  __typename?: 'TrackConnection';
  /** The tracks of this page, each with its cursor. */
  edges: Array<TrackEdge>;
  /** The tracks of this page. */
  nodes: Array<Track>;
  /** Where this page stands in the whole list. */
  pageInfo: PageInfo;
  /** How many tracks the whole list holds. */
  totalCount: Scalars['Int']['output'];
};

/** One track of a list. */
export type TrackEdge = {
  __typename?: 'TrackEdge';
  /** Pass it as `after` to get the tracks that follow this one. */
  cursor: Scalars['String']['output'];
  /** The track. */
  node: Track;
};

/** Where to move playback. */
export type TransferPlaybackInput = {
  /** The device to play on. */
  deviceId: Scalars['ID']['input'];
  /** Whether it starts playing there; when absent, it keeps the current state. */
  play?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The player after the move. */
export type TransferPlaybackPayload = {
  __typename?: 'TransferPlaybackPayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** Artists to unfollow. */
export type UnfollowArtistsInput = {
  /** The artists' ids, 1 to 200. */
  artistIds: Array<Scalars['ID']['input']>;
};

/** What `unfollowArtists` changed. */
export type UnfollowArtistsPayload = {
  __typename?: 'UnfollowArtistsPayload';
  /** The artists, now `following: false`, in input order. */
  artists: Maybe<Array<Artist>>;
};

/** A playlist to unfollow. */
export type UnfollowPlaylistInput = {
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
};

/** What `unfollowPlaylist` changed. */
export type UnfollowPlaylistPayload = {
  __typename?: 'UnfollowPlaylistPayload';
  /** The playlist, no longer `following`. */
  playlist: Maybe<Playlist>;
};

/** The device to remove. */
export type UnregisterPlaybackDeviceInput = {
  /** Its id, as registering it answered. */
  deviceId: Scalars['ID']['input'];
};

/** The player without the device. */
export type UnregisterPlaybackDevicePayload = {
  __typename?: 'UnregisterPlaybackDevicePayload';
  /** The player as it is now (asked for only when selected). */
  player: Maybe<Player>;
};

/** A playlist and the details to change. */
export type UpdatePlaylistDetailsInput = {
  /** Whether others may change its items (a collaborative playlist cannot be public). */
  collaborative?: InputMaybe<Scalars['Boolean']['input']>;
  /** The new description: at most 300 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The new name: 1 to 100 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The playlist's id. */
  playlistId: Scalars['ID']['input'];
  /** Whether it shows on the owner's profile. */
  public?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What `updatePlaylistDetails` changed. */
export type UpdatePlaylistDetailsPayload = {
  __typename?: 'UpdatePlaylistDetailsPayload';
  /** The playlist with its new details. */
  playlist: Maybe<Playlist>;
};

/** The music v1 service that answers this API's calls. */
export type Upstream = {
  __typename?: 'Upstream';
  /**
   * What this music service can do: clients hide the features it lacks (the fields that would answer
   * FEATURE_UNAVAILABLE).
   */
  features: UpstreamFeatures;
  /** Its name as people know it, for sign-in buttons and messages. */
  name: Scalars['String']['output'];
  /** Which kind of service it is. */
  provider: MusicProvider;
};

/**
 * The features a music service may lack. Spotify's development mode lacks all of them; the local
 * music service has all of them. Learnt from the configuration and from the service's answers.
 */
export type UpstreamFeatures = {
  __typename?: 'UpstreamFeatures';
  /** Whether `Artist.topTracks` works. */
  artistTopTracks: Scalars['Boolean']['output'];
  /** Whether `Track.audioFeatures` works. */
  audioFeatures: Scalars['Boolean']['output'];
  /** Whether browsing works: `newReleases`, `featuredPlaylists`, `categories` and `category`. */
  browse: Scalars['Boolean']['output'];
  /** Whether popularity, followers, genres, labels and previews are given (null otherwise). */
  extendedMetadata: Scalars['Boolean']['output'];
  /**
   * Whether it fetches many items in one call (`tracks(ids:)` and the other lists by ids work
   * everywhere, but are slower without it).
   */
  multiGet: Scalars['Boolean']['output'];
  /**
   * Whether other listeners' profiles and playlists can be read (`user`, the items of playlists the
   * listener neither owns nor collaborates on).
   */
  otherUsers: Scalars['Boolean']['output'];
  /** Whether `recommendations` and `genreSeeds` work. */
  recommendations: Scalars['Boolean']['output'];
  /** Whether `Artist.relatedArtists` works. */
  relatedArtists: Scalars['Boolean']['output'];
};

/** A listener as others see them. */
export type User = {
  __typename?: 'User';
  /**
   * The name shown for the listener; null when they have not set one. FEATURE_UNAVAILABLE on a
   * development-mode upstream when only the id was known (e.g. who added a playlist item).
   */
  displayName: Maybe<Scalars['String']['output']>;
  /**
   * How many people follow the listener; null when the upstream does not say. FEATURE_UNAVAILABLE on a
   * development-mode upstream for listeners other than the signed-in one.
   */
  followersCount: Maybe<Scalars['Int']['output']>;
  /** The listener's id. */
  id: Scalars['ID']['output'];
  /**
   * The listener's picture in several sizes; empty when they have none. FEATURE_UNAVAILABLE on a
   * development-mode upstream for listeners other than the signed-in one.
   */
  images: Array<Image>;
  /**
   * The listener's public playlists. `first`: default 20, from 1 to 50. FEATURE_UNAVAILABLE on a
   * development-mode upstream (use `Me.playlists` for one's own).
   */
  playlists: PlaylistConnection;
  /** The listener's URI, `spotify:user:<id>`. */
  uri: Scalars['String']['output'];
};


/** A listener as others see them. */
export type UserPlaylistsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;



/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  PlayHistoryContext:
    | ( AlbumParent )
    | ( ArtistParent )
    | ( PlaylistParent )
    | ( ShowParent )
  ;
  PlayableItem:
    | ( EpisodeParent )
    | ( TrackParent )
  ;
}>;


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AccountProduct: ResolverTypeWrapper<AccountProduct>;
  AddPlaylistItemsInput: AddPlaylistItemsInput;
  AddPlaylistItemsPayload: ResolverTypeWrapper<Omit<AddPlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  AddToQueueInput: AddToQueueInput;
  AddToQueuePayload: ResolverTypeWrapper<PlayerParent>;
  Album: ResolverTypeWrapper<AlbumParent>;
  AlbumConnection: ResolverTypeWrapper<Omit<AlbumConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['AlbumEdge']>, nodes: Array<ResolversTypes['Album']> }>;
  AlbumEdge: ResolverTypeWrapper<Omit<AlbumEdge, 'node'> & { node: ResolversTypes['Album'] }>;
  AlbumGroup: ResolverTypeWrapper<AlbumGroup>;
  AlbumType: ResolverTypeWrapper<AlbumType>;
  Artist: ResolverTypeWrapper<ArtistParent>;
  ArtistConnection: ResolverTypeWrapper<Omit<ArtistConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ArtistEdge']>, nodes: Array<ResolversTypes['Artist']> }>;
  ArtistEdge: ResolverTypeWrapper<Omit<ArtistEdge, 'node'> & { node: ResolversTypes['Artist'] }>;
  AudioFeatures: ResolverTypeWrapper<V1AudioFeatures>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Category: ResolverTypeWrapper<V1Category>;
  CategoryConnection: ResolverTypeWrapper<Omit<CategoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['CategoryEdge']>, nodes: Array<ResolversTypes['Category']> }>;
  CategoryEdge: ResolverTypeWrapper<Omit<CategoryEdge, 'node'> & { node: ResolversTypes['Category'] }>;
  ClearQueuePayload: ResolverTypeWrapper<PlayerParent>;
  Copyright: ResolverTypeWrapper<Omit<Copyright, 'type'> & { type: ResolversTypes['CopyrightType'] }>;
  CopyrightType: ResolverTypeWrapper<CopyrightType>;
  CreatePlaylistInput: CreatePlaylistInput;
  CreatePlaylistPayload: ResolverTypeWrapper<Omit<CreatePlaylistPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  Device: ResolverTypeWrapper<V1Device>;
  Episode: ResolverTypeWrapper<EpisodeParent>;
  EpisodeConnection: ResolverTypeWrapper<Omit<EpisodeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['EpisodeEdge']>, nodes: Array<ResolversTypes['Episode']> }>;
  EpisodeEdge: ResolverTypeWrapper<Omit<EpisodeEdge, 'node'> & { node: ResolversTypes['Episode'] }>;
  ErrorCode: ErrorCode;
  FeaturedPlaylists: ResolverTypeWrapper<Omit<FeaturedPlaylists, 'playlists'> & { playlists: ResolversTypes['PlaylistConnection'] }>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  FloatTuning: FloatTuning;
  FollowArtistsInput: FollowArtistsInput;
  FollowArtistsPayload: ResolverTypeWrapper<LibraryChangeParent>;
  FollowPlaylistInput: FollowPlaylistInput;
  FollowPlaylistPayload: ResolverTypeWrapper<Omit<FollowPlaylistPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Image: ResolverTypeWrapper<V1Image>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  IntTuning: IntTuning;
  KeepPlaybackDeviceInput: KeepPlaybackDeviceInput;
  KeepPlaybackDevicePayload: ResolverTypeWrapper<Omit<KeepPlaybackDevicePayload, 'device'> & { device?: Maybe<ResolversTypes['Device']> }>;
  Me: ResolverTypeWrapper<V1PrivateUser>;
  Mode: Mode;
  MusicProvider: MusicProvider;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PausePlaybackInput: PausePlaybackInput;
  PausePlaybackPayload: ResolverTypeWrapper<PlayerParent>;
  PlayHistoryConnection: ResolverTypeWrapper<Omit<PlayHistoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['PlayHistoryEdge']>, nodes: Array<ResolversTypes['Track']> }>;
  PlayHistoryContext: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PlayHistoryContext']>;
  PlayHistoryEdge: ResolverTypeWrapper<PlayHistoryEdgeParent>;
  PlayableItem: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PlayableItem']>;
  PlaybackContext: ResolverTypeWrapper<PlaybackContextParent>;
  PlaybackContextType: ResolverTypeWrapper<PlaybackContextType>;
  PlaybackState: ResolverTypeWrapper<V1PlaybackState>;
  Player: ResolverTypeWrapper<PlayerParent>;
  Playlist: ResolverTypeWrapper<PlaylistParent>;
  PlaylistConnection: ResolverTypeWrapper<Omit<PlaylistConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['PlaylistEdge']>, nodes: Array<ResolversTypes['Playlist']> }>;
  PlaylistEdge: ResolverTypeWrapper<Omit<PlaylistEdge, 'node'> & { node: ResolversTypes['Playlist'] }>;
  PlaylistItemConnection: ResolverTypeWrapper<Omit<PlaylistItemConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['PlaylistItemEdge']>, nodes: Array<ResolversTypes['PlayableItem']> }>;
  PlaylistItemEdge: ResolverTypeWrapper<Omit<PlaylistItemEdge, 'addedBy' | 'node'> & { addedBy?: Maybe<ResolversTypes['User']>, node: ResolversTypes['PlayableItem'] }>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Queue: ResolverTypeWrapper<V1Queue>;
  RecommendationSeed: ResolverTypeWrapper<RecommendationSeedParent>;
  RecommendationSeedType: RecommendationSeedType;
  Recommendations: ResolverTypeWrapper<V1Recommendations>;
  RecommendationsInput: RecommendationsInput;
  RegisterPlaybackDeviceInput: RegisterPlaybackDeviceInput;
  RegisterPlaybackDevicePayload: ResolverTypeWrapper<RegisteredDeviceParent>;
  ReleaseDatePrecision: ResolverTypeWrapper<ReleaseDatePrecision>;
  RemoveFromLibraryInput: RemoveFromLibraryInput;
  RemoveFromLibraryPayload: ResolverTypeWrapper<LibraryChangeParent>;
  RemoveFromQueueInput: RemoveFromQueueInput;
  RemoveFromQueuePayload: ResolverTypeWrapper<PlayerParent>;
  RemovePlaylistItemsInput: RemovePlaylistItemsInput;
  RemovePlaylistItemsPayload: ResolverTypeWrapper<Omit<RemovePlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  ReorderPlaylistItemsInput: ReorderPlaylistItemsInput;
  ReorderPlaylistItemsPayload: ResolverTypeWrapper<Omit<ReorderPlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  RepeatMode: ResolverTypeWrapper<RepeatMode>;
  ReplacePlaylistItemsInput: ReplacePlaylistItemsInput;
  ReplacePlaylistItemsPayload: ResolverTypeWrapper<Omit<ReplacePlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  ResumePoint: ResolverTypeWrapper<V1ResumePoint>;
  SaveToLibraryInput: SaveToLibraryInput;
  SaveToLibraryPayload: ResolverTypeWrapper<LibraryChangeParent>;
  SavedAlbumConnection: ResolverTypeWrapper<Omit<SavedAlbumConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SavedAlbumEdge']>, nodes: Array<ResolversTypes['Album']> }>;
  SavedAlbumEdge: ResolverTypeWrapper<Omit<SavedAlbumEdge, 'node'> & { node: ResolversTypes['Album'] }>;
  SavedEpisodeConnection: ResolverTypeWrapper<Omit<SavedEpisodeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SavedEpisodeEdge']>, nodes: Array<ResolversTypes['Episode']> }>;
  SavedEpisodeEdge: ResolverTypeWrapper<Omit<SavedEpisodeEdge, 'node'> & { node: ResolversTypes['Episode'] }>;
  SavedShowConnection: ResolverTypeWrapper<Omit<SavedShowConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SavedShowEdge']>, nodes: Array<ResolversTypes['Show']> }>;
  SavedShowEdge: ResolverTypeWrapper<Omit<SavedShowEdge, 'node'> & { node: ResolversTypes['Show'] }>;
  SavedTrackConnection: ResolverTypeWrapper<Omit<SavedTrackConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['SavedTrackEdge']>, nodes: Array<ResolversTypes['Track']> }>;
  SavedTrackEdge: ResolverTypeWrapper<Omit<SavedTrackEdge, 'node'> & { node: ResolversTypes['Track'] }>;
  SearchResults: ResolverTypeWrapper<Omit<SearchResults, 'albums' | 'artists' | 'episodes' | 'playlists' | 'shows' | 'tracks'> & { albums?: Maybe<ResolversTypes['AlbumConnection']>, artists?: Maybe<ResolversTypes['ArtistConnection']>, episodes?: Maybe<ResolversTypes['EpisodeConnection']>, playlists?: Maybe<ResolversTypes['PlaylistConnection']>, shows?: Maybe<ResolversTypes['ShowConnection']>, tracks?: Maybe<ResolversTypes['TrackConnection']> }>;
  SearchType: ResolverTypeWrapper<SearchType>;
  SeekPlaybackInput: SeekPlaybackInput;
  SeekPlaybackPayload: ResolverTypeWrapper<PlayerParent>;
  SetPlaybackSpeedInput: SetPlaybackSpeedInput;
  SetPlaybackSpeedPayload: ResolverTypeWrapper<PlayerParent>;
  SetRepeatModeInput: SetRepeatModeInput;
  SetRepeatModePayload: ResolverTypeWrapper<PlayerParent>;
  SetShuffleInput: SetShuffleInput;
  SetShufflePayload: ResolverTypeWrapper<PlayerParent>;
  SetVolumeInput: SetVolumeInput;
  SetVolumePayload: ResolverTypeWrapper<PlayerParent>;
  Show: ResolverTypeWrapper<ShowParent>;
  ShowConnection: ResolverTypeWrapper<Omit<ShowConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ShowEdge']>, nodes: Array<ResolversTypes['Show']> }>;
  ShowEdge: ResolverTypeWrapper<Omit<ShowEdge, 'node'> & { node: ResolversTypes['Show'] }>;
  SkipToNextInput: SkipToNextInput;
  SkipToNextPayload: ResolverTypeWrapper<PlayerParent>;
  SkipToPreviousInput: SkipToPreviousInput;
  SkipToPreviousPayload: ResolverTypeWrapper<PlayerParent>;
  StartPlaybackInput: StartPlaybackInput;
  StartPlaybackPayload: ResolverTypeWrapper<PlayerParent>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  TimeRange: ResolverTypeWrapper<TimeRange>;
  Track: ResolverTypeWrapper<TrackParent>;
  TrackConnection: ResolverTypeWrapper<Omit<TrackConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['TrackEdge']>, nodes: Array<ResolversTypes['Track']> }>;
  TrackEdge: ResolverTypeWrapper<Omit<TrackEdge, 'node'> & { node: ResolversTypes['Track'] }>;
  TransferPlaybackInput: TransferPlaybackInput;
  TransferPlaybackPayload: ResolverTypeWrapper<PlayerParent>;
  UnfollowArtistsInput: UnfollowArtistsInput;
  UnfollowArtistsPayload: ResolverTypeWrapper<LibraryChangeParent>;
  UnfollowPlaylistInput: UnfollowPlaylistInput;
  UnfollowPlaylistPayload: ResolverTypeWrapper<Omit<UnfollowPlaylistPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  UnregisterPlaybackDeviceInput: UnregisterPlaybackDeviceInput;
  UnregisterPlaybackDevicePayload: ResolverTypeWrapper<PlayerParent>;
  UpdatePlaylistDetailsInput: UpdatePlaylistDetailsInput;
  UpdatePlaylistDetailsPayload: ResolverTypeWrapper<Omit<UpdatePlaylistDetailsPayload, 'playlist'> & { playlist?: Maybe<ResolversTypes['Playlist']> }>;
  Upstream: ResolverTypeWrapper<UpstreamParent>;
  UpstreamFeatures: ResolverTypeWrapper<UpstreamFeatures>;
  User: ResolverTypeWrapper<UserParent>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AddPlaylistItemsInput: AddPlaylistItemsInput;
  AddPlaylistItemsPayload: Omit<AddPlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  AddToQueueInput: AddToQueueInput;
  AddToQueuePayload: PlayerParent;
  Album: AlbumParent;
  AlbumConnection: Omit<AlbumConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['AlbumEdge']>, nodes: Array<ResolversParentTypes['Album']> };
  AlbumEdge: Omit<AlbumEdge, 'node'> & { node: ResolversParentTypes['Album'] };
  Artist: ArtistParent;
  ArtistConnection: Omit<ArtistConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ArtistEdge']>, nodes: Array<ResolversParentTypes['Artist']> };
  ArtistEdge: Omit<ArtistEdge, 'node'> & { node: ResolversParentTypes['Artist'] };
  AudioFeatures: V1AudioFeatures;
  Boolean: Scalars['Boolean']['output'];
  Category: V1Category;
  CategoryConnection: Omit<CategoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['CategoryEdge']>, nodes: Array<ResolversParentTypes['Category']> };
  CategoryEdge: Omit<CategoryEdge, 'node'> & { node: ResolversParentTypes['Category'] };
  ClearQueuePayload: PlayerParent;
  Copyright: Copyright;
  CreatePlaylistInput: CreatePlaylistInput;
  CreatePlaylistPayload: Omit<CreatePlaylistPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  Device: V1Device;
  Episode: EpisodeParent;
  EpisodeConnection: Omit<EpisodeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['EpisodeEdge']>, nodes: Array<ResolversParentTypes['Episode']> };
  EpisodeEdge: Omit<EpisodeEdge, 'node'> & { node: ResolversParentTypes['Episode'] };
  FeaturedPlaylists: Omit<FeaturedPlaylists, 'playlists'> & { playlists: ResolversParentTypes['PlaylistConnection'] };
  Float: Scalars['Float']['output'];
  FloatTuning: FloatTuning;
  FollowArtistsInput: FollowArtistsInput;
  FollowArtistsPayload: LibraryChangeParent;
  FollowPlaylistInput: FollowPlaylistInput;
  FollowPlaylistPayload: Omit<FollowPlaylistPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  ID: Scalars['ID']['output'];
  Image: V1Image;
  Int: Scalars['Int']['output'];
  IntTuning: IntTuning;
  KeepPlaybackDeviceInput: KeepPlaybackDeviceInput;
  KeepPlaybackDevicePayload: Omit<KeepPlaybackDevicePayload, 'device'> & { device?: Maybe<ResolversParentTypes['Device']> };
  Me: V1PrivateUser;
  Mutation: Record<PropertyKey, never>;
  PageInfo: PageInfo;
  PausePlaybackInput: PausePlaybackInput;
  PausePlaybackPayload: PlayerParent;
  PlayHistoryConnection: Omit<PlayHistoryConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['PlayHistoryEdge']>, nodes: Array<ResolversParentTypes['Track']> };
  PlayHistoryContext: ResolversUnionTypes<ResolversParentTypes>['PlayHistoryContext'];
  PlayHistoryEdge: PlayHistoryEdgeParent;
  PlayableItem: ResolversUnionTypes<ResolversParentTypes>['PlayableItem'];
  PlaybackContext: PlaybackContextParent;
  PlaybackState: V1PlaybackState;
  Player: PlayerParent;
  Playlist: PlaylistParent;
  PlaylistConnection: Omit<PlaylistConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['PlaylistEdge']>, nodes: Array<ResolversParentTypes['Playlist']> };
  PlaylistEdge: Omit<PlaylistEdge, 'node'> & { node: ResolversParentTypes['Playlist'] };
  PlaylistItemConnection: Omit<PlaylistItemConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['PlaylistItemEdge']>, nodes: Array<ResolversParentTypes['PlayableItem']> };
  PlaylistItemEdge: Omit<PlaylistItemEdge, 'addedBy' | 'node'> & { addedBy?: Maybe<ResolversParentTypes['User']>, node: ResolversParentTypes['PlayableItem'] };
  Query: Record<PropertyKey, never>;
  Queue: V1Queue;
  RecommendationSeed: RecommendationSeedParent;
  Recommendations: V1Recommendations;
  RecommendationsInput: RecommendationsInput;
  RegisterPlaybackDeviceInput: RegisterPlaybackDeviceInput;
  RegisterPlaybackDevicePayload: RegisteredDeviceParent;
  RemoveFromLibraryInput: RemoveFromLibraryInput;
  RemoveFromLibraryPayload: LibraryChangeParent;
  RemoveFromQueueInput: RemoveFromQueueInput;
  RemoveFromQueuePayload: PlayerParent;
  RemovePlaylistItemsInput: RemovePlaylistItemsInput;
  RemovePlaylistItemsPayload: Omit<RemovePlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  ReorderPlaylistItemsInput: ReorderPlaylistItemsInput;
  ReorderPlaylistItemsPayload: Omit<ReorderPlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  ReplacePlaylistItemsInput: ReplacePlaylistItemsInput;
  ReplacePlaylistItemsPayload: Omit<ReplacePlaylistItemsPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  ResumePoint: V1ResumePoint;
  SaveToLibraryInput: SaveToLibraryInput;
  SaveToLibraryPayload: LibraryChangeParent;
  SavedAlbumConnection: Omit<SavedAlbumConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SavedAlbumEdge']>, nodes: Array<ResolversParentTypes['Album']> };
  SavedAlbumEdge: Omit<SavedAlbumEdge, 'node'> & { node: ResolversParentTypes['Album'] };
  SavedEpisodeConnection: Omit<SavedEpisodeConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SavedEpisodeEdge']>, nodes: Array<ResolversParentTypes['Episode']> };
  SavedEpisodeEdge: Omit<SavedEpisodeEdge, 'node'> & { node: ResolversParentTypes['Episode'] };
  SavedShowConnection: Omit<SavedShowConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SavedShowEdge']>, nodes: Array<ResolversParentTypes['Show']> };
  SavedShowEdge: Omit<SavedShowEdge, 'node'> & { node: ResolversParentTypes['Show'] };
  SavedTrackConnection: Omit<SavedTrackConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['SavedTrackEdge']>, nodes: Array<ResolversParentTypes['Track']> };
  SavedTrackEdge: Omit<SavedTrackEdge, 'node'> & { node: ResolversParentTypes['Track'] };
  SearchResults: Omit<SearchResults, 'albums' | 'artists' | 'episodes' | 'playlists' | 'shows' | 'tracks'> & { albums?: Maybe<ResolversParentTypes['AlbumConnection']>, artists?: Maybe<ResolversParentTypes['ArtistConnection']>, episodes?: Maybe<ResolversParentTypes['EpisodeConnection']>, playlists?: Maybe<ResolversParentTypes['PlaylistConnection']>, shows?: Maybe<ResolversParentTypes['ShowConnection']>, tracks?: Maybe<ResolversParentTypes['TrackConnection']> };
  SeekPlaybackInput: SeekPlaybackInput;
  SeekPlaybackPayload: PlayerParent;
  SetPlaybackSpeedInput: SetPlaybackSpeedInput;
  SetPlaybackSpeedPayload: PlayerParent;
  SetRepeatModeInput: SetRepeatModeInput;
  SetRepeatModePayload: PlayerParent;
  SetShuffleInput: SetShuffleInput;
  SetShufflePayload: PlayerParent;
  SetVolumeInput: SetVolumeInput;
  SetVolumePayload: PlayerParent;
  Show: ShowParent;
  ShowConnection: Omit<ShowConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ShowEdge']>, nodes: Array<ResolversParentTypes['Show']> };
  ShowEdge: Omit<ShowEdge, 'node'> & { node: ResolversParentTypes['Show'] };
  SkipToNextInput: SkipToNextInput;
  SkipToNextPayload: PlayerParent;
  SkipToPreviousInput: SkipToPreviousInput;
  SkipToPreviousPayload: PlayerParent;
  StartPlaybackInput: StartPlaybackInput;
  StartPlaybackPayload: PlayerParent;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  Track: TrackParent;
  TrackConnection: Omit<TrackConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['TrackEdge']>, nodes: Array<ResolversParentTypes['Track']> };
  TrackEdge: Omit<TrackEdge, 'node'> & { node: ResolversParentTypes['Track'] };
  TransferPlaybackInput: TransferPlaybackInput;
  TransferPlaybackPayload: PlayerParent;
  UnfollowArtistsInput: UnfollowArtistsInput;
  UnfollowArtistsPayload: LibraryChangeParent;
  UnfollowPlaylistInput: UnfollowPlaylistInput;
  UnfollowPlaylistPayload: Omit<UnfollowPlaylistPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  UnregisterPlaybackDeviceInput: UnregisterPlaybackDeviceInput;
  UnregisterPlaybackDevicePayload: PlayerParent;
  UpdatePlaylistDetailsInput: UpdatePlaylistDetailsInput;
  UpdatePlaylistDetailsPayload: Omit<UpdatePlaylistDetailsPayload, 'playlist'> & { playlist?: Maybe<ResolversParentTypes['Playlist']> };
  Upstream: UpstreamParent;
  UpstreamFeatures: UpstreamFeatures;
  User: UserParent;
}>;

export type CostDirectiveArgs = {
  multipliers?: Maybe<Array<Scalars['String']['input']>>;
  weight?: Maybe<Scalars['Int']['input']>;
};

export type CostDirectiveResolver<Result, Parent, ContextType = Context, Args = CostDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type PageSizeDirectiveArgs = {
  max: Scalars['Int']['input'];
  min?: Scalars['Int']['input'];
};

export type PageSizeDirectiveResolver<Result, Parent, ContextType = Context, Args = PageSizeDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AccountProductResolvers = { FREE: 'free', OPEN: 'open', PREMIUM: 'premium' };

export type AddPlaylistItemsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AddPlaylistItemsPayload'] = ResolversParentTypes['AddPlaylistItemsPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type AddToQueuePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AddToQueuePayload'] = ResolversParentTypes['AddToQueuePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type AlbumResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Album'] = ResolversParentTypes['Album']> = ResolversObject<{
  albumGroup?: Resolver<Maybe<ResolversTypes['AlbumGroup']>, ParentType, ContextType>;
  albumType?: Resolver<ResolversTypes['AlbumType'], ParentType, ContextType>;
  artists?: Resolver<Array<ResolversTypes['Artist']>, ParentType, ContextType>;
  copyrights?: Resolver<Array<ResolversTypes['Copyright']>, ParentType, ContextType>;
  genres?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  popularity?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  releaseDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  releaseDatePrecision?: Resolver<ResolversTypes['ReleaseDatePrecision'], ParentType, ContextType>;
  saved?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  totalTracks?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tracks?: Resolver<ResolversTypes['TrackConnection'], ParentType, ContextType, RequireFields<AlbumTracksArgs, 'first'>>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type AlbumConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AlbumConnection'] = ResolversParentTypes['AlbumConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AlbumEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Album']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type AlbumEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AlbumEdge'] = ResolversParentTypes['AlbumEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Album'], ParentType, ContextType>;
}>;

export type AlbumGroupResolvers = { ALBUM: 'album', APPEARS_ON: 'appears_on', COMPILATION: 'compilation', SINGLE: 'single' };

export type AlbumTypeResolvers = { ALBUM: 'album', COMPILATION: 'compilation', SINGLE: 'single' };

export type ArtistResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Artist'] = ResolversParentTypes['Artist']> = ResolversObject<{
  albums?: Resolver<ResolversTypes['AlbumConnection'], ParentType, ContextType, RequireFields<ArtistAlbumsArgs, 'first'>>;
  followersCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  following?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  genres?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  popularity?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  relatedArtists?: Resolver<Maybe<Array<ResolversTypes['Artist']>>, ParentType, ContextType>;
  topTracks?: Resolver<Maybe<Array<ResolversTypes['Track']>>, ParentType, ContextType>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ArtistConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ArtistConnection'] = ResolversParentTypes['ArtistConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ArtistEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Artist']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ArtistEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ArtistEdge'] = ResolversParentTypes['ArtistEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Artist'], ParentType, ContextType>;
}>;

export type AudioFeaturesResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AudioFeatures'] = ResolversParentTypes['AudioFeatures']> = ResolversObject<{
  acousticness?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  danceability?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  energy?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  instrumentalness?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  liveness?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  loudness?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  mode?: Resolver<Maybe<ResolversTypes['Mode']>, ParentType, ContextType>;
  speechiness?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  tempo?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  timeSignature?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  valence?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type CategoryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = ResolversObject<{
  icons?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  playlists?: Resolver<Maybe<ResolversTypes['PlaylistConnection']>, ParentType, ContextType, RequireFields<CategoryPlaylistsArgs, 'first'>>;
}>;

export type CategoryConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CategoryConnection'] = ResolversParentTypes['CategoryConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['CategoryEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type CategoryEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CategoryEdge'] = ResolversParentTypes['CategoryEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
}>;

export type ClearQueuePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ClearQueuePayload'] = ResolversParentTypes['ClearQueuePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type CopyrightResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Copyright'] = ResolversParentTypes['Copyright']> = ResolversObject<{
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['CopyrightType'], ParentType, ContextType>;
}>;

export type CopyrightTypeResolvers = { COPYRIGHT: 'C', PERFORMANCE: 'P' };

export type CreatePlaylistPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['CreatePlaylistPayload'] = ResolversParentTypes['CreatePlaylistPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type DeviceResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Device'] = ResolversParentTypes['Device']> = ResolversObject<{
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPrivateSession?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isRestricted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  registeredByClient?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  supportsVolume?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  volumePercent?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type EpisodeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Episode'] = ResolversParentTypes['Episode']> = ResolversObject<{
  audioPreviewUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  explicit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  releaseDate?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  resumePoint?: Resolver<Maybe<ResolversTypes['ResumePoint']>, ParentType, ContextType>;
  saved?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  show?: Resolver<ResolversTypes['Show'], ParentType, ContextType>;
  streamUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type EpisodeConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['EpisodeConnection'] = ResolversParentTypes['EpisodeConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['EpisodeEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Episode']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type EpisodeEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['EpisodeEdge'] = ResolversParentTypes['EpisodeEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Episode'], ParentType, ContextType>;
}>;

export type FeaturedPlaylistsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['FeaturedPlaylists'] = ResolversParentTypes['FeaturedPlaylists']> = ResolversObject<{
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  playlists?: Resolver<ResolversTypes['PlaylistConnection'], ParentType, ContextType>;
}>;

export type FollowArtistsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['FollowArtistsPayload'] = ResolversParentTypes['FollowArtistsPayload']> = ResolversObject<{
  artists?: Resolver<Maybe<Array<ResolversTypes['Artist']>>, ParentType, ContextType>;
}>;

export type FollowPlaylistPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['FollowPlaylistPayload'] = ResolversParentTypes['FollowPlaylistPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type ImageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Image'] = ResolversParentTypes['Image']> = ResolversObject<{
  height?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  width?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type KeepPlaybackDevicePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['KeepPlaybackDevicePayload'] = ResolversParentTypes['KeepPlaybackDevicePayload']> = ResolversObject<{
  device?: Resolver<Maybe<ResolversTypes['Device']>, ParentType, ContextType>;
}>;

export type MeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Me'] = ResolversParentTypes['Me']> = ResolversObject<{
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  followedArtists?: Resolver<ResolversTypes['ArtistConnection'], ParentType, ContextType, RequireFields<MeFollowedArtistsArgs, 'first'>>;
  followersCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  libraryContains?: Resolver<Array<ResolversTypes['Boolean']>, ParentType, ContextType, RequireFields<MeLibraryContainsArgs, 'uris'>>;
  playlists?: Resolver<ResolversTypes['PlaylistConnection'], ParentType, ContextType, RequireFields<MePlaylistsArgs, 'first'>>;
  product?: Resolver<Maybe<ResolversTypes['AccountProduct']>, ParentType, ContextType>;
  recentlyPlayed?: Resolver<ResolversTypes['PlayHistoryConnection'], ParentType, ContextType, RequireFields<MeRecentlyPlayedArgs, 'first'>>;
  savedAlbums?: Resolver<ResolversTypes['SavedAlbumConnection'], ParentType, ContextType, RequireFields<MeSavedAlbumsArgs, 'first'>>;
  savedEpisodes?: Resolver<ResolversTypes['SavedEpisodeConnection'], ParentType, ContextType, RequireFields<MeSavedEpisodesArgs, 'first'>>;
  savedShows?: Resolver<ResolversTypes['SavedShowConnection'], ParentType, ContextType, RequireFields<MeSavedShowsArgs, 'first'>>;
  savedTracks?: Resolver<ResolversTypes['SavedTrackConnection'], ParentType, ContextType, RequireFields<MeSavedTracksArgs, 'first'>>;
  topArtists?: Resolver<ResolversTypes['ArtistConnection'], ParentType, ContextType, RequireFields<MeTopArtistsArgs, 'first' | 'timeRange'>>;
  topTracks?: Resolver<ResolversTypes['TrackConnection'], ParentType, ContextType, RequireFields<MeTopTracksArgs, 'first' | 'timeRange'>>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  addPlaylistItems?: Resolver<Maybe<ResolversTypes['AddPlaylistItemsPayload']>, ParentType, ContextType, RequireFields<MutationAddPlaylistItemsArgs, 'input'>>;
  addToQueue?: Resolver<Maybe<ResolversTypes['AddToQueuePayload']>, ParentType, ContextType, RequireFields<MutationAddToQueueArgs, 'input'>>;
  clearQueue?: Resolver<Maybe<ResolversTypes['ClearQueuePayload']>, ParentType, ContextType>;
  createPlaylist?: Resolver<Maybe<ResolversTypes['CreatePlaylistPayload']>, ParentType, ContextType, RequireFields<MutationCreatePlaylistArgs, 'input'>>;
  followArtists?: Resolver<Maybe<ResolversTypes['FollowArtistsPayload']>, ParentType, ContextType, RequireFields<MutationFollowArtistsArgs, 'input'>>;
  followPlaylist?: Resolver<Maybe<ResolversTypes['FollowPlaylistPayload']>, ParentType, ContextType, RequireFields<MutationFollowPlaylistArgs, 'input'>>;
  keepPlaybackDevice?: Resolver<Maybe<ResolversTypes['KeepPlaybackDevicePayload']>, ParentType, ContextType, RequireFields<MutationKeepPlaybackDeviceArgs, 'input'>>;
  pausePlayback?: Resolver<Maybe<ResolversTypes['PausePlaybackPayload']>, ParentType, ContextType, RequireFields<MutationPausePlaybackArgs, 'input'>>;
  registerPlaybackDevice?: Resolver<Maybe<ResolversTypes['RegisterPlaybackDevicePayload']>, ParentType, ContextType, RequireFields<MutationRegisterPlaybackDeviceArgs, 'input'>>;
  removeFromLibrary?: Resolver<Maybe<ResolversTypes['RemoveFromLibraryPayload']>, ParentType, ContextType, RequireFields<MutationRemoveFromLibraryArgs, 'input'>>;
  removeFromQueue?: Resolver<Maybe<ResolversTypes['RemoveFromQueuePayload']>, ParentType, ContextType, RequireFields<MutationRemoveFromQueueArgs, 'input'>>;
  removePlaylistItems?: Resolver<Maybe<ResolversTypes['RemovePlaylistItemsPayload']>, ParentType, ContextType, RequireFields<MutationRemovePlaylistItemsArgs, 'input'>>;
  reorderPlaylistItems?: Resolver<Maybe<ResolversTypes['ReorderPlaylistItemsPayload']>, ParentType, ContextType, RequireFields<MutationReorderPlaylistItemsArgs, 'input'>>;
  replacePlaylistItems?: Resolver<Maybe<ResolversTypes['ReplacePlaylistItemsPayload']>, ParentType, ContextType, RequireFields<MutationReplacePlaylistItemsArgs, 'input'>>;
  saveToLibrary?: Resolver<Maybe<ResolversTypes['SaveToLibraryPayload']>, ParentType, ContextType, RequireFields<MutationSaveToLibraryArgs, 'input'>>;
  seekPlayback?: Resolver<Maybe<ResolversTypes['SeekPlaybackPayload']>, ParentType, ContextType, RequireFields<MutationSeekPlaybackArgs, 'input'>>;
  setPlaybackSpeed?: Resolver<Maybe<ResolversTypes['SetPlaybackSpeedPayload']>, ParentType, ContextType, RequireFields<MutationSetPlaybackSpeedArgs, 'input'>>;
  setRepeatMode?: Resolver<Maybe<ResolversTypes['SetRepeatModePayload']>, ParentType, ContextType, RequireFields<MutationSetRepeatModeArgs, 'input'>>;
  setShuffle?: Resolver<Maybe<ResolversTypes['SetShufflePayload']>, ParentType, ContextType, RequireFields<MutationSetShuffleArgs, 'input'>>;
  setVolume?: Resolver<Maybe<ResolversTypes['SetVolumePayload']>, ParentType, ContextType, RequireFields<MutationSetVolumeArgs, 'input'>>;
  skipToNext?: Resolver<Maybe<ResolversTypes['SkipToNextPayload']>, ParentType, ContextType, RequireFields<MutationSkipToNextArgs, 'input'>>;
  skipToPrevious?: Resolver<Maybe<ResolversTypes['SkipToPreviousPayload']>, ParentType, ContextType, RequireFields<MutationSkipToPreviousArgs, 'input'>>;
  startPlayback?: Resolver<Maybe<ResolversTypes['StartPlaybackPayload']>, ParentType, ContextType, RequireFields<MutationStartPlaybackArgs, 'input'>>;
  transferPlayback?: Resolver<Maybe<ResolversTypes['TransferPlaybackPayload']>, ParentType, ContextType, RequireFields<MutationTransferPlaybackArgs, 'input'>>;
  unfollowArtists?: Resolver<Maybe<ResolversTypes['UnfollowArtistsPayload']>, ParentType, ContextType, RequireFields<MutationUnfollowArtistsArgs, 'input'>>;
  unfollowPlaylist?: Resolver<Maybe<ResolversTypes['UnfollowPlaylistPayload']>, ParentType, ContextType, RequireFields<MutationUnfollowPlaylistArgs, 'input'>>;
  unregisterPlaybackDevice?: Resolver<Maybe<ResolversTypes['UnregisterPlaybackDevicePayload']>, ParentType, ContextType, RequireFields<MutationUnregisterPlaybackDeviceArgs, 'input'>>;
  updatePlaylistDetails?: Resolver<Maybe<ResolversTypes['UpdatePlaylistDetailsPayload']>, ParentType, ContextType, RequireFields<MutationUpdatePlaylistDetailsArgs, 'input'>>;
}>;

export type PageInfoResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PausePlaybackPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PausePlaybackPayload'] = ResolversParentTypes['PausePlaybackPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type PlayHistoryConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlayHistoryConnection'] = ResolversParentTypes['PlayHistoryConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PlayHistoryEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Track']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type PlayHistoryContextResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlayHistoryContext'] = ResolversParentTypes['PlayHistoryContext']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Album' | 'Artist' | 'Playlist' | 'Show', ParentType, ContextType>;
}>;

export type PlayHistoryEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlayHistoryEdge'] = ResolversParentTypes['PlayHistoryEdge']> = ResolversObject<{
  context?: Resolver<Maybe<ResolversTypes['PlayHistoryContext']>, ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Track'], ParentType, ContextType>;
  playedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PlayableItemResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlayableItem'] = ResolversParentTypes['PlayableItem']> = ResolversObject<{
  __resolveType: TypeResolveFn<'Episode' | 'Track', ParentType, ContextType>;
}>;

export type PlaybackContextResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlaybackContext'] = ResolversParentTypes['PlaybackContext']> = ResolversObject<{
  album?: Resolver<Maybe<ResolversTypes['Album']>, ParentType, ContextType>;
  artist?: Resolver<Maybe<ResolversTypes['Artist']>, ParentType, ContextType>;
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
  show?: Resolver<Maybe<ResolversTypes['Show']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PlaybackContextType'], ParentType, ContextType>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PlaybackContextTypeResolvers = { ALBUM: 'album', ARTIST: 'artist', PLAYLIST: 'playlist', SHOW: 'show' };

export type PlaybackStateResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlaybackState'] = ResolversParentTypes['PlaybackState']> = ResolversObject<{
  context?: Resolver<Maybe<ResolversTypes['PlaybackContext']>, ParentType, ContextType>;
  device?: Resolver<Maybe<ResolversTypes['Device']>, ParentType, ContextType>;
  isPlaying?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  item?: Resolver<Maybe<ResolversTypes['PlayableItem']>, ParentType, ContextType>;
  playbackSpeed?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  progressMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  repeat?: Resolver<ResolversTypes['RepeatMode'], ParentType, ContextType>;
  shuffle?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  timestamp?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type PlayerResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Player'] = ResolversParentTypes['Player']> = ResolversObject<{
  devices?: Resolver<Array<ResolversTypes['Device']>, ParentType, ContextType>;
  queue?: Resolver<ResolversTypes['Queue'], ParentType, ContextType>;
  state?: Resolver<Maybe<ResolversTypes['PlaybackState']>, ParentType, ContextType>;
}>;

export type PlaylistResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Playlist'] = ResolversParentTypes['Playlist']> = ResolversObject<{
  collaborative?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  followersCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  following?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  items?: Resolver<Maybe<ResolversTypes['PlaylistItemConnection']>, ParentType, ContextType, RequireFields<PlaylistItemsArgs, 'first'>>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  owner?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  public?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  snapshotId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PlaylistConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlaylistConnection'] = ResolversParentTypes['PlaylistConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PlaylistEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Playlist']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type PlaylistEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlaylistEdge'] = ResolversParentTypes['PlaylistEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Playlist'], ParentType, ContextType>;
}>;

export type PlaylistItemConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlaylistItemConnection'] = ResolversParentTypes['PlaylistItemConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['PlaylistItemEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['PlayableItem']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type PlaylistItemEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PlaylistItemEdge'] = ResolversParentTypes['PlaylistItemEdge']> = ResolversObject<{
  addedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  addedBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PlayableItem'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  album?: Resolver<Maybe<ResolversTypes['Album']>, ParentType, ContextType, RequireFields<QueryAlbumArgs, 'id'>>;
  albums?: Resolver<Array<Maybe<ResolversTypes['Album']>>, ParentType, ContextType, RequireFields<QueryAlbumsArgs, 'ids'>>;
  artist?: Resolver<Maybe<ResolversTypes['Artist']>, ParentType, ContextType, RequireFields<QueryArtistArgs, 'id'>>;
  artists?: Resolver<Array<Maybe<ResolversTypes['Artist']>>, ParentType, ContextType, RequireFields<QueryArtistsArgs, 'ids'>>;
  categories?: Resolver<Maybe<ResolversTypes['CategoryConnection']>, ParentType, ContextType, RequireFields<QueryCategoriesArgs, 'first'>>;
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType, RequireFields<QueryCategoryArgs, 'id'>>;
  episode?: Resolver<Maybe<ResolversTypes['Episode']>, ParentType, ContextType, RequireFields<QueryEpisodeArgs, 'id'>>;
  featuredPlaylists?: Resolver<Maybe<ResolversTypes['FeaturedPlaylists']>, ParentType, ContextType, RequireFields<QueryFeaturedPlaylistsArgs, 'first'>>;
  genreSeeds?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  me?: Resolver<Maybe<ResolversTypes['Me']>, ParentType, ContextType>;
  newReleases?: Resolver<Maybe<ResolversTypes['AlbumConnection']>, ParentType, ContextType, RequireFields<QueryNewReleasesArgs, 'first'>>;
  player?: Resolver<ResolversTypes['Player'], ParentType, ContextType>;
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType, RequireFields<QueryPlaylistArgs, 'id'>>;
  recommendations?: Resolver<Maybe<ResolversTypes['Recommendations']>, ParentType, ContextType, RequireFields<QueryRecommendationsArgs, 'input'>>;
  search?: Resolver<Maybe<ResolversTypes['SearchResults']>, ParentType, ContextType, RequireFields<QuerySearchArgs, 'first' | 'query' | 'types'>>;
  show?: Resolver<Maybe<ResolversTypes['Show']>, ParentType, ContextType, RequireFields<QueryShowArgs, 'id'>>;
  track?: Resolver<Maybe<ResolversTypes['Track']>, ParentType, ContextType, RequireFields<QueryTrackArgs, 'id'>>;
  tracks?: Resolver<Array<Maybe<ResolversTypes['Track']>>, ParentType, ContextType, RequireFields<QueryTracksArgs, 'ids'>>;
  upstream?: Resolver<ResolversTypes['Upstream'], ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType, RequireFields<QueryUserArgs, 'id'>>;
}>;

export type QueueResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Queue'] = ResolversParentTypes['Queue']> = ResolversObject<{
  addedByListener?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  currentlyPlaying?: Resolver<Maybe<ResolversTypes['PlayableItem']>, ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['PlayableItem']>, ParentType, ContextType>;
}>;

export type RecommendationSeedResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RecommendationSeed'] = ResolversParentTypes['RecommendationSeed']> = ResolversObject<{
  afterFilteringSize?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  artist?: Resolver<Maybe<ResolversTypes['Artist']>, ParentType, ContextType>;
  genre?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  initialPoolSize?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  track?: Resolver<Maybe<ResolversTypes['Track']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['RecommendationSeedType'], ParentType, ContextType>;
}>;

export type RecommendationsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Recommendations'] = ResolversParentTypes['Recommendations']> = ResolversObject<{
  seeds?: Resolver<Array<ResolversTypes['RecommendationSeed']>, ParentType, ContextType>;
  tracks?: Resolver<Array<ResolversTypes['Track']>, ParentType, ContextType>;
}>;

export type RegisterPlaybackDevicePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RegisterPlaybackDevicePayload'] = ResolversParentTypes['RegisterPlaybackDevicePayload']> = ResolversObject<{
  device?: Resolver<Maybe<ResolversTypes['Device']>, ParentType, ContextType>;
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type ReleaseDatePrecisionResolvers = { DAY: 'day', MONTH: 'month', YEAR: 'year' };

export type RemoveFromLibraryPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RemoveFromLibraryPayload'] = ResolversParentTypes['RemoveFromLibraryPayload']> = ResolversObject<{
  albums?: Resolver<Maybe<Array<ResolversTypes['Album']>>, ParentType, ContextType>;
  episodes?: Resolver<Maybe<Array<ResolversTypes['Episode']>>, ParentType, ContextType>;
  shows?: Resolver<Maybe<Array<ResolversTypes['Show']>>, ParentType, ContextType>;
  tracks?: Resolver<Maybe<Array<ResolversTypes['Track']>>, ParentType, ContextType>;
}>;

export type RemoveFromQueuePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RemoveFromQueuePayload'] = ResolversParentTypes['RemoveFromQueuePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type RemovePlaylistItemsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['RemovePlaylistItemsPayload'] = ResolversParentTypes['RemovePlaylistItemsPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type ReorderPlaylistItemsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReorderPlaylistItemsPayload'] = ResolversParentTypes['ReorderPlaylistItemsPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type RepeatModeResolvers = { CONTEXT: 'context', OFF: 'off', TRACK: 'track' };

export type ReplacePlaylistItemsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReplacePlaylistItemsPayload'] = ResolversParentTypes['ReplacePlaylistItemsPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type ResumePointResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ResumePoint'] = ResolversParentTypes['ResumePoint']> = ResolversObject<{
  fullyPlayed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  resumePositionMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SaveToLibraryPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SaveToLibraryPayload'] = ResolversParentTypes['SaveToLibraryPayload']> = ResolversObject<{
  albums?: Resolver<Maybe<Array<ResolversTypes['Album']>>, ParentType, ContextType>;
  episodes?: Resolver<Maybe<Array<ResolversTypes['Episode']>>, ParentType, ContextType>;
  shows?: Resolver<Maybe<Array<ResolversTypes['Show']>>, ParentType, ContextType>;
  tracks?: Resolver<Maybe<Array<ResolversTypes['Track']>>, ParentType, ContextType>;
}>;

export type SavedAlbumConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedAlbumConnection'] = ResolversParentTypes['SavedAlbumConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SavedAlbumEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Album']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SavedAlbumEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedAlbumEdge'] = ResolversParentTypes['SavedAlbumEdge']> = ResolversObject<{
  addedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Album'], ParentType, ContextType>;
}>;

export type SavedEpisodeConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedEpisodeConnection'] = ResolversParentTypes['SavedEpisodeConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SavedEpisodeEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Episode']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SavedEpisodeEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedEpisodeEdge'] = ResolversParentTypes['SavedEpisodeEdge']> = ResolversObject<{
  addedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Episode'], ParentType, ContextType>;
}>;

export type SavedShowConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedShowConnection'] = ResolversParentTypes['SavedShowConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SavedShowEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Show']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SavedShowEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedShowEdge'] = ResolversParentTypes['SavedShowEdge']> = ResolversObject<{
  addedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Show'], ParentType, ContextType>;
}>;

export type SavedTrackConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedTrackConnection'] = ResolversParentTypes['SavedTrackConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['SavedTrackEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Track']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SavedTrackEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SavedTrackEdge'] = ResolversParentTypes['SavedTrackEdge']> = ResolversObject<{
  addedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Track'], ParentType, ContextType>;
}>;

export type SearchResultsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SearchResults'] = ResolversParentTypes['SearchResults']> = ResolversObject<{
  albums?: Resolver<Maybe<ResolversTypes['AlbumConnection']>, ParentType, ContextType>;
  artists?: Resolver<Maybe<ResolversTypes['ArtistConnection']>, ParentType, ContextType>;
  episodes?: Resolver<Maybe<ResolversTypes['EpisodeConnection']>, ParentType, ContextType>;
  playlists?: Resolver<Maybe<ResolversTypes['PlaylistConnection']>, ParentType, ContextType>;
  shows?: Resolver<Maybe<ResolversTypes['ShowConnection']>, ParentType, ContextType>;
  tracks?: Resolver<Maybe<ResolversTypes['TrackConnection']>, ParentType, ContextType>;
}>;

export type SearchTypeResolvers = { ALBUM: 'album', ARTIST: 'artist', EPISODE: 'episode', PLAYLIST: 'playlist', SHOW: 'show', TRACK: 'track' };

export type SeekPlaybackPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SeekPlaybackPayload'] = ResolversParentTypes['SeekPlaybackPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type SetPlaybackSpeedPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetPlaybackSpeedPayload'] = ResolversParentTypes['SetPlaybackSpeedPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type SetRepeatModePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetRepeatModePayload'] = ResolversParentTypes['SetRepeatModePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type SetShufflePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetShufflePayload'] = ResolversParentTypes['SetShufflePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type SetVolumePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SetVolumePayload'] = ResolversParentTypes['SetVolumePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type ShowResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Show'] = ResolversParentTypes['Show']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  episodes?: Resolver<ResolversTypes['EpisodeConnection'], ParentType, ContextType, RequireFields<ShowEpisodesArgs, 'first'>>;
  explicit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  languages?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  publisher?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  saved?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  totalEpisodes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ShowConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ShowConnection'] = ResolversParentTypes['ShowConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['ShowEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Show']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ShowEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ShowEdge'] = ResolversParentTypes['ShowEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Show'], ParentType, ContextType>;
}>;

export type SkipToNextPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SkipToNextPayload'] = ResolversParentTypes['SkipToNextPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type SkipToPreviousPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SkipToPreviousPayload'] = ResolversParentTypes['SkipToPreviousPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type StartPlaybackPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['StartPlaybackPayload'] = ResolversParentTypes['StartPlaybackPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  player?: SubscriptionResolver<ResolversTypes['Player'], "player", ParentType, ContextType, Partial<SubscriptionPlayerArgs>>;
}>;

export type TimeRangeResolvers = { LONG_TERM: 'long_term', MEDIUM_TERM: 'medium_term', SHORT_TERM: 'short_term' };

export type TrackResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Track'] = ResolversParentTypes['Track']> = ResolversObject<{
  album?: Resolver<ResolversTypes['Album'], ParentType, ContextType>;
  artists?: Resolver<Array<ResolversTypes['Artist']>, ParentType, ContextType>;
  audioFeatures?: Resolver<Maybe<ResolversTypes['AudioFeatures']>, ParentType, ContextType>;
  discNumber?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  explicit?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isPlayable?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  popularity?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  previewUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  saved?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  streamUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  trackNumber?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TrackConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TrackConnection'] = ResolversParentTypes['TrackConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['TrackEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Track']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type TrackEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TrackEdge'] = ResolversParentTypes['TrackEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Track'], ParentType, ContextType>;
}>;

export type TransferPlaybackPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TransferPlaybackPayload'] = ResolversParentTypes['TransferPlaybackPayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type UnfollowArtistsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UnfollowArtistsPayload'] = ResolversParentTypes['UnfollowArtistsPayload']> = ResolversObject<{
  artists?: Resolver<Maybe<Array<ResolversTypes['Artist']>>, ParentType, ContextType>;
}>;

export type UnfollowPlaylistPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UnfollowPlaylistPayload'] = ResolversParentTypes['UnfollowPlaylistPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type UnregisterPlaybackDevicePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UnregisterPlaybackDevicePayload'] = ResolversParentTypes['UnregisterPlaybackDevicePayload']> = ResolversObject<{
  player?: Resolver<Maybe<ResolversTypes['Player']>, ParentType, ContextType>;
}>;

export type UpdatePlaylistDetailsPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UpdatePlaylistDetailsPayload'] = ResolversParentTypes['UpdatePlaylistDetailsPayload']> = ResolversObject<{
  playlist?: Resolver<Maybe<ResolversTypes['Playlist']>, ParentType, ContextType>;
}>;

export type UpstreamResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Upstream'] = ResolversParentTypes['Upstream']> = ResolversObject<{
  features?: Resolver<ResolversTypes['UpstreamFeatures'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['MusicProvider'], ParentType, ContextType>;
}>;

export type UpstreamFeaturesResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UpstreamFeatures'] = ResolversParentTypes['UpstreamFeatures']> = ResolversObject<{
  artistTopTracks?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  audioFeatures?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  browse?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  extendedMetadata?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  multiGet?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  otherUsers?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  recommendations?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  relatedArtists?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type UserResolvers<ContextType = Context, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  followersCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['Image']>, ParentType, ContextType>;
  playlists?: Resolver<ResolversTypes['PlaylistConnection'], ParentType, ContextType, RequireFields<UserPlaylistsArgs, 'first'>>;
  uri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = Context> = ResolversObject<{
  AccountProduct?: AccountProductResolvers;
  AddPlaylistItemsPayload?: AddPlaylistItemsPayloadResolvers<ContextType>;
  AddToQueuePayload?: AddToQueuePayloadResolvers<ContextType>;
  Album?: AlbumResolvers<ContextType>;
  AlbumConnection?: AlbumConnectionResolvers<ContextType>;
  AlbumEdge?: AlbumEdgeResolvers<ContextType>;
  AlbumGroup?: AlbumGroupResolvers;
  AlbumType?: AlbumTypeResolvers;
  Artist?: ArtistResolvers<ContextType>;
  ArtistConnection?: ArtistConnectionResolvers<ContextType>;
  ArtistEdge?: ArtistEdgeResolvers<ContextType>;
  AudioFeatures?: AudioFeaturesResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  CategoryConnection?: CategoryConnectionResolvers<ContextType>;
  CategoryEdge?: CategoryEdgeResolvers<ContextType>;
  ClearQueuePayload?: ClearQueuePayloadResolvers<ContextType>;
  Copyright?: CopyrightResolvers<ContextType>;
  CopyrightType?: CopyrightTypeResolvers;
  CreatePlaylistPayload?: CreatePlaylistPayloadResolvers<ContextType>;
  Device?: DeviceResolvers<ContextType>;
  Episode?: EpisodeResolvers<ContextType>;
  EpisodeConnection?: EpisodeConnectionResolvers<ContextType>;
  EpisodeEdge?: EpisodeEdgeResolvers<ContextType>;
  FeaturedPlaylists?: FeaturedPlaylistsResolvers<ContextType>;
  FollowArtistsPayload?: FollowArtistsPayloadResolvers<ContextType>;
  FollowPlaylistPayload?: FollowPlaylistPayloadResolvers<ContextType>;
  Image?: ImageResolvers<ContextType>;
  KeepPlaybackDevicePayload?: KeepPlaybackDevicePayloadResolvers<ContextType>;
  Me?: MeResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PausePlaybackPayload?: PausePlaybackPayloadResolvers<ContextType>;
  PlayHistoryConnection?: PlayHistoryConnectionResolvers<ContextType>;
  PlayHistoryContext?: PlayHistoryContextResolvers<ContextType>;
  PlayHistoryEdge?: PlayHistoryEdgeResolvers<ContextType>;
  PlayableItem?: PlayableItemResolvers<ContextType>;
  PlaybackContext?: PlaybackContextResolvers<ContextType>;
  PlaybackContextType?: PlaybackContextTypeResolvers;
  PlaybackState?: PlaybackStateResolvers<ContextType>;
  Player?: PlayerResolvers<ContextType>;
  Playlist?: PlaylistResolvers<ContextType>;
  PlaylistConnection?: PlaylistConnectionResolvers<ContextType>;
  PlaylistEdge?: PlaylistEdgeResolvers<ContextType>;
  PlaylistItemConnection?: PlaylistItemConnectionResolvers<ContextType>;
  PlaylistItemEdge?: PlaylistItemEdgeResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Queue?: QueueResolvers<ContextType>;
  RecommendationSeed?: RecommendationSeedResolvers<ContextType>;
  Recommendations?: RecommendationsResolvers<ContextType>;
  RegisterPlaybackDevicePayload?: RegisterPlaybackDevicePayloadResolvers<ContextType>;
  ReleaseDatePrecision?: ReleaseDatePrecisionResolvers;
  RemoveFromLibraryPayload?: RemoveFromLibraryPayloadResolvers<ContextType>;
  RemoveFromQueuePayload?: RemoveFromQueuePayloadResolvers<ContextType>;
  RemovePlaylistItemsPayload?: RemovePlaylistItemsPayloadResolvers<ContextType>;
  ReorderPlaylistItemsPayload?: ReorderPlaylistItemsPayloadResolvers<ContextType>;
  RepeatMode?: RepeatModeResolvers;
  ReplacePlaylistItemsPayload?: ReplacePlaylistItemsPayloadResolvers<ContextType>;
  ResumePoint?: ResumePointResolvers<ContextType>;
  SaveToLibraryPayload?: SaveToLibraryPayloadResolvers<ContextType>;
  SavedAlbumConnection?: SavedAlbumConnectionResolvers<ContextType>;
  SavedAlbumEdge?: SavedAlbumEdgeResolvers<ContextType>;
  SavedEpisodeConnection?: SavedEpisodeConnectionResolvers<ContextType>;
  SavedEpisodeEdge?: SavedEpisodeEdgeResolvers<ContextType>;
  SavedShowConnection?: SavedShowConnectionResolvers<ContextType>;
  SavedShowEdge?: SavedShowEdgeResolvers<ContextType>;
  SavedTrackConnection?: SavedTrackConnectionResolvers<ContextType>;
  SavedTrackEdge?: SavedTrackEdgeResolvers<ContextType>;
  SearchResults?: SearchResultsResolvers<ContextType>;
  SearchType?: SearchTypeResolvers;
  SeekPlaybackPayload?: SeekPlaybackPayloadResolvers<ContextType>;
  SetPlaybackSpeedPayload?: SetPlaybackSpeedPayloadResolvers<ContextType>;
  SetRepeatModePayload?: SetRepeatModePayloadResolvers<ContextType>;
  SetShufflePayload?: SetShufflePayloadResolvers<ContextType>;
  SetVolumePayload?: SetVolumePayloadResolvers<ContextType>;
  Show?: ShowResolvers<ContextType>;
  ShowConnection?: ShowConnectionResolvers<ContextType>;
  ShowEdge?: ShowEdgeResolvers<ContextType>;
  SkipToNextPayload?: SkipToNextPayloadResolvers<ContextType>;
  SkipToPreviousPayload?: SkipToPreviousPayloadResolvers<ContextType>;
  StartPlaybackPayload?: StartPlaybackPayloadResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TimeRange?: TimeRangeResolvers;
  Track?: TrackResolvers<ContextType>;
  TrackConnection?: TrackConnectionResolvers<ContextType>;
  TrackEdge?: TrackEdgeResolvers<ContextType>;
  TransferPlaybackPayload?: TransferPlaybackPayloadResolvers<ContextType>;
  UnfollowArtistsPayload?: UnfollowArtistsPayloadResolvers<ContextType>;
  UnfollowPlaylistPayload?: UnfollowPlaylistPayloadResolvers<ContextType>;
  UnregisterPlaybackDevicePayload?: UnregisterPlaybackDevicePayloadResolvers<ContextType>;
  UpdatePlaylistDetailsPayload?: UpdatePlaylistDetailsPayloadResolvers<ContextType>;
  Upstream?: UpstreamResolvers<ContextType>;
  UpstreamFeatures?: UpstreamFeaturesResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
}>;

export type DirectiveResolvers<ContextType = Context> = ResolversObject<{
  cost?: CostDirectiveResolver<any, any, ContextType>;
  pageSize?: PageSizeDirectiveResolver<any, any, ContextType>;
}>;
