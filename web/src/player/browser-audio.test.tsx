import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '../components/Notifications';
import { device, episode, playbackState } from '../testing/fixtures';
import { useBrowserAudio } from './browser-audio';
import type { PlaybackState } from './context';

const here = device({
  id: 'this-tab',
  name: 'Browser',
  type: 'Computer',
  registeredByClient: true,
  volumePercent: 100,
});

function episodeAt(playbackSpeed: number): PlaybackState {
  return playbackState({
    isPlaying: false,
    progressMs: 60_000,
    playbackSpeed,
    device: here,
    item: episode({ streamUrl: 'http://music.test/audio/episode/e1/full.mp3' }),
  });
}

function Audio({ state }: { state: PlaybackState }) {
  useBrowserAudio(
    state,
    'this-tab',
    () => state.progressMs ?? 0,
    () => undefined,
  );
  return null;
}

const element = () => document.querySelector<HTMLAudioElement>('audio[data-player="browser"]');

describe('the audio in this browser', () => {
  beforeEach(() => {
    // jsdom plays nothing and loads nothing.
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('plays an episode at its playback speed, and follows a change of it', () => {
    const view = render(
      <NotificationsProvider>
        <Audio state={episodeAt(1.5)} />
      </NotificationsProvider>,
    );
    expect(element()?.playbackRate).toBe(1.5);
    expect(element()?.defaultPlaybackRate).toBe(1.5);
    view.rerender(
      <NotificationsProvider>
        <Audio state={episodeAt(1)} />
      </NotificationsProvider>,
    );
    expect(element()?.playbackRate).toBe(1);
  });
});
