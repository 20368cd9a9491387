import type { EpisodeProgressRow } from '../db/rows';
import type { Queryable } from '../db/types';

/** Where a listener stands in an episode: Spotify's `resume_point`. */
export interface ResumePoint {
  fullyPlayed: boolean;
  resumePositionMs: number;
}

/**
 * A listener's resume points in episodes, for every id asked: an episode never played is at 0
 * and not fully played, as Spotify answers.
 */
export async function resumePoints(
  db: Queryable,
  userId: string,
  episodeIds: readonly string[],
): Promise<Map<string, ResumePoint>> {
  const unique = [...new Set(episodeIds)];
  const points = new Map<string, ResumePoint>(unique.map((id) => [id, { fullyPlayed: false, resumePositionMs: 0 }]));
  if (unique.length === 0) return points;
  const { rows } = await db.query<Pick<EpisodeProgressRow, 'episode_id' | 'position_ms' | 'fully_played'>>(
    'SELECT episode_id, position_ms, fully_played FROM episode_progress WHERE user_id = $1 AND episode_id = ANY($2::text[])',
    [userId, unique],
  );
  for (const row of rows)
    points.set(row.episode_id, { fullyPlayed: row.fully_played, resumePositionMs: row.position_ms });
  return points;
}

/** Stores where a listener stands in an episode (the player does this as it plays; tests arrange it). */
export async function setResumePoint(
  db: Queryable,
  userId: string,
  episodeId: string,
  point: ResumePoint,
): Promise<void> {
  await db.query(
    `INSERT INTO episode_progress (user_id, episode_id, position_ms, fully_played) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, episode_id) DO UPDATE
       SET position_ms = EXCLUDED.position_ms, fully_played = EXCLUDED.fully_played, updated_at = now()`,
    [userId, episodeId, point.resumePositionMs, point.fullyPlayed],
  );
}
