import { describe, expect, it } from 'vitest';
import { playbackState } from '../testing/fixtures';
import { optimisticPlayer } from './playback-commands';

describe('the player a command shows at once', () => {
  it('is the state shown with the change, keeping the time it was read', () => {
    const shown = playbackState({ isPlaying: true, progressMs: 30_000 });
    const next = optimisticPlayer(shown, { isPlaying: false, progressMs: 31_000 });
    expect(next?.__typename).toBe('Player');
    expect(next?.state).toMatchObject({
      __typename: 'PlaybackState',
      isPlaying: false,
      progressMs: 31_000,
      timestamp: shown.timestamp,
      item: { id: 't1' },
    });
  });

  it('is nothing while no state is shown', () => {
    expect(optimisticPlayer(null, { shuffle: true })).toBeNull();
  });
});
