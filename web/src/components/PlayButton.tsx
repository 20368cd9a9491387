import { PauseIcon, PlayIcon } from '@heroicons/react/24/solid';
import { usePlayer, type PlayTarget } from '../player/context';

interface PlayButtonProps {
  /** The album, playlist, artist or show this button plays; it pauses instead while that plays. */
  uri: string;
  target: PlayTarget;
  /** For the accessible name: "Play Album name". */
  name: string;
  size?: 'md' | 'lg';
  className?: string;
}

/** The big round play button of a header or a card. */
export function PlayButton({ uri, target, name, size = 'lg', className = '' }: PlayButtonProps) {
  const player = usePlayer();
  const playing = player.state?.isPlaying === true && player.isCurrent(uri);
  const paused = player.state?.isPlaying === false && player.isCurrent(uri);
  const Icon = playing ? PauseIcon : PlayIcon;
  return (
    <button
      type="button"
      disabled={!player.canControl}
      aria-label={playing ? `Pause ${name}` : `Play ${name}`}
      title={player.canControl ? undefined : 'Playback needs a Premium account'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void (playing ? player.pause() : paused ? player.play() : player.play(target));
      }}
      className={`flex items-center justify-center rounded-full bg-accent text-black shadow-lg transition hover:scale-105 disabled:opacity-40 ${
        size === 'lg' ? 'size-14' : 'size-12'
      } ${className}`}
    >
      <Icon aria-hidden="true" className={size === 'lg' ? 'size-7' : 'size-6'} />
    </button>
  );
}
