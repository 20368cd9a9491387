import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../apollo';
import type { AccountProduct, MusicProvider } from '../__generated__/graphql';
import { ViewerProvider } from '../app/viewer';
import { NotificationsProvider } from '../components/Notifications';
import { UnregisterPlaybackDeviceMutation } from '../player/operations';
import { PlayerContext } from '../player/context';
import type { PlaybackState } from '../player/context';
import { device as deviceOf, fakePlayer, playbackState, viewer } from '../testing/fixtures';
import DevicesPage, { DevicesPageQueryDocument } from './DevicesPage';

/** A device of the devices screen, which also reads whether a device can be controlled. */
const device = (
  id: string,
  name: string,
  change: { type?: string; isActive?: boolean; registeredByClient?: boolean } = {},
) => ({
  ...deviceOf({ id, name, type: 'Computer', isActive: false, volumePercent: 70, ...change }),
  isRestricted: false,
});

const here = device('here', 'Chrome on Linux', { registeredByClient: true });
const kitchen = device('kitchen', 'Kitchen', { type: 'Speaker', isActive: true });
const old = device('old', 'Firefox on Windows', { registeredByClient: true });

const devicesMock = (devices: ReturnType<typeof device>[]): MockLink.MockedResponse => ({
  request: { query: DevicesPageQueryDocument },
  result: { data: { player: { __typename: 'Player', devices } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

interface Setup {
  devices?: ReturnType<typeof device>[];
  provider?: MusicProvider;
  product?: AccountProduct;
  mocks?: MockLink.MockedResponse[];
  state?: PlaybackState | null;
}

function renderPage({
  devices = [kitchen, old, here],
  provider = 'LOCAL',
  product = 'PREMIUM',
  mocks = [],
  state = null,
  cache = createCache(),
}: Setup & { cache?: ReturnType<typeof createCache> }) {
  const player = fakePlayer({
    state,
    live: false,
    canControl: product === 'PREMIUM',
    browserDeviceId: provider === 'LOCAL' ? 'here' : null,
  });
  render(
    <MockedProvider mocks={[devicesMock(devices), ...mocks]} cache={cache}>
      <ViewerProvider viewer={viewer({ provider, product })}>
        <NotificationsProvider>
          <PlayerContext value={player}>
            <DevicesPage />
          </PlayerContext>
        </NotificationsProvider>
      </ViewerProvider>
    </MockedProvider>,
  );
  return player;
}

async function rows() {
  const list = await screen.findByRole('list', { name: 'Your devices' });
  return within(list).getAllByRole('listitem');
}

describe('the devices screen', () => {
  it('puts this browser first, marks the active device, and moves playback where chosen', async () => {
    const player = renderPage({});
    const [first, second, third] = await rows();
    if (!first || !second || !third) throw new Error('Three devices should show.');
    expect(within(first).getByText('This browser')).toBeTruthy();
    expect(within(first).getByText('Chrome on Linux')).toBeTruthy();
    expect(second.textContent).toContain('Kitchen');
    expect(second.textContent).toContain('Speaker · Active, paused');
    expect(third.textContent).toContain('Computer · Available');

    fireEvent.click(within(first).getByRole('button', { name: 'Play on this browser' }));
    expect(player.transfer).toHaveBeenCalledWith('here', true);
    // The active device needs no button to move there.
    expect(within(second).queryByRole('button', { name: /^Play on / })).toBeNull();
  });

  it('marks the device the newest state plays on, where a list read before playback moved still names another', async () => {
    // The list was read while the kitchen played; playback has moved to this browser since, and plays.
    const player = renderPage({ state: playbackState({ device: deviceOf({ id: 'here', name: 'Chrome on Linux' }) }) });
    const [first, second, third] = await rows();
    if (!first || !second || !third) throw new Error('Three devices should show.');
    expect(within(first).getByText('This browser')).toBeTruthy();
    expect(first.textContent).toContain('Computer · Playing');
    expect(within(first).queryByRole('button', { name: /^Play on / })).toBeNull();
    expect(within(first).getByRole('slider', { name: 'Volume of this browser' })).toBeTruthy();
    expect(second.textContent).toContain('Kitchen');
    expect(second.textContent).toContain('Speaker · Available');
    fireEvent.click(within(second).getByRole('button', { name: 'Play on Kitchen' }));
    expect(player.transfer).toHaveBeenCalledWith('kitchen', true);
    expect(third.textContent).toContain('Computer · Available');
  });

  it('sets the volume of the active device only, with the local music service', async () => {
    const player = renderPage({});
    const [first, second, third] = await rows();
    if (!first || !second || !third) throw new Error('Three devices should show.');
    expect(within(first).queryByRole('slider')).toBeNull();
    expect(within(third).queryByRole('slider')).toBeNull();
    const slider = within(second).getByRole('slider', { name: 'Volume of Kitchen' });
    fireEvent.change(slider, { target: { value: '30' } });
    await waitFor(() => expect(player.setVolume).toHaveBeenCalledWith(30, 'kitchen'));
  });

  it('offers to forget other browsers only, and forgets at once', async () => {
    const forgotten = vi.fn(() => ({
      data: {
        unregisterPlaybackDevice: {
          __typename: 'UnregisterPlaybackDevicePayload',
          player: {
            __typename: 'Player',
            devices: [kitchen, here].map(({ isRestricted: _restricted, ...rest }) => rest),
          },
        },
      },
    }));
    renderPage({
      mocks: [
        {
          request: { query: UnregisterPlaybackDeviceMutation, variables: { input: { deviceId: 'old' } } },
          result: forgotten,
          delay: 100,
        },
      ],
    });
    await rows();
    const forgetButtons = screen.getAllByRole('button', { name: /^Forget / });
    expect(forgetButtons.map((button) => button.getAttribute('aria-label'))).toEqual(['Forget Firefox on Windows']);
    fireEvent.click(screen.getByRole('button', { name: 'Forget Firefox on Windows' }));
    // Gone before the music service answers.
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(forgotten).not.toHaveBeenCalled();
    await waitFor(() => expect(forgotten).toHaveBeenCalledOnce());
    expect(await screen.findByText('Forgot Firefox on Windows')).toBeTruthy();
    expect(await rows()).toHaveLength(2);
  });

  it('keeps a forgotten device out of the list when an answer read before it was forgotten comes after', async () => {
    const cache = createCache();
    renderPage({
      cache,
      devices: [here, { ...old, isActive: true }],
      mocks: [
        {
          request: { query: UnregisterPlaybackDeviceMutation, variables: { input: { deviceId: 'old' } } },
          result: {
            data: {
              unregisterPlaybackDevice: {
                __typename: 'UnregisterPlaybackDevicePayload',
                player: { __typename: 'Player', devices: [here].map(({ isRestricted: _restricted, ...rest }) => rest) },
              },
            },
          },
        },
      ],
    });
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Forget Firefox on Windows' }));
    expect(await screen.findByText('Forgot Firefox on Windows')).toBeTruthy();
    // The answer to moving playback there, read while the device still played and answered only now.
    act(() => {
      cache.writeQuery({
        query: DevicesPageQueryDocument,
        data: { __typename: 'Query', player: { __typename: 'Player', devices: [here, { ...old, isActive: true }] } },
      });
    });
    expect(await rows()).toHaveLength(1);
    expect(screen.queryByText('Firefox on Windows')).toBeNull();
  });

  it('brings a device back, and says why, when forgetting it fails', async () => {
    renderPage({
      mocks: [
        {
          request: { query: UnregisterPlaybackDeviceMutation, variables: { input: { deviceId: 'old' } } },
          result: { errors: [{ message: 'Device not found', extensions: { code: 'NOT_FOUND' } }] },
          delay: 100,
        },
      ],
    });
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Forget Firefox on Windows' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(await screen.findByText('We could not find that. It may have been removed.')).toBeTruthy();
    expect(await screen.findByText('Firefox on Windows')).toBeTruthy();
  });

  it('says that the browser is a remote with Spotify, and sets any device’s volume', async () => {
    renderPage({ provider: 'SPOTIFY', devices: [kitchen, device('phone', 'Pixel', { type: 'Smartphone' })] });
    expect(
      await screen.findByText(/this browser is a remote control: the music plays in Spotify’s own apps/),
    ).toBeTruthy();
    await rows();
    expect(screen.queryByText('This browser')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Forget / })).toBeNull();
    expect(screen.getByRole('slider', { name: 'Volume of Kitchen' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Volume of Pixel' })).toBeTruthy();
  });

  it('shows a free account its devices, with the commands disabled and the reason', async () => {
    renderPage({ product: 'FREE' });
    const [first] = await rows();
    if (!first) throw new Error('A device should show.');
    expect(screen.getByText('Controlling playback needs a Premium account.')).toBeTruthy();
    const play = within(first).getByRole('button', { name: 'Play on this browser' });
    expect(play instanceof HTMLButtonElement && play.disabled).toBe(true);
  });
});
