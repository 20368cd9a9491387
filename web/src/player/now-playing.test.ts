import { describe, expect, it } from 'vitest';
import { nowPlayingLabel } from './now-playing';
import type { PlaybackState } from './context';

type Item = NonNullable<PlaybackState['item']>;

const track = {
  __typename: 'Track',
  id: 't1',
  uri: 'spotify:track:t1',
  name: 'Midnight Drive',
  durationMs: 200_000,
  explicit: false,
  streamUrl: null,
  saved: false,
  album: { __typename: 'Album', id: 'a1', name: 'Night Roads', images: [] },
  artists: [
    { __typename: 'Artist', id: 'r1', name: 'The Lamps' },
    { __typename: 'Artist', id: 'r2', name: 'Ada Vale' },
  ],
} as Item;

const episode = {
  __typename: 'Episode',
  id: 'e1',
  uri: 'spotify:episode:e1',
  name: 'On Listening',
  durationMs: 1_800_000,
  explicit: false,
  streamUrl: null,
  saved: false,
  images: [],
  show: { __typename: 'Show', id: 's1', name: 'The Sound Hour', publisher: 'Graphonic Radio' },
} as Item;

describe('the title while something plays', () => {
  it('names a track and its artists', () => {
    expect(nowPlayingLabel({ isPlaying: true, item: track })).toBe('Midnight Drive • The Lamps, Ada Vale');
  });

  it('names an episode and its show', () => {
    expect(nowPlayingLabel({ isPlaying: true, item: episode })).toBe('On Listening • The Sound Hour');
  });

  it('gives way to the screen when paused or when nothing plays', () => {
    expect(nowPlayingLabel({ isPlaying: false, item: track })).toBeNull();
    expect(nowPlayingLabel({ isPlaying: true, item: null })).toBeNull();
    expect(nowPlayingLabel(null)).toBeNull();
  });

  it('names the item alone when it has no one to credit', () => {
    expect(nowPlayingLabel({ isPlaying: true, item: { ...track, artists: [] } as Item })).toBe('Midnight Drive');
  });
});
