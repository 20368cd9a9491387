import { MockedProvider } from '@apollo/client/testing/react';
import { useQuery } from '@apollo/client/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { browserDeviceName, useBrowserDevice } from './browser-device';
import { PlayerDevicesQuery, RegisterPlaybackDeviceMutation } from './operations';

const device = (id: string, name: string) => ({
  __typename: 'Device' as const,
  id,
  name,
  type: 'Computer',
  isActive: false,
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
  const here = useBrowserDevice(true, 'demo');
  const { data } = useQuery(PlayerDevicesQuery);
  return (
    <ul aria-label="Devices">
      {data?.player.devices.map((listed) => (
        <li key={listed.id}>{listed.id === here ? 'This browser' : listed.name}</li>
      ))}
    </ul>
  );
}

describe('useBrowserDevice', () => {
  it('registers this browser and brings a device list asked for before it into step', async () => {
    sessionStorage.clear();
    render(
      <MockedProvider
        cache={createCache()}
        mocks={[
          devicesAnswer(0, device('phone', 'Phone')),
          {
            delay: 30,
            request: {
              query: RegisterPlaybackDeviceMutation,
              variables: { input: { name: browserDeviceName(navigator.userAgent), type: 'Computer' } },
            },
            result: {
              data: {
                registerPlaybackDevice: {
                  __typename: 'RegisterPlaybackDevicePayload',
                  device: device('tab', 'Web Player (Chrome)'),
                },
              },
            },
          },
          devicesAnswer(0, device('phone', 'Phone'), device('tab', 'Web Player (Chrome)')),
        ]}
      >
        <DeviceNames />
      </MockedProvider>,
    );
    expect(await screen.findByText('This browser', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Phone')).toBeTruthy();
    expect(sessionStorage.getItem('graphonic.playbackDevice.demo')).toBe('tab');
  });
});
