import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { forgetDeviceIn } from '../apollo';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';
import { PlayerDevicesQuery, UnregisterPlaybackDeviceMutation } from './operations';
import { usePlayer } from './context';

/**
 * Forgets a device that a client of this listener registered (`registeredByClient`: another browser tab):
 * it leaves the list at once, and comes back with a message if the music service refuses. Once forgotten, it
 * stays out of every list, however late an answer read before that comes. Playback on it stops.
 */
export function useForgetDevice(): (device: { id: string; name: string }) => Promise<void> {
  const client = useApolloClient();
  const notify = useNotify();
  const player = usePlayer();
  const [unregister] = useMutation(UnregisterPlaybackDeviceMutation);
  return useCallback(
    async (device: { id: string; name: string }) => {
      const known = client.cache.readQuery({ query: PlayerDevicesQuery });
      const remaining = known?.player.devices.filter((candidate) => candidate.id !== device.id);
      try {
        await unregister({
          variables: { input: { deviceId: device.id } },
          optimisticResponse: remaining
            ? {
                __typename: 'Mutation',
                unregisterPlaybackDevice: {
                  __typename: 'UnregisterPlaybackDevicePayload',
                  player: { __typename: 'Player', devices: remaining },
                },
              }
            : undefined,
        });
        // No list read before this answer brings it back.
        forgetDeviceIn(client.cache, device.id);
        notify(`Forgot ${device.name}`);
        // Playback stops with the device it was on.
        if (player.state?.device?.id === device.id) player.refresh();
      } catch (error) {
        notify(friendlyMessage(error, 'forget this device'), 'error');
      }
    },
    [client, notify, player, unregister],
  );
}
