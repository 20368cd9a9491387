import type { Queryable } from '../db/types';
import type { EpisodeRecord } from './objects';

interface EpisodeRow {
  id: string;
  name: string;
  description: string;
  duration_ms: number;
  explicit: boolean;
  language: string;
  release_date: string;
  show_id: string;
  show_name: string;
  publisher: string;
  show_description: string;
  languages: string[];
  media_type: string;
  show_explicit: boolean;
  total_episodes: number;
  position_ms: number | null;
  fully_played: boolean | null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function precision(date: string): EpisodeRecord['releaseDatePrecision'] {
  return date.length === 4 ? 'year' : date.length === 7 ? 'month' : 'day';
}

/**
 * Podcast episodes by id, with their shows, as playlist items show them. With `progressOf`
 * (a user allowed to read playback positions), each carries that user's resume point.
 */
export async function loadEpisodes(
  db: Queryable,
  ids: readonly string[],
  progressOf: string | null = null,
): Promise<Map<string, EpisodeRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<EpisodeRow & Record<string, unknown>>(
    `SELECT e.id, e.name, e.description, e.duration_ms, e.explicit, e.language, e.release_date,
            s.id AS show_id, s.name AS show_name, s.publisher, s.description AS show_description, s.languages,
            s.media_type, s.explicit AS show_explicit,
            (SELECT count(*) FROM episodes x WHERE x.show_id = s.id) AS total_episodes,
            p.position_ms, p.fully_played
     FROM episodes e JOIN shows s ON s.id = e.show_id
     LEFT JOIN episode_progress p ON p.episode_id = e.id AND p.user_id = $2
     WHERE e.id = ANY($1::text[])`,
    [unique, progressOf],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        description: row.description,
        htmlDescription: `<p>${escapeHtml(row.description)}</p>`,
        durationMs: row.duration_ms,
        explicit: row.explicit,
        language: row.language,
        releaseDate: row.release_date,
        releaseDatePrecision: precision(row.release_date),
        show: {
          id: row.show_id,
          name: row.show_name,
          publisher: row.publisher,
          description: row.show_description,
          htmlDescription: `<p>${escapeHtml(row.show_description)}</p>`,
          explicit: row.show_explicit,
          languages: row.languages,
          mediaType: row.media_type,
          totalEpisodes: row.total_episodes,
          copyrights: [],
        },
        ...(progressOf === null
          ? {}
          : {
              resumePoint: {
                fullyPlayed: row.fully_played ?? false,
                resumePositionMs: row.position_ms ?? 0,
              },
            }),
      },
    ]),
  );
}
