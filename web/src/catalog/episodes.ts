import { formatLongDuration } from '../lib/format';
import type { PlayTarget } from '../player/context';

export interface ResumePointData {
  fullyPlayed: boolean;
  resumePositionMs: number;
}

/** Where a listener stands in an episode, in the terms the screen shows. */
export type EpisodeProgress =
  | { kind: 'unplayed' }
  | { kind: 'started'; fraction: number; remainingMs: number }
  | { kind: 'played' };

/**
 * Reads a resume point: played to the end, started (how far, how long is left), or not started.
 * Without a resume point (the music service did not say) the episode counts as not started.
 */
export function episodeProgress(durationMs: number, resumePoint: ResumePointData | null | undefined): EpisodeProgress {
  if (!resumePoint) return { kind: 'unplayed' };
  if (resumePoint.fullyPlayed) return { kind: 'played' };
  const position = Math.max(0, resumePoint.resumePositionMs);
  if (position === 0 || durationMs <= 0) return { kind: 'unplayed' };
  if (position >= durationMs) return { kind: 'played' };
  return { kind: 'started', fraction: position / durationMs, remainingMs: durationMs - position };
}

/** "23 min left", "Played", or the episode's length when it has not been started. */
export function progressText(durationMs: number, progress: EpisodeProgress): string {
  switch (progress.kind) {
    case 'played':
      return 'Played';
    case 'started':
      return `${formatLongDuration(progress.remainingMs)} left`;
    case 'unplayed':
      return formatLongDuration(durationMs);
  }
}

/**
 * How to play an episode: on its own, from where the listener stopped; from the start when they
 * have not started it or listened to the end.
 */
export function episodeTarget(
  uri: string,
  durationMs: number,
  resumePoint: ResumePointData | null | undefined,
): PlayTarget {
  const progress = episodeProgress(durationMs, resumePoint);
  const positionMs = progress.kind === 'started' ? (resumePoint?.resumePositionMs ?? 0) : 0;
  return { uris: [uri], positionMs };
}
