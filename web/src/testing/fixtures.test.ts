import { describe, expect, it } from 'vitest';
import { episode, fakePlayer, playbackState, viewer } from './fixtures';

describe('the test fixtures', () => {
  it('give a playing track, with what is overridden replaced', () => {
    const paused = playbackState({ isPlaying: false, item: episode() });
    expect(paused.isPlaying).toBe(false);
    expect(paused.item?.__typename).toBe('Episode');
    expect(playbackState().item?.name).toBe('First Light');
  });

  it('name the music service after its provider unless a name is given', () => {
    expect(viewer().upstream.name).toBe('Graphonic Music');
    expect(viewer({ provider: 'SPOTIFY' }).upstream.name).toBe('Spotify');
    expect(viewer({ features: { browse: false } }).upstream.features.browse).toBe(false);
  });

  it('give a player whose commands are fresh mocks that resolve', async () => {
    const player = fakePlayer();
    await player.pause();
    expect(player.pause).toHaveBeenCalledOnce();
    expect(fakePlayer().pause).not.toHaveBeenCalled();
  });
});
