import { PauseIcon, PlayIcon } from '@heroicons/react/24/solid';
import { usePlayer } from '../player/context';
import { episodeProgress, episodeTarget, type ResumePointData } from './episodes';

interface EpisodePlayButtonProps {
  episode: { uri: string; name: string; durationMs: number; resumePoint?: ResumePointData | null };
  size?: 'sm' | 'lg';
  className?: string;
}

const sizes = {
  sm: { button: 'size-11 bg-white sm:size-8', icon: 'size-4' },
  lg: { button: 'size-14 bg-accent', icon: 'size-7' },
};

/**
 * Plays an episode from where the listener stopped (from the start once played to the end), or
 * pauses and resumes it while it is the one playing.
 */
export function EpisodePlayButton({ episode, size = 'sm', className = '' }: EpisodePlayButtonProps) {
  const player = usePlayer();
  const current = player.state?.item?.uri === episode.uri;
  const playing = current && player.state?.isPlaying === true;
  const started = episodeProgress(episode.durationMs, episode.resumePoint).kind === 'started';
  const Icon = playing ? PauseIcon : PlayIcon;
  const verb = playing ? 'Pause' : started || current ? 'Resume' : 'Play';
  return (
    <button
      type="button"
      disabled={!player.canControl}
      aria-label={`${verb} ${episode.name}`}
      title={player.canControl ? undefined : 'Playback needs a Premium account'}
      onClick={() => {
        if (current) void (playing ? player.pause() : player.play());
        else void player.play(episodeTarget(episode.uri, episode.durationMs, episode.resumePoint));
      }}
      className={`flex shrink-0 items-center justify-center rounded-full text-black shadow transition hover:scale-105 disabled:opacity-40 ${sizes[size].button} ${className}`}
    >
      <Icon aria-hidden="true" className={sizes[size].icon} />
    </button>
  );
}
