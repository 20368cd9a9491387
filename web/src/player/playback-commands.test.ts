import { describe, expect, it } from 'vitest';
import { playbackState } from '../testing/fixtures';
import { optimisticPlayer, optimisticStamp } from './playback-commands';

describe('the player a command shows at once', () => {
  it('is the state shown with the change, where playback stands now, stamped later than any reading', () => {
    const shown = playbackState({ isPlaying: true, progressMs: 30_000, shuffle: false });
    const next = optimisticPlayer(shown, 31_000.4, { shuffle: true });
    expect(next?.__typename).toBe('Player');
    expect(next?.state).toMatchObject({
      __typename: 'PlaybackState',
      isPlaying: true,
      shuffle: true,
      progressMs: 31_000,
      timestamp: optimisticStamp,
      item: { id: 't1' },
    });
    expect(optimisticStamp).toBeGreaterThan(shown.timestamp);
    // A seek's own position, given as the change, is the one shown.
    expect(optimisticPlayer(shown, 31_000, { progressMs: 5_000 })?.state).toMatchObject({ progressMs: 5_000 });
    // Nothing loaded, no position.
    expect(optimisticPlayer({ ...shown, progressMs: null }, 0, { shuffle: true })?.state).toMatchObject({
      progressMs: null,
    });
  });

  it('is nothing while no state is shown', () => {
    expect(optimisticPlayer(null, 0, { shuffle: true })).toBeNull();
  });
});
