import type { Queryable } from '../db/types';
import type { EpisodeRecord, PlaylistRecord, ShowRecord } from '../v1/objects';

/** The records of search results that the catalog store does not read: playlists, shows and episodes. */

interface PlaylistRow {
  id: string;
  owner_id: string;
  owner_name: string | null;
  name: string;
  description: string | null;
  public: boolean;
  collaborative: boolean;
  snapshot_id: string;
  total: number;
  followers: number;
}

interface ShowRow {
  id: string;
  name: string;
  publisher: string;
  description: string;
  languages: string[];
  media_type: string;
  explicit: boolean;
  total_episodes: number;
}

interface EpisodeRow {
  id: string;
  name: string;
  description: string;
  duration_ms: number;
  explicit: boolean;
  language: string;
  release_date: string;
  show_id: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A plain description as the HTML paragraph Spotify's `html_description` is. */
export function htmlDescription(text: string): string {
  return `<p>${text.replace(/[&<>"']/gu, (character) => escapes[character] ?? character)}</p>`;
}

/** The records of `ids`, in that order; unknown ids are left out. */
function inOrder<T>(ids: readonly string[], found: Map<string, T>): T[] {
  return ids.flatMap((id) => {
    const record = found.get(id);
    return record === undefined ? [] : [record];
  });
}

export async function playlistRecords(db: Queryable, ids: readonly string[]): Promise<PlaylistRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<PlaylistRow & Record<string, unknown>>(
    `SELECT p.id, p.owner_id, u.display_name AS owner_name, p.name, p.description, p.public, p.collaborative,
       p.snapshot_id, (SELECT count(*) FROM playlist_items i WHERE i.playlist_id = p.id) AS total,
       (SELECT count(*) FROM followed_playlists f WHERE f.playlist_id = p.id) AS followers
     FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ANY($1::text[])`,
    [ids],
  );
  const found = new Map(
    rows.map((row): [string, PlaylistRecord] => [
      row.id,
      {
        id: row.id,
        name: row.name,
        description: row.description,
        public: row.public,
        collaborative: row.collaborative,
        snapshotId: row.snapshot_id,
        owner: { id: row.owner_id, displayName: row.owner_name ?? (row.owner_id === 'graphonic' ? 'Graphonic' : null) },
        totalItems: row.total,
        followers: row.followers,
      },
    ]),
  );
  return inOrder(ids, found);
}

function showRecord(row: ShowRow): ShowRecord {
  return {
    id: row.id,
    name: row.name,
    publisher: row.publisher,
    description: row.description,
    htmlDescription: htmlDescription(row.description),
    explicit: row.explicit,
    languages: row.languages,
    mediaType: row.media_type,
    totalEpisodes: row.total_episodes,
    copyrights: [],
  };
}

async function showsById(db: Queryable, ids: readonly string[]): Promise<Map<string, ShowRecord>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ShowRow & Record<string, unknown>>(
    `SELECT s.id, s.name, s.publisher, s.description, s.languages, s.media_type, s.explicit,
       (SELECT count(*) FROM episodes e WHERE e.show_id = s.id) AS total_episodes
     FROM shows s WHERE s.id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, showRecord(row)]));
}

export async function showRecords(db: Queryable, ids: readonly string[]): Promise<ShowRecord[]> {
  return inOrder(ids, await showsById(db, ids));
}

export async function episodeRecords(db: Queryable, ids: readonly string[]): Promise<EpisodeRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<EpisodeRow & Record<string, unknown>>(
    `SELECT id, name, description, duration_ms, explicit, language, release_date, show_id
     FROM episodes WHERE id = ANY($1::text[])`,
    [ids],
  );
  const shows = await showsById(
    db,
    rows.map((row) => row.show_id),
  );
  const found = new Map<string, EpisodeRecord>();
  for (const row of rows) {
    const show = shows.get(row.show_id);
    if (!show) continue;
    found.set(row.id, {
      id: row.id,
      name: row.name,
      description: row.description,
      htmlDescription: htmlDescription(row.description),
      durationMs: row.duration_ms,
      explicit: row.explicit,
      language: row.language,
      releaseDate: row.release_date,
      releaseDatePrecision: 'day',
      show,
    });
  }
  return inOrder(ids, found);
}
