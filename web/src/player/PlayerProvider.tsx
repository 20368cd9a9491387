import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getFragmentData, makeFragmentData } from '../__generated__';
import type { RepeatMode, StartPlaybackInput } from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { useNotify } from '../components/Notifications';
import { errorCodeOf, friendlyMessage, messageForCode } from '../lib/errors';
import { usePlaybackAcrossReloads } from './across-reloads';
import { PlayerContext, type PlaybackState, type Player, type PlayTarget } from './context';
import { useBrowserDevice } from './browser-device';
import { useBrowserAudio } from './browser-audio';
import { useKeepDevice } from './keep-device';
import { useLivePlayer } from './live-player';
import { useMediaSession } from './media-session';
import {
  AddToQueueMutation,
  PausePlaybackMutation,
  PlaybackStateFragment,
  PlayerDevicesQuery,
  PlayerStateQuery,
  SeekPlaybackMutation,
  SetRepeatModeMutation,
  SetPlaybackSpeedMutation,
  SetShuffleMutation,
  SetVolumeMutation,
  SkipToNextMutation,
  SkipToPreviousMutation,
  StartPlaybackMutation,
  TransferPlaybackMutation,
} from './operations';
import { createArrivals, positionAt } from './position';

/**
 * How often the player asks what plays while no live connection tells it (another device may change it).
 * While pushes arrive, it does not ask.
 */
const pollMs = 10_000;

/**
 * Which of two states to show: the later reading. A state read before one already shown (a poll sent
 * before a pause and answered after the pause's result, say) would undo what the listener just did.
 * No state (nothing plays anywhere) is always taken.
 */
export function newerState<S extends { timestamp: number }>(shown: S | null, next: S | null): S | null {
  if (shown === null || next === null) return next;
  return next.timestamp < shown.timestamp ? shown : next;
}

/** The newest state the player has been given (see newerState). */
function useNewestState(state: PlaybackState | null): PlaybackState | null {
  const [seen, setSeen] = useState({ given: state, shown: state });
  if (seen.given === state) return seen.shown;
  const shown = newerState(seen.shown, state);
  setSeen({ given: state, shown });
  return shown;
}

/** The listener's player: what plays, read from the music service and kept moving, and the commands. */
function usePlayerEngine(): Player {
  const { me, upstream } = useViewer();
  const notify = useNotify();
  const client = useApolloClient();
  // Set once the music service refused a command for want of Premium (an account whose product it does not say).
  const [premiumRefused, setPremiumRefused] = useState(false);
  const canControl = (me.product === 'PREMIUM' || me.product === null) && !premiumRefused;
  const browserDevice = useBrowserDevice(upstream.provider === 'LOCAL' && canControl, me.id);
  const browserDeviceId = browserDevice.id;
  // Pushed changes, written to the same cache object that the state query reads.
  const { live, paused: livePaused, devices: pushedDevices } = useLivePlayer(browserDeviceId);
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  }, [live]);
  useKeepDevice(browserDeviceId, live, pushedDevices, browserDevice.registerAgain);
  // Read for every account: a free listener playing in their music app still sees what plays.
  const { data, loading, refetch } = useQuery(PlayerStateQuery, {
    pollInterval: pollMs,
    // Nothing to ask while the live connection tells.
    skipPollAttempt: () => liveRef.current,
    notifyOnNetworkStatusChange: false,
    errorPolicy: 'all',
  });
  const state = useNewestState(getFragmentData(PlaybackStateFragment, data?.player.state) ?? null);

  // The position moves on by the browser's own clock from when the state arrived.
  const [arrivalOf] = useState(createArrivals);
  if (state) arrivalOf(state);
  const positionMs = useCallback(
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

  // The live connection pushes the next item when one ends; without it, ask.
  const onAudioEnded = useCallback(() => {
    if (!liveRef.current) void refetch();
  }, [refetch]);
  const { blocked: audioBlocked, unblock } = useBrowserAudio(state, browserDeviceId, positionMs, onAudioEnded);
  usePlaybackAcrossReloads(state, browserDeviceId, me.id);

  // Without a live connection, ask again when the item should end, so the next one shows (and plays here) on time.
  useEffect(() => {
    if (live || !state?.isPlaying || !state.item) return;
    const remaining = (state.item.durationMs - positionMs()) / (state.playbackSpeed || 1);
    const timer = setTimeout(() => void refetch(), Math.max(500, remaining + 400));
    return () => clearTimeout(timer);
  }, [live, state, positionMs, refetch]);

  const report = useCallback(
    (error: unknown, doing: string) => {
      const code = errorCodeOf(error);
      if (code === 'NO_ACTIVE_DEVICE') {
        notify(friendlyMessage(error, doing), 'error', { label: 'Choose a device', to: '/devices' });
      } else {
        notify(friendlyMessage(error, doing), 'error');
      }
      if (code === 'PREMIUM_REQUIRED') setPremiumRefused(true);
      // The state the failed command assumed may be wrong: read the real one.
      else void refetch();
    },
    [notify, refetch],
  );

  const [startPlayback] = useMutation(StartPlaybackMutation);
  const [pausePlayback] = useMutation(PausePlaybackMutation);
  const [skipToNext] = useMutation(SkipToNextMutation);
  const [skipToPrevious] = useMutation(SkipToPreviousMutation);
  const [seekPlayback] = useMutation(SeekPlaybackMutation);
  const [setShuffleMutation] = useMutation(SetShuffleMutation);
  const [setRepeatMutation] = useMutation(SetRepeatModeMutation);
  const [setVolumeMutation] = useMutation(SetVolumeMutation);
  const [setPlaybackSpeedMutation] = useMutation(SetPlaybackSpeedMutation);
  const [transferPlayback] = useMutation(TransferPlaybackMutation);
  const [addToQueueMutation] = useMutation(AddToQueueMutation);

  /** The player as it will be once a command is done, shown at once and rolled back if it fails. */
  const optimistic = useCallback(
    (change: Partial<PlaybackState>) =>
      state
        ? {
            __typename: 'Player' as const,
            state: {
              __typename: 'PlaybackState' as const,
              // The reading's own time: the browser's clock is not the music service's, and a state
              // stamped later than the command's answer would hide that answer (see newerState).
              ...makeFragmentData({ ...state, ...change }, PlaybackStateFragment),
            },
          }
        : null,
    [state],
  );

  const run = useCallback(
    async (doing: string, command: () => Promise<unknown>) => {
      if (!canControl) {
        notify(messageForCode('PREMIUM_REQUIRED', doing), 'error');
        return;
      }
      try {
        await command();
      } catch (error) {
        report(error, doing);
      }
    },
    [canControl, notify, report],
  );

  /** Whether a device is among the listener's devices as last read (so when none were read yet). */
  const isListed = useCallback(
    (deviceId: string): boolean => {
      const known = pushedDevices ?? client.cache.readQuery({ query: PlayerDevicesQuery })?.player.devices;
      return !known || known.some((device) => device.id === deviceId);
    },
    [pushedDevices, client],
  );

  const player = useMemo<Player>(() => {
    /**
     * Where playback starts: on the device that is playing now, as a remote would; when nothing
     * plays, or the device it played on has gone from the list, here, in this tab.
     */
    const deviceForCommand = (): string | undefined =>
      state?.isPlaying && state.device && isListed(state.device.id) ? undefined : (browserDeviceId ?? undefined);
    const play = (target: PlayTarget = {}) =>
      run('start playback', async () => {
        unblock();
        const input: StartPlaybackInput = { ...target };
        const deviceId = deviceForCommand();
        if (deviceId) input.deviceId = deviceId;
        const resuming = !target.contextUri && !target.uris;
        const next = resuming ? optimistic({ isPlaying: true, progressMs: positionMs() }) : null;
        await startPlayback({
          variables: { input },
          optimisticResponse: next
            ? { __typename: 'Mutation', startPlayback: { __typename: 'StartPlaybackPayload', player: next } }
            : undefined,
        });
      });
    const pause = () =>
      run('pause', async () => {
        const next = optimistic({ isPlaying: false, progressMs: positionMs() });
        await pausePlayback({
          variables: { input: {} },
          optimisticResponse: next
            ? { __typename: 'Mutation', pausePlayback: { __typename: 'PausePlaybackPayload', player: next } }
            : undefined,
        });
      });
    return {
      state,
      loading: loading && !data,
      live,
      livePaused,
      canControl,
      browserDeviceId,
      positionMs,
      audioBlocked,
      play,
      pause,
      // Playing but silent here (the browser waits for a click): the click starts the audio, it does not pause.
      togglePlay: () => (state?.isPlaying && !audioBlocked ? pause() : play()),
      next: () => run('skip to the next item', () => skipToNext({ variables: { input: {} } })),
      previous: () => run('go back', () => skipToPrevious({ variables: { input: {} } })),
      seek: (ms: number) => {
        const positionMs = Math.max(0, Math.round(ms));
        const next = optimistic({ progressMs: positionMs });
        return run('seek', () =>
          seekPlayback({
            variables: { input: { positionMs } },
            optimisticResponse: next
              ? { __typename: 'Mutation', seekPlayback: { __typename: 'SeekPlaybackPayload', player: next } }
              : undefined,
          }),
        );
      },
      setShuffle: (shuffle: boolean) => {
        const next = optimistic({ shuffle });
        return run('change shuffle', () =>
          setShuffleMutation({
            variables: { input: { shuffle } },
            optimisticResponse: next
              ? { __typename: 'Mutation', setShuffle: { __typename: 'SetShufflePayload', player: next } }
              : undefined,
          }),
        );
      },
      setRepeat: (mode: RepeatMode) => {
        const next = optimistic({ repeat: mode });
        return run('change repeat', () =>
          setRepeatMutation({
            variables: { input: { mode } },
            optimisticResponse: next
              ? { __typename: 'Mutation', setRepeatMode: { __typename: 'SetRepeatModePayload', player: next } }
              : undefined,
          }),
        );
      },
      setPlaybackSpeed: (speed: number) => {
        // Rebased where it stands now, as the music service does: the position does not jump.
        const next = optimistic({ playbackSpeed: speed, progressMs: positionMs() });
        return run('change the playback speed', () =>
          setPlaybackSpeedMutation({
            variables: { input: { speed } },
            optimisticResponse: next
              ? {
                  __typename: 'Mutation',
                  setPlaybackSpeed: { __typename: 'SetPlaybackSpeedPayload', player: next },
                }
              : undefined,
          }),
        );
      },
      setVolume: (volumePercent: number, deviceId?: string) => {
        const active = state?.device;
        const next =
          active && (deviceId === undefined || deviceId === active.id)
            ? optimistic({ device: { ...active, volumePercent } })
            : null;
        return run('change the volume', () =>
          setVolumeMutation({
            variables: { input: deviceId === undefined ? { volumePercent } : { volumePercent, deviceId } },
            optimisticResponse: next
              ? { __typename: 'Mutation', setVolume: { __typename: 'SetVolumePayload', player: next } }
              : undefined,
          }),
        );
      },
      transfer: (deviceId: string, playNow?: boolean) =>
        run('move playback', async () => {
          unblock();
          await transferPlayback({
            variables: { input: { deviceId, ...(playNow === undefined ? {} : { play: playNow }) } },
          });
        }),
      addToQueue: (uri: string) =>
        run('add to the queue', async () => {
          await addToQueueMutation({ variables: { input: { uri } } });
          notify('Added to queue');
          void client.refetchQueries({ include: ['PlayerQueue'] });
        }),
      isCurrent: (uri: string) => state?.item?.uri === uri || state?.context?.uri === uri,
      refresh: () => void refetch(),
    };
  }, [
    state,
    loading,
    live,
    livePaused,
    isListed,
    data,
    canControl,
    browserDeviceId,
    positionMs,
    audioBlocked,
    run,
    unblock,
    startPlayback,
    pausePlayback,
    skipToNext,
    skipToPrevious,
    seekPlayback,
    setShuffleMutation,
    setRepeatMutation,
    setVolumeMutation,
    setPlaybackSpeedMutation,
    transferPlayback,
    addToQueueMutation,
    optimistic,
    notify,
    client,
    refetch,
  ]);

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
