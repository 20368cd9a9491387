import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { device as deviceOf, fakePlayer, playbackState } from '../testing/fixtures';
import { PlayerContext, type PlaybackState, type Player } from './context';
import { PlayerDevicesQuery } from './operations';
import { PlayingOn } from './PlayingOn';

const device = (id: string, name: string, isActive = false) =>
  deviceOf({ id, name, type: 'Computer', isActive, registeredByClient: id === 'tab' });

const stateOn = (deviceId: string, name: string, isPlaying = true): PlaybackState =>
  playbackState({ isPlaying, progressMs: 0, device: device(deviceId, name, true), item: null });

const playerOf = (state: PlaybackState | null, browserDeviceId: string | null): Player =>
  fakePlayer({ state, browserDeviceId });

function renderStrip(player: Player) {
  return render(
    <MockedProvider
      cache={createCache()}
      mocks={[
        {
          request: { query: PlayerDevicesQuery },
          result: {
            data: {
              player: {
                __typename: 'Player',
                devices: [device('kitchen', 'Kitchen', true), device('tab', 'Chrome on Linux')],
              },
            },
          },
        },
      ]}
    >
      <PlayerContext value={player}>
        <PlayingOn />
      </PlayerContext>
    </MockedProvider>,
  );
}

describe('the "Playing on" strip', () => {
  it('says where playback is when it is on another device, and opens the device picker', async () => {
    const player = playerOf(stateOn('kitchen', 'Kitchen'), 'tab');
    renderStrip(player);
    await screen.findByRole('button', { name: 'Playing on Kitchen' });
    // The picker's code arrives after the first screen: the strip opens it once it is in.
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: 'Playing on Kitchen' }).getAttribute('aria-expanded')).toBe('false'),
      {
        timeout: 5000,
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Playing on Kitchen' }));
    expect(await screen.findByRole('heading', { name: 'Connect to a device' })).toBeTruthy();
    const devices = within(await screen.findByRole('list', { name: 'Devices' }));
    expect(await devices.findByText('This browser')).toBeTruthy();

    fireEvent.click(devices.getByText('This browser'));
    expect(player.transfer).toHaveBeenCalledWith('tab', true);
  });

  it('shows while paused there too: the sound is there when it plays', async () => {
    renderStrip(playerOf(stateOn('kitchen', 'Kitchen', false), 'tab'));
    expect(await screen.findByRole('button', { name: 'Playing on Kitchen' })).toBeTruthy();
  });

  it('shows with a music service whose players are its own apps (no device here)', async () => {
    renderStrip(playerOf(stateOn('kitchen', 'Kitchen'), null));
    expect(await screen.findByRole('button', { name: 'Playing on Kitchen' })).toBeTruthy();
  });

  it('stays away when playback is in this tab, or nowhere', () => {
    const { unmount } = renderStrip(playerOf(stateOn('tab', 'Chrome on Linux'), 'tab'));
    expect(screen.queryByRole('button', { name: /^Playing on / })).toBeNull();
    unmount();
    renderStrip(playerOf(null, 'tab'));
    expect(screen.queryByRole('button', { name: /^Playing on / })).toBeNull();
  });

  it('stays away while this tab is still making sure of its own device: after a reload it may be the one that plays', async () => {
    const player = fakePlayer({ state: stateOn('tab', 'Chrome on Linux'), browserDeviceRegistering: true });
    const { rerender } = renderStrip(player);
    expect(screen.queryByRole('button', { name: /^Playing on / })).toBeNull();
    // Sure of it, and it is another device: the strip says so.
    const elsewhere = {
      ...player,
      browserDeviceId: 'tab',
      browserDeviceRegistering: false,
      state: stateOn('kitchen', 'Kitchen'),
    };
    rerender(
      <MockedProvider cache={createCache()}>
        <PlayerContext value={elsewhere}>
          <PlayingOn />
        </PlayerContext>
      </MockedProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Playing on Kitchen' })).toBeTruthy();
  });
});
