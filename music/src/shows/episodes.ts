import type { Queryable } from '../db/types';
import { resumePoints } from './progress';
import type { EpisodeRecord } from '../http/objects';
import type { ShowCatalog } from './catalog';

/**
 * Podcast episodes by id, with their shows, as playlist items and the player show them. With
 * `progressOf` (a user allowed to read playback positions), each carries that user's resume point.
 */
export async function loadEpisodes(
  shows: ShowCatalog,
  db: Queryable,
  ids: readonly string[],
  progressOf: string | null = null,
): Promise<Map<string, EpisodeRecord>> {
  const episodes = await shows.episodes(ids);
  if (progressOf === null || episodes.size === 0) return episodes;
  const points = await resumePoints(db, progressOf, [...episodes.keys()]);
  return new Map(
    [...episodes].map(([id, episode]) => {
      const point = points.get(id);
      return [id, point ? { ...episode, resumePoint: point } : episode];
    }),
  );
}
