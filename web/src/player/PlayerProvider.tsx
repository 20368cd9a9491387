import type { Cache } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getFragmentData } from '../__generated__';
import type { PlayerStateQuery as PlayerStateData } from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { usePlaybackAcrossReloads } from './across-reloads';
import { PlayerContext, type PlaybackState, type Player } from './context';
import { useBrowserDevice, type BrowserDevice } from './browser-device';
import { useBrowserAudio } from './browser-audio';
import { useKeepDevice } from './keep-device';
import { useLivePlayer } from './live-player';
import { useMediaSession } from './media-session';
import { PlaybackStateFragment, PlayerDevicesQuery, PlayerStateQuery } from './operations';
import {
  optimisticStamp,
  useCommandRunner,
  usePlayAndPause,
  useShuffleAndRepeat,
  useSkipAndSeek,
  useSpeedAndVolume,
  useTransferAndQueue,
} from './playback-commands';
import { createArrivals, positionAt } from './position';

/**
 * How often the player asks what plays while no live connection tells it (another device may change it).
 * While pushes arrive, it does not ask.
 */
const pollMs = 10_000;

/**
 * Which of two states to show: the later reading. A state read before one already shown (a poll sent
 * before a pause and answered after the pause's result, say) would undo what the listener just did.
 * No state (nothing plays anywhere) is always taken, and what a command shows before its answer gives way
 * to whatever comes next: its answer, or the truth it is rolled back to.
 */
export function newerState<S extends { timestamp: number }>(shown: S | null, next: S | null): S | null {
  if (shown === null || next === null || shown.timestamp === optimisticStamp) return next;
  return next.timestamp < shown.timestamp ? shown : next;
}

/** The state a reading of the cache holds: none until the player has been read (or once the cache is emptied). */
function stateIn(diff: Cache.DiffResult<PlayerStateData>): PlaybackState | null {
  return diff.complete ? (getFragmentData(PlaybackStateFragment, diff.result.player.state) ?? null) : null;
}

/**
 * The newest state the cache has held (see newerState), each one as it is written: a command's optimistic answer,
 * its result, a pushed state, a read's answer. The state query alone would not do: while its own request is on
 * its way it is told of no other change to the cache, and its answer is then written over them. A state read
 * before a pause and answered after the pause's result would come to the player as the only news, and show
 * playback going on for good.
 */
function useNewestState(): PlaybackState | null {
  const { cache } = useApolloClient();
  const [shown, setShown] = useState(() =>
    stateIn(cache.diff<PlayerStateData>({ query: PlayerStateQuery, optimistic: true })),
  );
  useEffect(
    () =>
      cache.watch({
        query: PlayerStateQuery,
        optimistic: true,
        immediate: true,
        // Each state goes through newerState in the order written, however many come before the next render.
        callback: (diff) => setShown((before) => newerState(before, stateIn(diff))),
      }),
    [cache],
  );
  return shown;
}

/** Playback's position now: moved on by the browser's own clock from when the state arrived. */
function usePlaybackPosition(state: PlaybackState | null): () => number {
  const [arrivalOf] = useState(createArrivals);
  if (state) arrivalOf(state);
  return useCallback(
    () =>
      state
        ? positionAt(
            {
              progressMs: state.progressMs ?? 0,
              at: arrivalOf(state),
              isPlaying: state.isPlaying,
              speed: state.playbackSpeed,
            },
            performance.now(),
          )
        : 0,
    [state, arrivalOf],
  );
}

/** Without a live connection, asks again when the item should end, so the next one shows (and plays here) on time. */
function useRefetchWhenItemEnds(
  live: boolean,
  state: PlaybackState | null,
  positionMs: () => number,
  refetch: () => unknown,
) {
  useEffect(() => {
    if (live || !state?.isPlaying || !state.item) return;
    const remaining = (state.item.durationMs - positionMs()) / (state.playbackSpeed || 1);
    const timer = setTimeout(() => void refetch(), Math.max(500, remaining + 400));
    return () => clearTimeout(timer);
  }, [live, state, positionMs, refetch]);
}

/**
 * Where playback starts: on the device that is playing now, as a remote would (undefined); when nothing
 * plays, or the device it played on has gone from the listener's devices as last read, here, in this tab,
 * once this tab's device is registered (a click that comes while it registers waits for it).
 */
function useDeviceForCommand(
  state: PlaybackState | null,
  browserDevice: BrowserDevice,
  pushedDevices: readonly { id: string }[] | null | undefined,
): () => Promise<string | undefined> {
  const client = useApolloClient();
  const { settled } = browserDevice;
  return useCallback(async () => {
    const here = async () => (await settled()) ?? undefined;
    const device = state?.isPlaying ? state.device : null;
    if (!device) return here();
    const known = pushedDevices ?? client.cache.readQuery({ query: PlayerDevicesQuery })?.player.devices;
    const listed = !known || known.some((listedDevice) => listedDevice.id === device.id);
    return listed ? undefined : here();
  }, [state, settled, pushedDevices, client]);
}

/**
 * The device that takes the place of one the music service no longer knows: this tab's own, registered again (it
 * lapsed while the tab slept, say), so that a play given here plays here; none for any other device.
 */
function useRenewDevice(browserDevice: BrowserDevice): (deviceId: string) => Promise<string | undefined> {
  const { settled, registerAgain } = browserDevice;
  return useCallback(
    async (deviceId: string) => {
      if ((await settled()) !== deviceId) return undefined;
      return (await registerAgain(deviceId)) ?? undefined;
    },
    [settled, registerAgain],
  );
}

/** What plays, read from the music service (pushed over the live connection, or polled without it). */
function usePlaybackReading(me: { id: string }, browserDevice: BrowserDevice) {
  const browserDeviceId = browserDevice.id;
  // Pushed changes, written to the same cache object that the state query reads.
  const { live, paused: livePaused, devices: pushedDevices } = useLivePlayer(browserDeviceId);
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  }, [live]);
  useKeepDevice(browserDeviceId, live, pushedDevices, browserDevice.registerAgain);
  // Read for every account: a free listener playing in their music app still sees what plays.
  // The query asks the music service; what it answers is shown through the cache (see useNewestState).
  const { data, loading, refetch } = useQuery(PlayerStateQuery, {
    pollInterval: pollMs,
    // Nothing to ask while the live connection tells.
    skipPollAttempt: () => liveRef.current,
    notifyOnNetworkStatusChange: false,
    errorPolicy: 'all',
  });
  const state = useNewestState();
  const positionMs = usePlaybackPosition(state);
  // The live connection pushes the next item when one ends; without it, ask.
  const onAudioEnded = useCallback(() => {
    if (!liveRef.current) void refetch();
  }, [refetch]);
  const { blocked: audioBlocked, unblock } = useBrowserAudio(state, browserDeviceId, positionMs, onAudioEnded);
  usePlaybackAcrossReloads(state, browserDeviceId, me.id);
  useRefetchWhenItemEnds(live, state, positionMs, refetch);
  return {
    state,
    loading: loading && !data,
    live,
    livePaused,
    pushedDevices,
    positionMs,
    audioBlocked,
    unblock,
    refetch,
  };
}

/** The listener's player: what plays, read from the music service and kept moving, and the commands. */
function usePlayerEngine(): Player {
  const { me, upstream } = useViewer();
  // Set once the music service refused a command for want of Premium (an account whose product it does not say).
  const [premiumRefused, setPremiumRefused] = useState(false);
  const canControl = (me.product === 'PREMIUM' || me.product === null) && !premiumRefused;
  const browserDevice = useBrowserDevice(upstream.provider === 'LOCAL' && canControl, me.id);
  const browserDeviceId = browserDevice.id;
  const reading = usePlaybackReading(me, browserDevice);
  const { state, positionMs, audioBlocked, unblock, refetch } = reading;
  const onPremiumRefused = useCallback(() => setPremiumRefused(true), []);
  const run = useCommandRunner(canControl, refetch, onPremiumRefused);
  const base = useMemo(() => ({ state, positionMs, run }), [state, positionMs, run]);
  const deviceForCommand = useDeviceForCommand(state, browserDevice, reading.pushedDevices);
  const renewDevice = useRenewDevice(browserDevice);
  const { play, pause } = usePlayAndPause(base, deviceForCommand, renewDevice, unblock);
  const skipAndSeek = useSkipAndSeek(base);
  const shuffleAndRepeat = useShuffleAndRepeat(base);
  const speedAndVolume = useSpeedAndVolume(base);
  const transferAndQueue = useTransferAndQueue(run, unblock);

  const player = useMemo<Player>(
    () => ({
      state,
      loading: reading.loading,
      live: reading.live,
      livePaused: reading.livePaused,
      canControl,
      browserDeviceId,
      browserDeviceRegistering: browserDevice.registering,
      positionMs,
      audioBlocked,
      play,
      pause,
      // Playing but silent here (the browser waits for a click): the click starts the audio, it does not pause.
      togglePlay: () => (state?.isPlaying && !audioBlocked ? pause() : play()),
      ...skipAndSeek,
      ...shuffleAndRepeat,
      ...speedAndVolume,
      ...transferAndQueue,
      isCurrent: (uri: string) => state?.item?.uri === uri || state?.context?.uri === uri,
      refresh: () => void refetch(),
    }),
    [
      state,
      reading.loading,
      reading.live,
      reading.livePaused,
      canControl,
      browserDeviceId,
      browserDevice.registering,
      positionMs,
      audioBlocked,
      play,
      pause,
      skipAndSeek,
      shuffleAndRepeat,
      speedAndVolume,
      transferAndQueue,
      refetch,
    ],
  );

  useMediaSession(player);
  return player;
}

/** Provides the player to what it wraps (the tests' way to have one). */
export function PlayerProvider({ children }: { children: ReactNode }) {
  return <PlayerContext value={usePlayerEngine()}>{children}</PlayerContext>;
}

/** Runs the player and hands each new state of it to `onPlayer` (see `PlayerHost`). */
export default function PlayerEngine({ onPlayer }: { onPlayer: (player: Player) => void }) {
  const player = usePlayerEngine();
  useEffect(() => onPlayer(player), [onPlayer, player]);
  return null;
}
