import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { makeFragmentData } from '../__generated__';
import type { RepeatMode, StartPlaybackInput } from '../__generated__/graphql';
import { useNotify } from '../components/Notifications';
import { errorCodeOf, friendlyMessage, messageForCode } from '../lib/errors';
import type { PlaybackState, Player, PlayTarget } from './context';
import {
  AddToQueueMutation,
  PausePlaybackMutation,
  PlaybackStateFragment,
  SeekPlaybackMutation,
  SetPlaybackSpeedMutation,
  SetRepeatModeMutation,
  SetShuffleMutation,
  SetVolumeMutation,
  SkipToNextMutation,
  SkipToPreviousMutation,
  StartPlaybackMutation,
  TransferPlaybackMutation,
} from './operations';

/** Runs a command named by what it does; a refusal is told to the listener. */
export type RunCommand = (doing: string, command: () => Promise<unknown>) => Promise<void>;

/** What the player's commands share: the state shown, its position now, and the way to run a command. */
export interface CommandBase {
  state: PlaybackState | null;
  positionMs: () => number;
  run: RunCommand;
}

/**
 * The stamp of a state a command shows before its answer: later than any reading, so that nothing read in the
 * meantime replaces it (a state read before the command, or an earlier command's answer, which would otherwise
 * undo a second click made before it came), and it gives way to the next reading itself (see newerState).
 */
export const optimisticStamp = Number.MAX_SAFE_INTEGER;

/**
 * The player as it will be once a command is done, shown at once and rolled back if it fails; nothing while no
 * state is shown. Its position is `positionMs`, where playback stands at the command, from when it is shown.
 */
export function optimisticPlayer(state: PlaybackState | null, positionMs: number, change: Partial<PlaybackState>) {
  return state
    ? {
        __typename: 'Player' as const,
        state: {
          __typename: 'PlaybackState' as const,
          ...makeFragmentData(
            {
              ...state,
              progressMs: state.progressMs === null ? null : Math.round(positionMs),
              timestamp: optimisticStamp,
              ...change,
            },
            PlaybackStateFragment,
          ),
        },
      }
    : null;
}

/**
 * Runs commands for an account that may control playback. A failure is told, with a way to a device
 * when none is active; a refusal for want of Premium calls `onPremiumRefused`, any other reads the state again.
 */
export function useCommandRunner(canControl: boolean, refetch: () => unknown, onPremiumRefused: () => void) {
  const notify = useNotify();
  const report = useCallback(
    (error: unknown, doing: string) => {
      const code = errorCodeOf(error);
      if (code === 'NO_ACTIVE_DEVICE') {
        notify(friendlyMessage(error, doing), 'error', { label: 'Choose a device', to: '/devices' });
      } else {
        notify(friendlyMessage(error, doing), 'error');
      }
      if (code === 'PREMIUM_REQUIRED') onPremiumRefused();
      // The state the failed command assumed may be wrong: read the real one.
      else void refetch();
    },
    [notify, refetch, onPremiumRefused],
  );
  return useCallback<RunCommand>(
    async (doing, command) => {
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
}

/**
 * Play and pause. Playback starts on the device `deviceForCommand()` settles on (undefined: where it plays now); a resume
 * shows at once. Where the music service no longer knows that device, `renewDevice` answers the device that takes
 * its place (this tab, registered again once it lapsed while the tab slept), and playback starts there instead.
 */
export function usePlayAndPause(
  { state, positionMs, run }: CommandBase,
  deviceForCommand: () => Promise<string | undefined>,
  renewDevice: (deviceId: string) => Promise<string | undefined>,
  unblock: () => void,
): Pick<Player, 'play' | 'pause'> {
  const [startPlayback] = useMutation(StartPlaybackMutation);
  const [pausePlayback] = useMutation(PausePlaybackMutation);
  return useMemo(
    () => ({
      play: (target: PlayTarget = {}) =>
        run('start playback', async () => {
          unblock();
          const input: StartPlaybackInput = { ...target };
          const deviceId = await deviceForCommand();
          if (deviceId) input.deviceId = deviceId;
          const resuming = !target.contextUri && !target.uris;
          const next = resuming ? optimisticPlayer(state, positionMs(), { isPlaying: true }) : null;
          try {
            await startPlayback({
              variables: { input },
              optimisticResponse: next
                ? { __typename: 'Mutation', startPlayback: { __typename: 'StartPlaybackPayload', player: next } }
                : undefined,
            });
          } catch (error) {
            const renewed =
              deviceId && errorCodeOf(error) === 'NO_ACTIVE_DEVICE' ? await renewDevice(deviceId) : undefined;
            if (!renewed) throw error;
            await startPlayback({ variables: { input: { ...input, deviceId: renewed } } });
          }
        }),
      pause: () =>
        run('pause', async () => {
          const next = optimisticPlayer(state, positionMs(), { isPlaying: false });
          await pausePlayback({
            variables: { input: {} },
            optimisticResponse: next
              ? { __typename: 'Mutation', pausePlayback: { __typename: 'PausePlaybackPayload', player: next } }
              : undefined,
          });
        }),
    }),
    [state, positionMs, run, unblock, deviceForCommand, renewDevice, startPlayback, pausePlayback],
  );
}

/** Next, previous and seek (which shows the new position at once). */
export function useSkipAndSeek({ state, run }: CommandBase): Pick<Player, 'next' | 'previous' | 'seek'> {
  const [skipToNext] = useMutation(SkipToNextMutation);
  const [skipToPrevious] = useMutation(SkipToPreviousMutation);
  const [seekPlayback] = useMutation(SeekPlaybackMutation);
  return useMemo(
    () => ({
      next: () => run('skip to the next item', () => skipToNext({ variables: { input: {} } })),
      previous: () => run('go back', () => skipToPrevious({ variables: { input: {} } })),
      seek: (ms: number) => {
        const positionMs = Math.max(0, Math.round(ms));
        const next = optimisticPlayer(state, positionMs, {});
        return run('seek', () =>
          seekPlayback({
            variables: { input: { positionMs } },
            optimisticResponse: next
              ? { __typename: 'Mutation', seekPlayback: { __typename: 'SeekPlaybackPayload', player: next } }
              : undefined,
          }),
        );
      },
    }),
    [state, run, skipToNext, skipToPrevious, seekPlayback],
  );
}

/** Shuffle and repeat, each shown at once. */
export function useShuffleAndRepeat({ state, positionMs, run }: CommandBase): Pick<Player, 'setShuffle' | 'setRepeat'> {
  const [setShuffleMutation] = useMutation(SetShuffleMutation);
  const [setRepeatMutation] = useMutation(SetRepeatModeMutation);
  return useMemo(
    () => ({
      setShuffle: (shuffle: boolean) => {
        const next = optimisticPlayer(state, positionMs(), { shuffle });
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
        const next = optimisticPlayer(state, positionMs(), { repeat: mode });
        return run('change repeat', () =>
          setRepeatMutation({
            variables: { input: { mode } },
            optimisticResponse: next
              ? { __typename: 'Mutation', setRepeatMode: { __typename: 'SetRepeatModePayload', player: next } }
              : undefined,
          }),
        );
      },
    }),
    [state, positionMs, run, setShuffleMutation, setRepeatMutation],
  );
}

/** Playback speed and volume, each shown at once. */
export function useSpeedAndVolume({
  state,
  positionMs,
  run,
}: CommandBase): Pick<Player, 'setPlaybackSpeed' | 'setVolume'> {
  const [setVolumeMutation] = useMutation(SetVolumeMutation);
  const [setPlaybackSpeedMutation] = useMutation(SetPlaybackSpeedMutation);
  return useMemo(
    () => ({
      setPlaybackSpeed: (speed: number) => {
        // Rebased where it stands now, as the music service does: the position does not jump.
        const next = optimisticPlayer(state, positionMs(), { playbackSpeed: speed });
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
            ? optimisticPlayer(state, positionMs(), { device: { ...active, volumePercent } })
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
    }),
    [state, positionMs, run, setVolumeMutation, setPlaybackSpeedMutation],
  );
}

/** Moving playback to another device, and adding to the queue (said, and the queue read again). */
export function useTransferAndQueue(run: RunCommand, unblock: () => void): Pick<Player, 'transfer' | 'addToQueue'> {
  const notify = useNotify();
  const client = useApolloClient();
  const [transferPlayback] = useMutation(TransferPlaybackMutation);
  const [addToQueueMutation] = useMutation(AddToQueueMutation);
  return useMemo(
    () => ({
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
    }),
    [run, unblock, notify, client, transferPlayback, addToQueueMutation],
  );
}
