import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ViewerProvider } from '../app/viewer';
import { episode, fakePlayer, playbackState, track, viewer } from '../testing/fixtures';
import { PlayerContext, type PlaybackState, type Player } from './context';
import { TransportControls } from './PlayerControls';

function stateOf(item: PlaybackState['item'], playbackSpeed: number): PlaybackState {
  return playbackState({ progressMs: 60_000, playbackSpeed, item });
}

const playerOf = (state: PlaybackState, canControl = true): Player =>
  fakePlayer({ state, canControl, positionMs: () => 60_000 });

function renderControls(player: Player, provider: 'LOCAL' | 'SPOTIFY' = 'LOCAL') {
  return render(
    <ViewerProvider viewer={viewer({ provider })}>
      <PlayerContext value={player}>
        <TransportControls />
      </PlayerContext>
    </ViewerProvider>,
  );
}

describe('the playback speed control', () => {
  it('says the speed of an episode, offers the speeds with the current one checked, and sets the one chosen', () => {
    const player = playerOf(stateOf(episode(), 1.5));
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
    const player = playerOf(stateOf(episode(), 1));
    renderControls(player);
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed, 1×' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: '1×' }));
    expect(player.setPlaybackSpeed).not.toHaveBeenCalled();
  });

  it('is not there for a track, which always plays at 1×', () => {
    renderControls(playerOf(stateOf(track(), 1)));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Playback speed/ })).toBeNull();
  });

  it('is not there with Spotify, whose API has no playback speed', () => {
    renderControls(playerOf(stateOf(episode(), 1)), 'SPOTIFY');
    expect(screen.getByRole('button', { name: 'Back 15 seconds' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Playback speed/ })).toBeNull();
  });

  it('is disabled for an account that may not control playback', () => {
    renderControls(playerOf(stateOf(episode(), 1), false));
    expect(screen.getByRole('button', { name: 'Playback speed, 1×' })).toHaveProperty('disabled', true);
  });
});
