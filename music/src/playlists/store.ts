import type { Queryable } from '../db/types';
import type { PlaylistCover, PlaylistRecord } from './objects';

/** A playlist as the routes read it: its row, owner's name, item and follower counts, uploaded cover. */
export interface PlaylistRow {
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
  cover: PlaylistCover | null;
}

/** The columns of a `PlaylistRow`, for a query over `playlists p LEFT JOIN users u ON u.id = p.owner_id`. */
export const playlistColumns = `p.id, p.owner_id, u.display_name AS owner_name, p.name, p.description, p.public,
  p.collaborative, p.snapshot_id, (SELECT count(*) FROM playlist_items i WHERE i.playlist_id = p.id) AS total,
  (SELECT count(*) FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id <> p.owner_id) AS followers,
  (SELECT json_build_object('digest', c.digest, 'width', c.width, 'height', c.height)
     FROM playlist_covers c WHERE c.playlist_id = p.id) AS cover`;

export function playlistRecord(row: PlaylistRow): PlaylistRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public,
    collaborative: row.collaborative,
    snapshotId: row.snapshot_id,
    owner: { id: row.owner_id, displayName: row.owner_name },
    totalItems: row.total,
    followers: row.followers,
    cover: row.cover,
  };
}

/** Playlists by id, in the order asked; unknown ids are left out. */
export async function playlistRecords(db: Queryable, ids: readonly string[]): Promise<PlaylistRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<PlaylistRow & Record<string, unknown>>(
    `SELECT ${playlistColumns} FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  const found = new Map(rows.map((row) => [row.id, playlistRecord(row)]));
  return ids.flatMap((id) => {
    const record = found.get(id);
    return record === undefined ? [] : [record];
  });
}
