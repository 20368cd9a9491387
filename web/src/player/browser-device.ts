import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { graphql } from '../__generated__';
import { KeepPlaybackDeviceMutation, RegisterPlaybackDeviceMutation } from './operations';

/** The browsers people recognise by name, the more specific first (Edge, Opera and Samsung's say "Chrome" too). */
const browsers: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|OPiOS\/|OPT\/|Opera/, 'Opera'],
  [/Edg\/|EdgA\/|EdgiOS\//, 'Edge'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** The systems, the more specific first (Android says "Linux", an iPhone "like Mac OS X"). */
const systems: [RegExp, System][] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

type System = 'iPhone' | 'iPad' | 'Android' | 'ChromeOS' | 'Windows' | 'macOS' | 'Linux';

/** What a browser tells of itself: its user agent, and how many touch points its screen has. */
export interface BrowserTraits {
  userAgent: string;
  /** An iPad asks for desktop sites as a Mac: only its touch screen tells it apart. */
  maxTouchPoints?: number;
}

function systemOf({ userAgent, maxTouchPoints = 0 }: BrowserTraits): System | null {
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return system === 'macOS' && maxTouchPoints > 1 ? 'iPad' : system;
}

/** A name people recognise in a device list: "Chrome on Linux", "Safari on iPhone". */
export function browserDeviceName(traits: BrowserTraits): string {
  const browser = browsers.find(([pattern]) => pattern.test(traits.userAgent))?.[1] ?? 'Web browser';
  const system = systemOf(traits);
  return system ? `${browser} on ${system}` : browser;
}

/** The device kind as the music service names it: Smartphone on a phone, Tablet on a tablet, else Computer. */
export function browserDeviceType(traits: BrowserTraits): 'Smartphone' | 'Tablet' | 'Computer' {
  const system = systemOf(traits);
  if (system === 'iPhone') return 'Smartphone';
  if (system === 'iPad') return 'Tablet';
  // An Android phone's browser says "Mobile"; a tablet's does not.
  if (system === 'Android') return /Mobile/.test(traits.userAgent) ? 'Smartphone' : 'Tablet';
  return 'Computer';
}

/** This browser, as it tells of itself. */
const thisBrowser = (): BrowserTraits => ({
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints,
});

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

/** This tab as a playback device: its id (null until registered), and how to register it anew. */
export interface BrowserDevice {
  id: string | null;
  /** A registration (or the confirmation of the id a reload kept) is under way: `id` is not known yet. */
  registering: boolean;
  /**
   * The id once the registration under way has settled (null where there is none, or it failed): a command
   * given while the page is still registering its device waits for it rather than play nowhere.
   */
  settled: () => Promise<string | null>;
  /**
   * The music service no longer knows the device `lost` (it lapsed while the tab slept, say): register again, once
   * however many find it gone. Answers the new id once registered (null where that fails).
   */
  registerAgain: (lost: string) => Promise<string | null>;
}

/**
 * Registers this tab as a playback device, once: the id is kept for the tab's life (a reload keeps it),
 * and registered again when the music service no longer knows it. No id until ready, and none where the
 * music service cannot have the browser play (Spotify's players are its own apps).
 */
export function useBrowserDevice(enabled: boolean, userId: string): BrowserDevice {
  const client = useApolloClient();
  const [registerMutation] = useMutation(RegisterPlaybackDeviceMutation);
  const [keepMutation] = useMutation(KeepPlaybackDeviceMutation);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  // Counts the times the device was found lost: each one registers anew.
  const [losses, setLosses] = useState(0);
  // Kept per listener: another account signing in on this tab gets a device of its own.
  const storageKey = `${storagePrefix}${userId}`;
  // The registration this render wants, and the last one that settled: they differ while one is under way.
  const attempt = `${storageKey} ${String(losses)}`;
  const [settledAttempt, setSettledAttempt] = useState<string | null>(null);

  /** Registers this tab, or confirms the device a reload kept; null where that fails. */
  const register = useCallback((): Promise<string | null> => {
    const run = async (): Promise<string | null> => {
      const kept = sessionStorage.getItem(storageKey);
      if (kept) {
        // Said to be still here, not only looked up in the list: a device listed a moment before it would have
        // lapsed must not lapse under the first command given after a reload.
        const { data } = await keepMutation({ variables: { input: { deviceId: kept } } });
        if (data?.keepPlaybackDevice?.device?.id === kept) return kept;
      }
      const traits = thisBrowser();
      const { data } = await registerMutation({
        variables: { input: { name: browserDeviceName(traits), type: browserDeviceType(traits) } },
      });
      const id = data?.registerPlaybackDevice?.device?.id ?? null;
      if (id) {
        sessionStorage.setItem(storageKey, id);
        // A list of devices on screen was asked for before this one existed: it shows it now, not at its next poll.
        void client.refetchQueries({ include: ['DevicesPage', 'PlayerDevices'] }).catch(() => undefined);
      }
      return id;
    };
    return run().catch(() => {
      // Without a device of its own the browser is still a remote for the listener's other devices.
      pending = null;
      return null;
    });
  }, [storageKey, client, registerMutation, keepMutation]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    pending ??= register();
    void pending.then((id) => {
      if (cancelled) return;
      setDeviceId(id);
      setSettledAttempt(attempt);
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, attempt, register]);

  const registerAgain = useCallback(
    (lost: string) => {
      // Registered again, or under way, since that device was lost (the keep and a command may both find it gone):
      // one new device for both.
      if (pending && sessionStorage.getItem(storageKey) !== lost) return pending;
      sessionStorage.removeItem(storageKey);
      // Started at once, so that a command waiting for the new device has it to wait for.
      const again = register();
      pending = again;
      setLosses((count) => count + 1);
      return again;
    },
    [storageKey, register],
  );

  const settled = useCallback(async () => deviceId ?? (enabled && pending ? await pending : null), [deviceId, enabled]);

  const registering = enabled && settledAttempt !== attempt;
  return useMemo(
    () => ({ id: deviceId, registering, settled, registerAgain }),
    [deviceId, registering, settled, registerAgain],
  );
}

/** Where a tab notes that it was playing when it went away (a reload), so that it plays on when back. */
export const resumeKey = (userId: string): string => `graphonic.resumeHere.${userId}`;
