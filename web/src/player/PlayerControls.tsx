import { ArrowPathRoundedSquareIcon, ArrowsRightLeftIcon, PauseIcon, PlayIcon } from '@heroicons/react/24/solid';
import type { RepeatMode } from '../__generated__/graphql';
import { nextRepeatMode, usePlayer, type Player } from './context';
import { PlaybackSpeed } from './PlaybackSpeed';
import { Jump15Icon, SkipNextIcon, SkipPreviousIcon } from './transport-icons';

export const repeatLabels: Record<RepeatMode, string> = {
  OFF: 'Repeat: off',
  CONTEXT: 'Repeat: all',
  TRACK: 'Repeat: this one',
};

/** How far the episode controls jump back or on, as podcast players do. */
export const jumpMs = 15_000;

/** Why the controls are disabled for an account that may not control playback. */
export const premiumNote = 'Controlling playback needs a Premium account.';

const sizes = {
  md: { gap: 'gap-3', icon: 'size-5', play: 'size-6', playPad: 'p-2' },
  lg: { gap: 'gap-4 sm:gap-6', icon: 'size-7', play: 'size-9', playPad: 'p-3' },
} as const;

/** The classes of the smaller buttons beside play. */
const side = 'rounded-full p-2 disabled:opacity-40';

interface TransportControlsProps {
  size?: keyof typeof sizes;
  /** The id of the text that explains disabled controls. */
  describedBy?: string;
}

/** A dot under a toggle that is on, as Spotify draws it: the state is not told by colour alone. */
function OnDot() {
  return (
    <span aria-hidden="true" className="absolute bottom-0 left-1/2 size-1 -translate-x-1/2 rounded-full bg-current" />
  );
}

/** Moves an episode's position back or on by `jumpMs`, within the episode. */
function jump(player: Player, direction: -1 | 1): void {
  const duration = player.state?.item?.durationMs ?? 0;
  const target = Math.min(Math.max(0, player.positionMs() + direction * jumpMs), Math.max(0, duration - 1));
  void player.seek(target);
}

/**
 * Previous, play or pause and next, with shuffle and repeat for music; for an episode, which plays on its own,
 * its playback speed and jumps of 15 seconds back and on instead. The player bar's and the now-playing view's.
 */
export function TransportControls({ size = 'md', describedBy }: TransportControlsProps) {
  const player = usePlayer();
  const { state } = player;
  const item = state?.item ?? null;
  const controls = player.canControl;
  // Silent here until a click lets the browser start the audio: the button offers to play.
  const playing = state?.isPlaying === true && !player.audioBlocked;
  const episode = item?.__typename === 'Episode';
  const look = sizes[size];
  const button = { player, icon: look.icon, describedBy };
  return (
    <div className={`flex items-center ${look.gap}`}>
      {!episode && <ShuffleButton {...button} />}
      {episode && <PlaybackSpeed size={size} {...(describedBy ? { describedBy } : {})} />}
      <button
        type="button"
        disabled={!controls || !item}
        aria-label="Previous"
        aria-describedby={describedBy}
        onClick={() => void player.previous()}
        className={`${side} text-neutral-300 hover:text-white`}
      >
        <SkipPreviousIcon className={look.icon} />
      </button>
      {episode && <JumpButton {...button} direction={-1} />}
      <button
        type="button"
        disabled={!controls || !item}
        aria-label={playing ? 'Pause' : 'Play'}
        aria-describedby={describedBy}
        onClick={() => void player.togglePlay()}
        className={`rounded-full bg-white ${look.playPad} text-black transition hover:scale-105 disabled:opacity-40 disabled:hover:scale-100`}
      >
        {playing ? (
          <PauseIcon aria-hidden="true" className={look.play} />
        ) : (
          <PlayIcon aria-hidden="true" className={look.play} />
        )}
      </button>
      {episode && <JumpButton {...button} direction={1} />}
      <button
        type="button"
        disabled={!controls || !item}
        aria-label="Next"
        aria-describedby={describedBy}
        onClick={() => void player.next()}
        className={`${side} text-neutral-300 hover:text-white`}
      >
        <SkipNextIcon className={look.icon} />
      </button>
      {!episode && <RepeatButton {...button} />}
    </div>
  );
}

interface SideButtonProps {
  player: Player;
  /** The classes of the button's icon, for the controls' size. */
  icon: string;
  /** The id of the text that explains disabled controls. */
  describedBy: string | undefined;
}

/** Turns shuffle on or off, with a dot under it when on. */
function ShuffleButton({ player, icon, describedBy }: SideButtonProps) {
  const { state } = player;
  return (
    <button
      type="button"
      disabled={!player.canControl || !state}
      aria-label="Shuffle"
      aria-pressed={state?.shuffle === true}
      aria-describedby={describedBy}
      title={state?.shuffle ? 'Shuffle: on' : 'Shuffle: off'}
      onClick={() => void player.setShuffle(!state?.shuffle)}
      className={`relative ${side} ${state?.shuffle ? 'text-accent' : 'text-neutral-400 hover:text-white'}`}
    >
      <ArrowsRightLeftIcon aria-hidden="true" className={icon} />
      {state?.shuffle && <OnDot />}
    </button>
  );
}

/** Jumps an episode 15 seconds back (`direction` -1) or on (1). */
function JumpButton({ player, icon, describedBy, direction }: SideButtonProps & { direction: -1 | 1 }) {
  return (
    <button
      type="button"
      disabled={!player.canControl || !player.state?.item}
      aria-label={direction < 0 ? 'Back 15 seconds' : 'Forward 15 seconds'}
      title={direction < 0 ? 'Back 15 seconds' : 'Forward 15 seconds'}
      aria-describedby={describedBy}
      onClick={() => jump(player, direction)}
      className={`${side} text-neutral-300 hover:text-white`}
    >
      <Jump15Icon back={direction < 0} className={icon} />
    </button>
  );
}

/** Steps through the repeat modes: off, all, this one (marked 1). */
function RepeatButton({ player, icon, describedBy }: SideButtonProps) {
  const { state } = player;
  const repeat = state?.repeat ?? 'OFF';
  return (
    <button
      type="button"
      disabled={!player.canControl || !state}
      aria-label={repeatLabels[repeat]}
      aria-describedby={describedBy}
      title={repeatLabels[repeat]}
      onClick={() => void player.setRepeat(nextRepeatMode(repeat))}
      className={`relative ${side} ${repeat !== 'OFF' ? 'text-accent' : 'text-neutral-400 hover:text-white'}`}
    >
      <ArrowPathRoundedSquareIcon aria-hidden="true" className={icon} />
      {repeat === 'TRACK' && (
        <span aria-hidden="true" className="absolute top-0 right-0 text-[10px] leading-none font-bold">
          1
        </span>
      )}
      {repeat !== 'OFF' && <OnDot />}
    </button>
  );
}
