import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { KeepPlaybackDeviceMutation } from './operations';

/** How often a tab without a live connection says that its device is still there. */
export const keepEveryMs = 10_000;

/**
 * Keeps this tab's device listed: while there is no live connection, by saying every 10 seconds that it
 * is still there (the live subscription does it otherwise); and whenever a pushed list of devices leaves
 * it out. When the music service no longer knows the device (it lapsed while the tab slept), the tab
 * registers again.
 */
export function useKeepDevice(
  deviceId: string | null,
  live: boolean,
  pushed: readonly { id: string }[] | null,
  registerAgain: (lost: string) => Promise<unknown>,
): void {
  const [keepMutation] = useMutation(KeepPlaybackDeviceMutation);

  useEffect(() => {
    if (!deviceId) return;
    const keep = () =>
      void keepMutation({ variables: { input: { deviceId } } }).then(
        ({ data }) => {
          // The answer names no device: the music service no longer knows it.
          if (data?.keepPlaybackDevice && !data.keepPlaybackDevice.device) void registerAgain(deviceId);
        },
        // A failed request says nothing of the device: the next one will tell.
        () => undefined,
      );
    if (live) {
      // Live: the api keeps the device. A push without it means it lapsed, or the push was sent before
      // it was registered: asking tells which.
      if (pushed && !pushed.some((device) => device.id === deviceId)) keep();
      return;
    }
    const timer = setInterval(keep, keepEveryMs);
    return () => clearInterval(timer);
  }, [deviceId, live, pushed, keepMutation, registerAgain]);
}
