import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ViewerProvider, type Viewer } from '../app/viewer';
import { PlayerContext, type PlaybackState, type Player, type PlayingItem } from './context';
import { TransportControls } from './PlayerControls';

const episode: PlayingItem = {
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
};

const track: PlayingItem = {
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
};

function stateOf(item: PlaybackState['item'], playbackSpeed: number): PlaybackState {
  return {
    __typename: 'PlaybackState',
    isPlaying: true,
    progressMs: 60_000,
    timestamp: 1_700_000_000_000,
    playbackSpeed,
    shuffle: false,
    repeat: 'OFF',
    device: null,
    context: null,
    item,
  };
}

function fakePlayer(state: PlaybackState, canControl = true): Player {
  const command = () => vi.fn(() => Promise.resolve());
  return {
    state,
    loading: false,
    live: true,
    livePaused: false,
    canControl,
    browserDeviceId: null,
    positionMs: () => 60_000,
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
  };
}

function viewer(provider: 'LOCAL' | 'SPOTIFY'): Viewer {
  return {
    me: {
      __typename: 'Me',
      id: 'demo',
      displayName: 'Demo Listener',
      product: 'PREMIUM',
      country: 'SE',
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
      name: provider === 'LOCAL' ? 'Graphonic' : 'Spotify',
      features: {
        __typename: 'UpstreamFeatures',
        recommendations: true,
        audioFeatures: true,
        browse: true,
        relatedArtists: true,
        artistTopTracks: true,
        otherUsers: true,
        extendedMetadata: true,
      },
    },
  };
}

function renderControls(player: Player, provider: 'LOCAL' | 'SPOTIFY' = 'LOCAL') {
  return render(
    <ViewerProvider viewer={viewer(provider)}>
      <PlayerContext value={player}>
        <TransportControls />
      </PlayerContext>
    </ViewerProvider>,
  );
}

describe('the playback speed control', () => {
  it('says the speed of an episode, offers the speeds with the current one checked, and sets the one chosen', () => {
    const player = fakePlayer(stateOf(episode, 1.5));
    renderControls(player);
    const button = screen.getByRole('button', { name: 'Playback speed, 1.5×' });
    expect(button.textContent).toBe('1.5×');
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      '0.5×',
      '0.8×',
      '1×',
      '1.2×',
      '1.5×',
      '2×',
      '2.5×',
      '3×',
      '3.5×',
    ]);
    expect(
      items.filter((item) => item.getAttribute('aria-checked') === 'true').map((item) => item.textContent),
    ).toEqual(['1.5×']);
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '2×' }));
    expect(player.setPlaybackSpeed).toHaveBeenCalledWith(2);
  });

  it('changes nothing when the current speed is chosen again', () => {
    const player = fakePlayer(stateOf(episode, 1));
    renderControls(player);
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed, 1×' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: '1×' }));
    expect(player.setPlaybackSpeed).not.toHaveBeenCalled();
  });

  it('is not there for a track, which always plays at 1×', () => {
    renderControls(fakePlayer(stateOf(track, 1)));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Playback speed/ })).toBeNull();
  });

  it('is not there with Spotify, whose API has no playback speed', () => {
    renderControls(fakePlayer(stateOf(episode, 1)), 'SPOTIFY');
    expect(screen.getByRole('button', { name: 'Back 15 seconds' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Playback speed/ })).toBeNull();
  });

  it('is disabled for an account that may not control playback', () => {
    renderControls(fakePlayer(stateOf(episode, 1), false));
    expect(screen.getByRole('button', { name: 'Playback speed, 1×' })).toHaveProperty('disabled', true);
  });
});
