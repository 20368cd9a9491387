import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { graphql } from '../__generated__';
import { PlayerDevicesQuery, RegisterPlaybackDeviceMutation } from './operations';

/** A name people recognise in a device list: "Web Player (Firefox)". */
export function browserDeviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  return `Web Player (${browser})`;
}

/** Where this tab keeps the id of the device it registered, per listener. */
const storagePrefix = 'graphonic.playbackDevice.';

export const ForgetBrowserDeviceMutation = graphql(`
  mutation ForgetBrowserDevice($input: UnregisterPlaybackDeviceInput!) {
    unregisterPlaybackDevice(input: $input) {
      player {
        __typename
      }
    }
  }
`);

/** One registration per page, however often the effect runs (React runs it twice in development). */
let pending: Promise<string | null> | null = null;

/** Removes the device this tab registered, before signing out (the next account gets one of its own). */
export async function forgetBrowserDevice(client: ApolloClient): Promise<void> {
  pending = null;
  const ids: string[] = [];
  for (const key of Object.keys(sessionStorage)) {
    if (!key.startsWith(storagePrefix)) continue;
    const id = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (id) ids.push(id);
  }
  await Promise.all(
    ids.map((deviceId) =>
      client
        .mutate({ mutation: ForgetBrowserDeviceMutation, variables: { input: { deviceId } } })
        .catch(() => undefined),
    ),
  );
}

/**
 * Registers this tab as a playback device, once: the id is kept for the tab's life (a reload keeps it),
 * and registered again when the music service no longer knows it. Null until ready, and where the
 * music service cannot have the browser play (Spotify's players are its own apps).
 */
export function useBrowserDevice(enabled: boolean, userId: string): string | null {
  const client = useApolloClient();
  const [registerMutation] = useMutation(RegisterPlaybackDeviceMutation);
  const [deviceId, setDeviceId] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    // Kept per listener: another account signing in on this tab gets a device of its own.
    const storageKey = `${storagePrefix}${userId}`;
    const register = async (): Promise<string | null> => {
      const kept = sessionStorage.getItem(storageKey);
      if (kept) {
        const { data } = await client.query({ query: PlayerDevicesQuery, fetchPolicy: 'network-only' });
        if (data?.player.devices.some((device) => device.id === kept)) return kept;
      }
      const { data } = await registerMutation({
        variables: { input: { name: browserDeviceName(navigator.userAgent), type: 'Computer' } },
      });
      const id = data?.registerPlaybackDevice?.device?.id ?? null;
      if (id) {
        sessionStorage.setItem(storageKey, id);
        // A list of devices on screen was asked for before this one existed: it shows it now, not at its next poll.
        void client.refetchQueries({ include: ['DevicesPage', 'PlayerDevices'] }).catch(() => undefined);
      }
      return id;
    };
    pending ??= register().catch(() => {
      // Without a device of its own the browser is still a remote for the listener's other devices.
      pending = null;
      return null;
    });
    void pending.then((id) => {
      if (!cancelled) setDeviceId(id);
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, userId, client, registerMutation]);

  return deviceId;
}

/** Where a tab notes that it was playing when it went away (a reload), so that it plays on when back. */
export const resumeKey = (userId: string): string => `graphonic.resumeHere.${userId}`;
