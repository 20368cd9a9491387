import type * as Rows from '../db/rows';
import type { Queryable } from '../db/types';
import type { PageOf, PageRequest } from '../catalog/reads';
import type { EpisodeRecord, ShowRecord } from '../http/objects';
import { Bounded } from '../catalog/bounded';

/**
 * Podcast shows and episodes by id, read from the catalog and kept in memory: the seeded shows
 * and episodes never change once seeded (oldest entries go first past the bound). Resume
 * points are the listener's, so they are never cached here.
 */

type ShowRow = Pick<
  Rows.ShowRow,
  'id' | 'name' | 'publisher' | 'description' | 'languages' | 'media_type' | 'explicit'
> & { total_episodes: number };

type EpisodeRow = Pick<
  Rows.EpisodeRow,
  'id' | 'show_id' | 'name' | 'description' | 'duration_ms' | 'explicit' | 'language' | 'release_date'
> & { total?: number };

const showColumns = `s.id, s.name, s.publisher, s.description, s.languages, s.media_type, s.explicit,
  (SELECT count(*) FROM episodes x WHERE x.show_id = s.id) AS total_episodes`;

const episodeColumns = 'e.id, e.show_id, e.name, e.description, e.duration_ms, e.explicit, e.language, e.release_date';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A plain-text description as the HTML one: one paragraph, escaped as search answers it. */
export function htmlParagraph(text: string): string {
  return `<p>${text.replace(/[&<>"']/gu, (character) => escapes[character] ?? character)}</p>`;
}

function precision(date: string): EpisodeRecord['releaseDatePrecision'] {
  return date.length === 4 ? 'year' : date.length === 7 ? 'month' : 'day';
}

function showRecord(row: ShowRow): ShowRecord {
  return {
    id: row.id,
    name: row.name,
    publisher: row.publisher,
    description: row.description,
    htmlDescription: htmlParagraph(row.description),
    explicit: row.explicit,
    languages: row.languages,
    mediaType: row.media_type,
    totalEpisodes: row.total_episodes,
    copyrights: [],
  };
}

export class ShowCatalog {
  private readonly showCache: Bounded<ShowRecord>;
  private readonly episodeCache: Bounded<EpisodeRecord>;

  constructor(
    private readonly db: Queryable,
    cacheSize = 20_000,
  ) {
    this.showCache = new Bounded(cacheSize);
    this.episodeCache = new Bounded(cacheSize);
  }

  /** Shows by id; an unknown id is absent from the map. */
  async shows(ids: readonly string[]): Promise<Map<string, ShowRecord>> {
    const found = new Map<string, ShowRecord>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.showCache.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const { rows } = await this.db.query<ShowRow & Record<string, unknown>>(
      `SELECT ${showColumns} FROM shows s WHERE s.id = ANY($1::text[])`,
      [missing],
    );
    for (const row of rows) {
      const show = showRecord(row);
      this.showCache.set(show.id, show);
      found.set(show.id, show);
    }
    return found;
  }

  private async withShows(rows: readonly EpisodeRow[]): Promise<EpisodeRecord[]> {
    const shows = await this.shows(rows.map((row) => row.show_id));
    return rows.map((row) => {
      const show = shows.get(row.show_id);
      if (!show) throw new Error(`Episode ${row.id} belongs to no show.`);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        htmlDescription: htmlParagraph(row.description),
        durationMs: row.duration_ms,
        explicit: row.explicit,
        language: row.language,
        releaseDate: row.release_date,
        releaseDatePrecision: precision(row.release_date),
        show,
      };
    });
  }

  /** Episodes by id, each with its show; an unknown id is absent from the map. */
  async episodes(ids: readonly string[]): Promise<Map<string, EpisodeRecord>> {
    const found = new Map<string, EpisodeRecord>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.episodeCache.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const { rows } = await this.db.query<EpisodeRow & Record<string, unknown>>(
      `SELECT ${episodeColumns} FROM episodes e WHERE e.id = ANY($1::text[])`,
      [missing],
    );
    for (const episode of await this.withShows(rows)) {
      this.episodeCache.set(episode.id, episode);
      found.set(episode.id, episode);
    }
    return found;
  }

  /** A show's episodes, newest first. */
  async showEpisodes(showId: string, page: PageRequest): Promise<PageOf<EpisodeRecord>> {
    const { rows } = await this.db.query<EpisodeRow & Record<string, unknown>>(
      `SELECT ${episodeColumns}, count(*) OVER () AS total FROM episodes e WHERE e.show_id = $1
       ORDER BY e.release_date DESC, e.id LIMIT $2 OFFSET $3`,
      [showId, page.limit, page.offset],
    );
    const total =
      rows[0]?.total ??
      (await this.db.query<{ n: number }>('SELECT count(*) AS n FROM episodes WHERE show_id = $1', [showId])).rows[0]
        ?.n ??
      0;
    const items = await this.withShows(rows);
    for (const episode of items) this.episodeCache.set(episode.id, episode);
    return { items, total };
  }
}

/** An episode's length in milliseconds (what its audio lasts); undefined for an unknown id. */
export async function episodeDurationMs(db: Queryable, id: string): Promise<number | undefined> {
  const { rows } = await db.query<Pick<Rows.EpisodeRow, 'duration_ms'>>(
    'SELECT duration_ms FROM episodes WHERE id = $1',
    [id],
  );
  return rows[0]?.duration_ms;
}
