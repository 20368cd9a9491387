import { ApolloLink } from '@apollo/client/link';
import { MockedProvider } from '@apollo/client/testing/react';
import { MockLink } from '@apollo/client/testing';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../apollo';
import type { AccountProduct, MusicProvider, RepeatMode } from '../__generated__/graphql';
import { device, episode as episodeOf, playbackState, track, viewer } from '../testing/fixtures';
import { holdOperations } from '../testing/held-link';
import { PlayerBarFor } from '../testing/player-bar';
import type { PlaybackState } from './context';
import {
  PausePlaybackMutation,
  PlayerStateQuery,
  RegisterPlaybackDeviceMutation,
  SeekPlaybackMutation,
  SetPlaybackSpeedMutation,
  SetRepeatModeMutation,
  SetVolumeMutation,
  StartPlaybackMutation,
} from './operations';
import { browserDeviceName, browserDeviceType } from './browser-device';
import { premiumNote } from './PlayerControls';
import { volumeDebounceMs } from './Volume';

const kitchen = device();

type StateChange = Partial<PlaybackState> & { volumePercent?: number | null };

/** The playback as the api answers it: a track playing on the kitchen speaker, 30 seconds in. */
function stateOf({ volumePercent = kitchen.volumePercent, ...change }: StateChange = {}): PlaybackState {
  return playbackState({ device: { ...kitchen, volumePercent }, ...change });
}

const player = (state: PlaybackState) => ({ __typename: 'Player', state });

/** What a poll of the player's state writes to the cache. */
const polled = (state: PlaybackState) => ({
  __typename: 'Query' as const,
  player: { __typename: 'Player' as const, state },
});

const stateMock = (state = stateOf()): MockLink.MockedResponse => ({
  request: { query: PlayerStateQuery },
  result: { data: { player: player(state) } },
  // Every read (the first, and the one after a failed command) finds the same playback.
  maxUsageCount: Number.POSITIVE_INFINITY,
});

function renderBar(
  mocks: MockLink.MockedResponse[],
  product: AccountProduct = 'PREMIUM',
  cache = createCache(),
  hold?: ApolloLink,
  // Spotify's players are its own apps: this browser does not register itself in these tests.
  provider: MusicProvider = 'SPOTIFY',
) {
  const mockLink = new MockLink(mocks, { defaultOptions: { delay: 20 } });
  return render(
    <MockedProvider link={hold ? ApolloLink.from([hold, mockLink]) : mockLink} cache={cache}>
      <PlayerBarFor viewer={viewer({ product, provider })} />
    </MockedProvider>,
  );
}

/** An episode of half an hour. */
const morningTalk = () =>
  episodeOf({
    name: 'Morning Talk',
    durationMs: 1_800_000,
    show: { __typename: 'Show', id: 's1', name: 'The Talk Show', publisher: 'Talkers' },
  });

/** The desktop bar (the phone's compact bar is in the page too, hidden by style alone). */
async function desktopControls() {
  const shuffle = await screen.findByRole('button', { name: 'Shuffle' });
  const controls = shuffle.parentElement;
  if (!controls) throw new Error('The controls have no container.');
  return within(controls);
}

/** Whether a control can be used now. */
function enabled(element: HTMLElement): boolean {
  if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) return !element.disabled;
  throw new Error(`${element.tagName} is not a control.`);
}

function valueOf(element: HTMLElement): string {
  if (element instanceof HTMLInputElement) return element.value;
  throw new Error(`${element.tagName} is not an input.`);
}

/** The text an element's aria-describedby points to. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const graphqlError = (code: string, extensions: Record<string, unknown> = {}) => ({
  message: `Player command failed (${code})`,
  extensions: { code, ...extensions },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the player bar', () => {
  it('pauses and plays, showing each change at once', async () => {
    const paused = vi.fn(() => ({
      data: { pausePlayback: { __typename: 'PausePlaybackPayload', player: player(stateOf({ isPlaying: false })) } },
    }));
    const resumed = vi.fn(() => ({
      data: { startPlayback: { __typename: 'StartPlaybackPayload', player: player(stateOf()) } },
    }));
    // The commands' answers wait until the test has seen what shows before them.
    const held = holdOperations(['PausePlayback', 'StartPlayback']);
    renderBar(
      [
        stateMock(),
        { request: { query: PausePlaybackMutation, variables: { input: {} } }, result: paused },
        { request: { query: StartPlaybackMutation, variables: { input: {} } }, result: resumed },
      ],
      'PREMIUM',
      createCache(),
      held.link,
    );
    const controls = await desktopControls();
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Pause' }))).toBe(true));
    expect(screen.getAllByText('First Light').length).toBeGreaterThan(0);

    fireEvent.click(controls.getByRole('button', { name: 'Pause' }));
    // The optimistic state shows before the music service answers.
    await controls.findByRole('button', { name: 'Play' });
    expect(paused).not.toHaveBeenCalled();
    held.release('PausePlayback');
    await waitFor(() => expect(paused).toHaveBeenCalledOnce());
    controls.getByRole('button', { name: 'Play' });

    fireEvent.click(controls.getByRole('button', { name: 'Play' }));
    await controls.findByRole('button', { name: 'Pause' });
    expect(resumed).not.toHaveBeenCalled();
    held.release('StartPlayback');
    await waitFor(() => expect(resumed).toHaveBeenCalledOnce());
    controls.getByRole('button', { name: 'Pause' });
  });

  it('never lets a state read before a command take the place of its result, as a late poll would', async () => {
    const readAt = 1_700_000_000_000;
    const paused = vi.fn(() => ({
      data: {
        pausePlayback: {
          __typename: 'PausePlaybackPayload',
          player: player(stateOf({ isPlaying: false, timestamp: readAt + 2_000 })),
        },
      },
    }));
    const cache = createCache();
    renderBar(
      [stateMock(), { request: { query: PausePlaybackMutation, variables: { input: {} } }, result: paused }],
      'PREMIUM',
      cache,
    );
    const controls = await desktopControls();
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Pause' }))).toBe(true));
    fireEvent.click(controls.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(paused).toHaveBeenCalledOnce());
    await controls.findByRole('button', { name: 'Play' });

    // A poll sent before the pause, answered after it: still playing, read a second before the pause.
    act(() => {
      cache.writeQuery({ query: PlayerStateQuery, data: polled(stateOf({ timestamp: readAt + 1_000 })) });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    controls.getByRole('button', { name: 'Play' });

    // A later reading is shown: playback was resumed elsewhere.
    act(() => {
      cache.writeQuery({ query: PlayerStateQuery, data: polled(stateOf({ timestamp: readAt + 3_000 })) });
    });
    await controls.findByRole('button', { name: 'Pause' });
  });

  it('rolls a pause back and says why when the music service refuses it', async () => {
    renderBar([
      stateMock(),
      {
        request: { query: PausePlaybackMutation, variables: { input: {} } },
        result: { errors: [graphqlError('RATE_LIMITED', { retryAfterSeconds: 7 })] },
        delay: 150,
      },
    ]);
    const controls = await desktopControls();
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Pause' }))).toBe(true));
    fireEvent.click(controls.getByRole('button', { name: 'Pause' }));
    await controls.findByRole('button', { name: 'Play' });
    // Back to playing, with the wait the music service asked for.
    await controls.findByRole('button', { name: 'Pause' });
    await screen.findByText('The music service is busy. Try again in 7 seconds.');
  });

  it('points to the devices when no device is active', async () => {
    renderBar([
      stateMock(),
      {
        request: { query: PausePlaybackMutation, variables: { input: {} } },
        result: { errors: [graphqlError('NO_ACTIVE_DEVICE')] },
      },
    ]);
    const controls = await desktopControls();
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Pause' }))).toBe(true));
    fireEvent.click(controls.getByRole('button', { name: 'Pause' }));
    const alert = await screen.findByText('Nothing is playing on any of your devices. Pick a device to play on.');
    const link = within(alert.parentElement ?? alert).getByRole('link', { name: 'Choose a device' });
    expect(link.getAttribute('href')).toBe('/devices');
    await controls.findByRole('button', { name: 'Pause' });
  });

  it('disables the controls once the music service asks for Premium', async () => {
    renderBar([
      stateMock(),
      {
        request: { query: PausePlaybackMutation, variables: { input: {} } },
        result: { errors: [graphqlError('PREMIUM_REQUIRED')] },
      },
    ]);
    const controls = await desktopControls();
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Pause' }))).toBe(true));
    fireEvent.click(controls.getByRole('button', { name: 'Pause' }));
    await screen.findByText('Controlling playback needs a Premium account.', { selector: 'span' });
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Pause' }))).toBe(false));
    expect(enabled(controls.getByRole('button', { name: 'Next' }))).toBe(false);
  });

  it('gives an episode jumps of 15 seconds back and on instead of shuffle and repeat', async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => 10_000);
    const episode = morningTalk();
    const at = (positionMs: number) => () => ({
      data: {
        seekPlayback: {
          __typename: 'SeekPlaybackPayload',
          player: player(stateOf({ progressMs: positionMs, item: episode })),
        },
      },
    });
    const back = vi.fn(at(15_000));
    // Back from 0:30 to 0:15, then on again to 0:30.
    const on = vi.fn(at(30_000));
    renderBar([
      stateMock(stateOf({ progressMs: 30_000, item: episode })),
      { request: { query: SeekPlaybackMutation, variables: { input: { positionMs: 15_000 } } }, result: back },
      { request: { query: SeekPlaybackMutation, variables: { input: { positionMs: 30_000 } } }, result: on },
    ]);
    const previous = await screen.findByRole('button', { name: 'Previous' });
    const controls = within(previous.parentElement ?? document.body);
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Back 15 seconds' }))).toBe(true));
    expect(controls.queryByRole('button', { name: 'Shuffle' })).toBeNull();
    expect(controls.queryByRole('button', { name: /^Repeat/ })).toBeNull();
    // Previous, back 15, play or pause, on 15, next: in that order (Spotify's API has no playback speed).
    expect(controls.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Previous',
      'Back 15 seconds',
      'Pause',
      'Forward 15 seconds',
      'Next',
    ]);
    fireEvent.click(controls.getByRole('button', { name: 'Back 15 seconds' }));
    await waitFor(() => expect(back).toHaveBeenCalledOnce());
    fireEvent.click(controls.getByRole('button', { name: 'Forward 15 seconds' }));
    await waitFor(() => expect(on).toHaveBeenCalledOnce());
  });

  it("sets an episode's playback speed from its menu, shown at once", async () => {
    const episode = morningTalk();
    const playingEpisode = (playbackSpeed: number) => stateOf({ playbackSpeed, item: episode });
    const set = vi.fn(() => ({
      data: {
        setPlaybackSpeed: { __typename: 'SetPlaybackSpeedPayload', player: player(playingEpisode(1.5)) },
      },
    }));
    // The local music service's: this browser registers itself as a device.
    const traits = { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints };
    renderBar(
      [
        stateMock(playingEpisode(1)),
        {
          request: {
            query: RegisterPlaybackDeviceMutation,
            variables: { input: { name: browserDeviceName(traits), type: browserDeviceType(traits) } },
          },
          result: {
            data: {
              registerPlaybackDevice: {
                __typename: 'RegisterPlaybackDevicePayload',
                device: { ...kitchen, id: 'tab', name: 'Chrome on Linux', isActive: false, registeredByClient: true },
              },
            },
          },
        },
        { request: { query: SetPlaybackSpeedMutation, variables: { input: { speed: 1.5 } } }, result: set },
      ],
      'PREMIUM',
      createCache(),
      undefined,
      'LOCAL',
    );
    const previous = await screen.findByRole('button', { name: 'Previous' });
    const controls = within(previous.parentElement ?? document.body);
    const speed = await controls.findByRole('button', { name: 'Playback speed, 1×' });
    await waitFor(() => expect(enabled(speed)).toBe(true));
    fireEvent.click(speed);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: '1×' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '1.5×' }));
    expect(await controls.findByRole('button', { name: 'Playback speed, 1.5×' })).toBeTruthy();
    await waitFor(() => expect(set).toHaveBeenCalledOnce());
  });

  it('marks shuffle and repeat that are on with a dot as well as colour', async () => {
    renderBar([stateMock({ ...stateOf({ repeat: 'CONTEXT' }), shuffle: true })]);
    const controls = await desktopControls();
    const shuffle = controls.getByRole('button', { name: 'Shuffle' });
    await waitFor(() => expect(shuffle.getAttribute('aria-pressed')).toBe('true'));
    expect(shuffle.querySelector('span.rounded-full')).not.toBeNull();
    const repeat = controls.getByRole('button', { name: 'Repeat: all' });
    expect(repeat.querySelector('span.rounded-full')).not.toBeNull();
  });

  it('moves the seek bar on with the clock, and jumps where a seek goes', async () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const sought = vi.fn(() => ({
      data: {
        seekPlayback: { __typename: 'SeekPlaybackPayload', player: player(stateOf({ progressMs: 120_000 })) },
      },
    }));
    renderBar([
      stateMock(),
      { request: { query: SeekPlaybackMutation, variables: { input: { positionMs: 120_000 } } }, result: sought },
    ]);
    await desktopControls();
    const seek = screen.getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('0:30 of 3:20'));

    // Five seconds pass on the browser's clock: the bar follows without asking the music service.
    now += 5_000;
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('0:35 of 3:20'));
    now += 2_000;
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('0:37 of 3:20'));

    fireEvent.change(seek, { target: { value: '120000' } });
    fireEvent.pointerUp(seek);
    expect(seek.getAttribute('aria-valuetext')).toBe('2:00 of 3:20');
    await waitFor(() => expect(sought).toHaveBeenCalledOnce());
    now += 3_000;
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('2:03 of 3:20'));
  });

  it('keeps its place when what plays changes elsewhere than its clock, as when it is saved to the library', async () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const cache = createCache();
    renderBar([stateMock()], 'PREMIUM', cache);
    await desktopControls();
    const seek = screen.getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('0:30 of 3:20'));
    now += 5_000;
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('0:35 of 3:20'));
    // What saving the track writes: the same playback, with its item saved.
    act(() => {
      cache.modify({ id: cache.identify(track()), fields: { saved: () => true } });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(seek.getAttribute('aria-valuetext')).toBe('0:35 of 3:20');
  });

  it('stays where it is while paused', async () => {
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    renderBar([stateMock(stateOf({ isPlaying: false }))]);
    await desktopControls();
    const seek = screen.getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('0:30 of 3:20'));
    now += 5_000;
    // Longer than a frame of the bar: had it moved, it would show by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(seek.getAttribute('aria-valuetext')).toBe('0:30 of 3:20');
  });

  it('sends the volume once the slider rests', async () => {
    let sentAt = 0;
    const volume = vi.fn(() => {
      sentAt = Date.now();
      return {
        data: { setVolume: { __typename: 'SetVolumePayload', player: player(stateOf({ volumePercent: 20 })) } },
      };
    });
    renderBar([
      stateMock(),
      { request: { query: SetVolumeMutation, variables: { input: { volumePercent: 20 } } }, result: volume },
    ]);
    await desktopControls();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    await waitFor(() => expect(valueOf(slider)).toBe('80'));
    fireEvent.change(slider, { target: { value: '60' } });
    fireEvent.change(slider, { target: { value: '40' } });
    // Read before the last move: its wait starts within that move, no earlier.
    const restedAt = Date.now();
    fireEvent.change(slider, { target: { value: '20' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('20%');
    await waitFor(() => expect(volume).toHaveBeenCalledOnce());
    // Not before the hand had rested that long (a timer may run up to a millisecond early on Node's clock).
    expect(sentAt - restedAt).toBeGreaterThanOrEqual(volumeDebounceMs - 1);
    // 60 and 40 were never sent: a mock for them is missing, and their failure would show.
    await act(() => new Promise((resolve) => setTimeout(resolve, volumeDebounceMs)));
    expect(volume).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
    expect(valueOf(slider)).toBe('20');
  });

  it('cycles repeat from off to all to this one and back to off', async () => {
    const repeatMock = (mode: RepeatMode): MockLink.MockedResponse => ({
      request: { query: SetRepeatModeMutation, variables: { input: { mode } } },
      result: {
        data: { setRepeatMode: { __typename: 'SetRepeatModePayload', player: player(stateOf({ repeat: mode })) } },
      },
    });
    renderBar([stateMock(), repeatMock('CONTEXT'), repeatMock('TRACK'), repeatMock('OFF')]);
    const controls = await desktopControls();
    await waitFor(() => expect(enabled(controls.getByRole('button', { name: 'Repeat: off' }))).toBe(true));
    fireEvent.click(controls.getByRole('button', { name: 'Repeat: off' }));
    fireEvent.click(await controls.findByRole('button', { name: 'Repeat: all' }));
    fireEvent.click(await controls.findByRole('button', { name: 'Repeat: this one' }));
    await controls.findByRole('button', { name: 'Repeat: off' });
    // Each answer was awaited: nothing failed on the way.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    controls.getByRole('button', { name: 'Repeat: off' });
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('shows a free account what plays, with every control disabled and the reason', async () => {
    renderBar([stateMock()], 'FREE');
    const controls = await desktopControls();
    await waitFor(() => expect(screen.getAllByText('First Light').length).toBeGreaterThan(0));
    for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat: off']) {
      const button = controls.getByRole('button', { name });
      expect(enabled(button)).toBe(false);
      expect(descriptionOf(button)).toBe(premiumNote);
    }
    expect(enabled(screen.getByRole('slider', { name: 'Seek' }))).toBe(false);
    expect(enabled(screen.getByRole('slider', { name: 'Volume' }))).toBe(false);
    screen.getByText(premiumNote);
  });
});
