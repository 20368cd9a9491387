import { vi } from 'vitest';
import type { AccountProduct, MusicProvider, PlayerDevicesQuery } from '../__generated__/graphql';
import type { Viewer } from '../app/viewer';
import type { PlaybackState, Player, PlayingItem } from '../player/context';

/**
 * The app's data as the api answers it, for unit tests: each builder gives one plain value, and what a
 * test cares about is said as an override, e.g. `playbackState({ isPlaying: false })`.
 */

export type TrackItem = Extract<PlayingItem, { __typename: 'Track' }>;
export type EpisodeItem = Extract<PlayingItem, { __typename: 'Episode' }>;
export type Device = PlayerDevicesQuery['player']['devices'][number];
export type Features = Omit<Viewer['upstream']['features'], '__typename'>;

/** "First Light" by The Early Birds, from Morning Album: 3 minutes 20. */
export function track(overrides: Partial<TrackItem> = {}): TrackItem {
  return {
    __typename: 'Track',
    id: 't1',
    uri: 'spotify:track:t1',
    name: 'First Light',
    durationMs: 200_000,
    explicit: false,
    streamUrl: null,
    saved: false,
    album: { __typename: 'Album', id: 'a1', name: 'Morning Album', images: [] },
    artists: [{ __typename: 'Artist', id: 'ar1', name: 'The Early Birds' }],
    ...overrides,
  };
}

/** "The Long Interview" of Talk Weekly: an hour. */
export function episode(overrides: Partial<EpisodeItem> = {}): EpisodeItem {
  return {
    __typename: 'Episode',
    id: 'e1',
    uri: 'spotify:episode:e1',
    name: 'The Long Interview',
    durationMs: 3_600_000,
    explicit: false,
    streamUrl: null,
    saved: false,
    images: [],
    show: { __typename: 'Show', id: 's1', name: 'Talk Weekly', publisher: 'Talkers' },
    ...overrides,
  };
}

/** The kitchen speaker, active, at 80 %. */
export function device(overrides: Partial<Device> = {}): Device {
  return {
    __typename: 'Device',
    id: 'kitchen',
    name: 'Kitchen',
    type: 'Speaker',
    isActive: true,
    registeredByClient: false,
    volumePercent: 80,
    supportsVolume: true,
    ...overrides,
  };
}

/** A track playing, 30 seconds in, read at a fixed time, on no device in particular. */
export function playbackState(overrides: Partial<PlaybackState> = {}): PlaybackState {
  return {
    __typename: 'PlaybackState',
    isPlaying: true,
    progressMs: 30_000,
    timestamp: 1_700_000_000_000,
    playbackSpeed: 1,
    shuffle: false,
    repeat: 'OFF',
    device: null,
    context: null,
    item: track(),
    ...overrides,
  };
}

/** A player that plays nothing and may be controlled; each command is a mock that resolves. */
export function fakePlayer(overrides: Partial<Player> = {}): Player {
  const command = () => vi.fn(() => Promise.resolve());
  return {
    state: null,
    loading: false,
    live: true,
    livePaused: false,
    canControl: true,
    browserDeviceId: null,
    browserDeviceRegistering: false,
    positionMs: () => 0,
    audioBlocked: false,
    play: command(),
    pause: command(),
    togglePlay: command(),
    next: command(),
    previous: command(),
    seek: command(),
    setShuffle: command(),
    setRepeat: command(),
    setPlaybackSpeed: command(),
    setVolume: command(),
    transfer: command(),
    addToQueue: command(),
    isCurrent: () => false,
    refresh: vi.fn(),
    ...overrides,
  };
}

export const allFeatures: Features = {
  recommendations: true,
  audioFeatures: true,
  browse: true,
  relatedArtists: true,
  artistTopTracks: true,
  otherUsers: true,
  extendedMetadata: true,
};

export interface ViewerOverrides {
  product?: AccountProduct;
  provider?: MusicProvider;
  /** The music service's name; by default the one of the provider. */
  name?: string;
  displayName?: string;
  country?: string;
  features?: Partial<Features>;
}

/** The demo listener, Premium, on the local music service with every feature, and no playlists. */
export function viewer({
  product = 'PREMIUM',
  provider = 'LOCAL',
  name = provider === 'LOCAL' ? 'Graphonic Music' : 'Spotify',
  displayName = 'Demo Listener',
  country = 'SE',
  features = {},
}: ViewerOverrides = {}): Viewer {
  return {
    me: {
      __typename: 'Me',
      id: 'demo',
      displayName,
      product,
      country,
      images: [],
      playlists: {
        __typename: 'PlaylistConnection',
        totalCount: 0,
        edges: [],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
    upstream: {
      __typename: 'Upstream',
      provider,
      name,
      features: { __typename: 'UpstreamFeatures', ...allFeatures, ...features },
    },
  };
}
