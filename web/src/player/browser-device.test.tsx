import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { useQuery } from '@apollo/client/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '../apollo';
import {
  browserDeviceName,
  browserDeviceType,
  forgetBrowserDevice,
  useBrowserDevice,
  type BrowserTraits,
} from './browser-device';
import { KeepPlaybackDeviceMutation, PlayerDevicesQuery, RegisterPlaybackDeviceMutation } from './operations';

const device = (id: string, name: string) => ({
  __typename: 'Device' as const,
  id,
  name,
  type: 'Computer',
  isActive: false,
  registeredByClient: name !== 'Phone',
  volumePercent: 100,
  supportsVolume: true,
});

// Each answer takes the time given, so that they arrive in the order a real service would give them.
const devicesAnswer = (delay: number, ...devices: ReturnType<typeof device>[]) => ({
  delay,
  request: { query: PlayerDevicesQuery },
  result: { data: { player: { __typename: 'Player' as const, devices } } },
});

function DeviceNames() {
  const { id: here, registering } = useBrowserDevice(true, 'demo');
  const { data } = useQuery(PlayerDevicesQuery);
  return (
    <>
      <p>{registering ? 'Registering this browser' : 'This browser is known'}</p>
      <ul aria-label="Devices">
        {data?.player.devices.map((listed) => (
          <li key={listed.id}>{listed.id === here ? 'This browser' : listed.name}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The answer to saying that `id` is still here: the device, or null once the music service no longer knows it.
 * `said` counts the times it was said.
 */
function keepAnswer(id: string, known: boolean) {
  const said = vi.fn(() => ({
    data: {
      keepPlaybackDevice: {
        __typename: 'KeepPlaybackDevicePayload' as const,
        device: known ? device(id, 'Chrome on Linux') : null,
      },
    },
  }));
  return {
    said,
    mock: { request: { query: KeepPlaybackDeviceMutation, variables: { input: { deviceId: id } } }, result: said },
  };
}

/** A tab reloaded with the id of the device it registered before, and no registration of this page yet. */
async function reloadedWith(kept: string): Promise<void> {
  sessionStorage.clear();
  await forgetBrowserDevice(new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() }));
  sessionStorage.setItem('graphonic.playbackDevice.demo', kept);
}

const thisBrowser: BrowserTraits = { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints };

/** Real user agents, as these browsers send them, with the name and kind each one registers as. */
const browsers: [string, BrowserTraits, string, string][] = [
  [
    'Chrome on Windows',
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    'Chrome on Windows',
    'Computer',
  ],
  [
    'Edge on Windows',
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    },
    'Edge on Windows',
    'Computer',
  ],
  [
    'Firefox on Windows',
    { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    'Firefox on Windows',
    'Computer',
  ],
  [
    'Opera on Windows',
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    },
    'Opera on Windows',
    'Computer',
  ],
  [
    'Safari on a Mac',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      maxTouchPoints: 0,
    },
    'Safari on macOS',
    'Computer',
  ],
  [
    'Chrome on a Mac',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    'Chrome on macOS',
    'Computer',
  ],
  [
    'Firefox on a Mac',
    { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0' },
    'Firefox on macOS',
    'Computer',
  ],
  [
    'Chrome on Linux',
    {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    'Chrome on Linux',
    'Computer',
  ],
  [
    'Firefox on Ubuntu',
    { userAgent: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    'Firefox on Linux',
    'Computer',
  ],
  [
    'Chrome on a Chromebook',
    {
      userAgent:
        'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    'Chrome on ChromeOS',
    'Computer',
  ],
  [
    'Chrome on an Android phone',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      maxTouchPoints: 5,
    },
    'Chrome on Android',
    'Smartphone',
  ],
  [
    'Chrome on an Android tablet',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      maxTouchPoints: 10,
    },
    'Chrome on Android',
    'Tablet',
  ],
  [
    'Firefox on an Android phone',
    { userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', maxTouchPoints: 5 },
    'Firefox on Android',
    'Smartphone',
  ],
  [
    'Samsung Internet on a Galaxy phone',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
      maxTouchPoints: 5,
    },
    'Samsung Internet on Android',
    'Smartphone',
  ],
  [
    'Samsung Internet on a Galaxy tablet',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Safari/537.36',
      maxTouchPoints: 10,
    },
    'Samsung Internet on Android',
    'Tablet',
  ],
  [
    'Edge on an Android phone',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
      maxTouchPoints: 5,
    },
    'Edge on Android',
    'Smartphone',
  ],
  [
    'Opera on an Android phone',
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/86.0.0.0',
      maxTouchPoints: 5,
    },
    'Opera on Android',
    'Smartphone',
  ],
  [
    'Safari on an iPhone',
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    },
    'Safari on iPhone',
    'Smartphone',
  ],
  [
    'Chrome on an iPhone',
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    },
    'Chrome on iPhone',
    'Smartphone',
  ],
  [
    'Firefox on an iPhone',
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
      maxTouchPoints: 5,
    },
    'Firefox on iPhone',
    'Smartphone',
  ],
  [
    'Edge on an iPhone',
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
      maxTouchPoints: 5,
    },
    'Edge on iPhone',
    'Smartphone',
  ],
  [
    'Safari on an old iPad',
    {
      userAgent:
        'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
      maxTouchPoints: 5,
    },
    'Safari on iPad',
    'Tablet',
  ],
  [
    // iPadOS asks for desktop sites as a Mac: only the touch screen tells it apart.
    'Safari on an iPad',
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      maxTouchPoints: 5,
    },
    'Safari on iPad',
    'Tablet',
  ],
  ['a client that names nothing', { userAgent: 'curl/8.5.0' }, 'Web browser', 'Computer'],
];

/** The answer to this browser's registration, under its own name and kind: the device `id`. */
const registerAnswer = (id: string) => ({
  request: {
    query: RegisterPlaybackDeviceMutation,
    variables: { input: { name: browserDeviceName(thisBrowser), type: browserDeviceType(thisBrowser) } },
  },
  result: {
    data: {
      registerPlaybackDevice: {
        __typename: 'RegisterPlaybackDevicePayload' as const,
        device: device(id, 'Chrome on Linux'),
      },
    },
  },
});

/** The device list on a reloaded tab, answered by `answers` and the list with this tab's device in it. */
function renderAfterReload(...answers: MockLink.MockedResponse[]): void {
  const listed = () => devicesAnswer(0, device('phone', 'Phone'), device('tab', 'Chrome on Linux'));
  render(
    <MockedProvider cache={createCache()} mocks={[...answers, listed(), listed()]}>
      <DeviceNames />
    </MockedProvider>,
  );
}

describe('the name and kind of this browser as a device', () => {
  it.each(browsers)('%s', (_case, traits, name, type) => {
    expect(browserDeviceName(traits)).toBe(name);
    expect(browserDeviceType(traits)).toBe(type);
  });
});

describe('useBrowserDevice', () => {
  it('registers this browser and brings a device list asked for before it into step', async () => {
    sessionStorage.clear();
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          devicesAnswer(0, device('phone', 'Phone')),
          { ...registerAnswer('tab'), delay: 30 },
          devicesAnswer(0, device('phone', 'Phone'), device('tab', 'Chrome on Linux')),
        ]}
      >
        <DeviceNames />
      </MockedProvider>,
    );
    // Under way from the first render, until the music service has answered.
    expect(screen.getByText('Registering this browser')).toBeTruthy();
    expect(await screen.findByText('This browser', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('This browser is known')).toBeTruthy();
    expect(screen.getByText('Phone')).toBeTruthy();
    expect(sessionStorage.getItem('graphonic.playbackDevice.demo')).toBe('tab');
    // A limit for a hang, not a measure of speed: a busy machine renders slowly.
  }, 20_000);

  it('says after a reload that the device it kept is still here, so that it does not lapse under the next command', async () => {
    await reloadedWith('tab');
    // A device found in the list alone could lapse a moment later, and the play given just after the reload
    // would find no device: the tab says that it is still here.
    const keep = keepAnswer('tab', true);
    renderAfterReload(keep.mock);
    expect(await screen.findByText('This browser is known', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('This browser')).toBeTruthy();
    expect(keep.said).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('graphonic.playbackDevice.demo')).toBe('tab');
  }, 20_000);

  it('registers anew after a reload when the music service no longer knows the device it kept', async () => {
    await reloadedWith('lapsed');
    const keep = keepAnswer('lapsed', false);
    renderAfterReload(keep.mock, registerAnswer('tab'));
    expect(await screen.findByText('This browser', {}, { timeout: 15_000 })).toBeTruthy();
    expect(keep.said).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('graphonic.playbackDevice.demo')).toBe('tab');
  }, 20_000);
});
