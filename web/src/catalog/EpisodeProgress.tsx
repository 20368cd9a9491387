import { CheckCircleIcon } from '@heroicons/react/24/solid';
import { episodeProgress, progressText, type ResumePointData } from './episodes';

interface EpisodeProgressProps {
  durationMs: number;
  resumePoint: ResumePointData | null | undefined;
}

/** How far the listener got in an episode: a bar and the time left, "Played", or its length. */
export function EpisodeProgressLine({ durationMs, resumePoint }: EpisodeProgressProps) {
  const progress = episodeProgress(durationMs, resumePoint);
  const text = progressText(durationMs, progress);
  return (
    <span className="inline-flex items-center gap-2">
      {progress.kind === 'played' && <CheckCircleIcon aria-hidden="true" className="size-4 text-accent" />}
      {progress.kind === 'started' && (
        <span
          role="progressbar"
          aria-label="Listened"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress.fraction * 100)}
          className="block h-1 w-16 overflow-hidden rounded-full bg-white/20 sm:w-24"
        >
          <span className="block h-full bg-white" style={{ width: `${String(progress.fraction * 100)}%` }} />
        </span>
      )}
      <span className={progress.kind === 'played' ? 'text-accent' : undefined}>{text}</span>
    </span>
  );
}
