import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Observable, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../apollo';
import { createLiveStatus, setLiveStatus, splitLive, type LiveConnection } from '../live';
import { device as deviceOf, playbackState, viewer as viewerOf } from '../testing/fixtures';
import { PlayerBarFor } from '../testing/player-bar';
import { forgetBrowserDevice } from './browser-device';
import { usePlayer } from './context';

const readAt = 1_700_000_000_000;

/** A device as the devices list reads it, which also says whether it can be controlled. */
const device = (id: string, name: string, isActive = false) => ({
  ...deviceOf({ id, name, type: 'Computer', isActive, registeredByClient: id === 'tab' }),
  isRestricted: false,
});

/** A track on the kitchen computer, read at `timestamp`. */
function stateOf(isPlaying: boolean, timestamp = readAt) {
  const { isRestricted: _restricted, ...kitchen } = device('kitchen', 'Kitchen', true);
  return playbackState({ isPlaying, timestamp, device: kitchen });
}

// The local music service: this browser registers itself as a device.
const viewer = viewerOf({ provider: 'LOCAL' });

interface Setup {
  connection: LiveConnection;
  /** Whether the music service still knows this tab's device when it is kept. */
  known?: boolean;
  /** Whether the kitchen computer plays (else nothing does). */
  playing?: boolean;
  /** Holds the answer to this tab's registration until it settles. */
  registration?: Promise<void>;
  /**
   * This tab's first device lapsed after it was registered (the tab slept): a play on it is refused, and the
   * next registration gets a new id.
   */
  lapsed?: boolean;
}

/** Starts a track from a screen (an album's play button, say). */
function PlayAlbum() {
  const player = usePlayer();
  return (
    <button type="button" onClick={() => void player.play({ contextUri: 'spotify:album:a1' })}>
      Play the album
    </button>
  );
}

/**
 * The player bar on a client whose HTTP answers are the kitchen track and whose live connection is
 * `connection`; each HTTP operation is counted, and the test pushes what the subscription sends.
 */
function setup({ connection, known = true, playing = true, registration, lapsed = false }: Setup) {
  const status = createLiveStatus(connection);
  const pushes = new Subject<ApolloLink.Result>();
  const subscribed: Record<string, unknown>[] = [];
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  let registrations = 0;
  const answer = (name: string, variables: Record<string, unknown>): ApolloLink.Result => {
    const devices = [device('kitchen', 'Kitchen', true), device('tab', 'Chrome on Linux')];
    if (name === 'StartPlayback' && lapsed && JSON.stringify(variables).includes('"deviceId":"tab"')) {
      return { errors: [{ message: 'Device not found', extensions: { code: 'NO_ACTIVE_DEVICE' } }] };
    }
    if (name === 'RegisterPlaybackDevice') registrations += 1;
    return { data: answerData(name, devices, registrations) };
  };
  const answerData = (
    name: string,
    devices: ReturnType<typeof device>[],
    registrations: number,
  ): Record<string, unknown> => {
    switch (name) {
      case 'PlayerState':
        return { player: { __typename: 'Player', state: playing ? stateOf(true) : null } };
      case 'PlayerDevices':
        return { player: { __typename: 'Player', devices } };
      case 'RegisterPlaybackDevice':
        return {
          registerPlaybackDevice: {
            __typename: 'RegisterPlaybackDevicePayload',
            device: device(registrations > 1 ? `tab-${String(registrations)}` : 'tab', 'Chrome on Linux'),
          },
        };
      case 'KeepPlaybackDevice':
        return {
          keepPlaybackDevice: {
            __typename: 'KeepPlaybackDevicePayload',
            device: known ? device('tab', 'Chrome on Linux') : null,
          },
        };
      case 'StartPlayback':
        return { startPlayback: { __typename: 'StartPlaybackPayload', player: null } };
      default:
        throw new Error(`Nothing answers ${name}.`);
    }
  };
  const http = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? '';
        sent.push({ name, variables: operation.variables });
        const held = name === 'RegisterPlaybackDevice' && registration ? registration : Promise.resolve();
        void held.then(() => {
          observer.next(answer(name, operation.variables));
          observer.complete();
        });
      }),
  );
  const live = new ApolloLink((operation) => {
    subscribed.push(operation.variables);
    return pushes.asObservable();
  });
  const client = new ApolloClient({ link: splitLive(live, http), cache: createCache() });
  setLiveStatus(client, status);
  sessionStorage.clear();
  void forgetBrowserDevice(client);
  render(
    <ApolloProvider client={client}>
      <PlayerBarFor viewer={viewer}>
        <PlayAlbum />
      </PlayerBarFor>
    </ApolloProvider>,
  );
  const count = (name: string) => sent.filter((operation) => operation.name === name).length;
  /** Sends what the api pushes: the player's state and devices. */
  const push = (
    state: ReturnType<typeof stateOf> | null,
    devices = [device('kitchen', 'Kitchen', true), device('tab', 'Chrome on Linux')],
  ) =>
    act(() => {
      pushes.next({ data: { player: { __typename: 'Player', state, devices } } });
    });
  return { status, push, subscribed, sent, count };
}

/** The desktop bar's transport controls. */
async function desktopControls() {
  const shuffle = await screen.findByRole('button', { name: 'Shuffle' });
  const controls = shuffle.parentElement;
  if (!controls) throw new Error('The controls have no container.');
  return within(controls);
}

const note = 'Live updates paused — reconnecting…';

/** Lets the clock run by `ms`, and what it started settle. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('the live player', () => {
  it('shows each pushed state, never one read before the one shown, and does not poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = setup({ connection: 'connected' });
    const controls = await desktopControls();
    await controls.findByRole('button', { name: 'Pause' });
    // Subscribed with this tab's device once it is registered, so that the api keeps it listed.
    await waitFor(() => expect(live.subscribed.at(-1)).toEqual({ deviceId: 'tab' }));

    live.push(stateOf(false, readAt + 2_000));
    await controls.findByRole('button', { name: 'Play' });
    // A state read before the pause, pushed late: the pause stays.
    live.push(stateOf(true, readAt + 1_000));
    await elapse(100);
    expect(controls.getByRole('button', { name: 'Play' })).toBeTruthy();

    const polls = live.count('PlayerState');
    await elapse(35_000);
    expect(live.count('PlayerState')).toBe(polls);
    expect(live.count('KeepPlaybackDevice')).toBe(0);
    expect(screen.queryByText(note)).toBeNull();
  });

  it('polls and keeps its device while the connection is down, says so, and stops once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = setup({ connection: 'down' });
    const controls = await desktopControls();
    await controls.findByRole('button', { name: 'Pause' });
    expect((await screen.findByRole('status')).textContent).toBe(note);

    const polls = live.count('PlayerState');
    await elapse(10_500);
    expect(live.count('PlayerState')).toBeGreaterThan(polls);
    expect(live.sent.filter((operation) => operation.name === 'KeepPlaybackDevice').at(-1)?.variables).toEqual({
      input: { deviceId: 'tab' },
    });

    // Back: the pushes tell, the note goes, and nothing is asked by the clock any more.
    act(() => live.status.set('connected'));
    live.push(stateOf(false, readAt + 1_000));
    await controls.findByRole('button', { name: 'Play' });
    expect(screen.queryByText(note)).toBeNull();
    const asked = live.sent.length;
    await elapse(25_000);
    expect(live.sent.slice(asked).map((operation) => operation.name)).toEqual([]);
  });

  it('registers this browser again when the music service no longer knows its device', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = setup({ connection: 'down', known: false });
    await desktopControls();
    await waitFor(() => expect(live.count('RegisterPlaybackDevice')).toBe(1));
    await elapse(10_500);
    await waitFor(() => expect(live.count('KeepPlaybackDevice')).toBe(1));
    await waitFor(() => expect(live.count('RegisterPlaybackDevice')).toBe(2));
  });

  it('asks whether its device is still there when a push leaves it out', async () => {
    const live = setup({ connection: 'connected' });
    await desktopControls();
    await waitFor(() => expect(live.subscribed.at(-1)).toEqual({ deviceId: 'tab' }));
    live.push(stateOf(true));
    expect(live.count('KeepPlaybackDevice')).toBe(0);
    live.push(stateOf(true), [device('kitchen', 'Kitchen', true)]);
    await waitFor(() => expect(live.count('KeepPlaybackDevice')).toBe(1));
  });

  it('plays on the device that plays, and here once that device has gone', async () => {
    const live = setup({ connection: 'connected' });
    await desktopControls();
    await waitFor(() => expect(live.subscribed.at(-1)).toEqual({ deviceId: 'tab' }));
    live.push(stateOf(true, readAt + 1_000));
    fireEvent.click(screen.getByRole('button', { name: 'Play the album' }));
    await waitFor(() => expect(live.count('StartPlayback')).toBe(1));
    expect(live.sent.at(-1)?.variables).toEqual({ input: { contextUri: 'spotify:album:a1' } });

    // The kitchen computer went away without a word: its device lapsed.
    live.push(stateOf(true, readAt + 2_000), [device('tab', 'Chrome on Linux')]);
    fireEvent.click(screen.getByRole('button', { name: 'Play the album' }));
    await waitFor(() => expect(live.count('StartPlayback')).toBe(2));
    expect(live.sent.filter((operation) => operation.name === 'StartPlayback').at(-1)?.variables).toEqual({
      input: { contextUri: 'spotify:album:a1', deviceId: 'tab' },
    });
  });

  it('registers this tab again and plays here, when its device lapsed while the tab slept', async () => {
    const live = setup({ connection: 'connected', playing: false, lapsed: true, known: false });
    await desktopControls();
    await waitFor(() => expect(live.subscribed.at(-1)).toEqual({ deviceId: 'tab' }));
    // The play is refused for a device the music service no longer knows, and the push then leaves it out.
    fireEvent.click(screen.getByRole('button', { name: 'Play the album' }));
    live.push(null, [device('kitchen', 'Kitchen')]);
    await waitFor(() => expect(live.count('StartPlayback')).toBe(2));
    expect(
      live.sent.filter((operation) => operation.name === 'StartPlayback').map(({ variables }) => variables),
    ).toEqual([
      { input: { contextUri: 'spotify:album:a1', deviceId: 'tab' } },
      { input: { contextUri: 'spotify:album:a1', deviceId: 'tab-2' } },
    ]);
    // One new device, however many found the old one gone; and nothing to tell the listener.
    await waitFor(() => expect(live.subscribed.at(-1)).toEqual({ deviceId: 'tab-2' }));
    expect(live.count('RegisterPlaybackDevice')).toBe(2);
    expect(screen.queryByRole('link', { name: 'Choose a device' })).toBeNull();
  });

  it('plays here once this tab is registered, when the play comes while it registers', async () => {
    let register = () => {};
    const registration = new Promise<void>((resolve) => {
      register = resolve;
    });
    const live = setup({ connection: 'connected', playing: false, registration });
    await waitFor(() => expect(live.count('RegisterPlaybackDevice')).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Play the album' }));
    await act(() => Promise.resolve());
    expect(live.count('StartPlayback')).toBe(0);

    register();
    await waitFor(() => expect(live.count('StartPlayback')).toBe(1));
    expect(live.sent.find((operation) => operation.name === 'StartPlayback')?.variables).toEqual({
      input: { contextUri: 'spotify:album:a1', deviceId: 'tab' },
    });
  });
});
