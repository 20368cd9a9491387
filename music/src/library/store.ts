import type { Request } from 'express';
import type { Queryable } from '../db/types';
import { ApiError, badRequest } from '../errors';
import { userIdParam } from './params';

/**
 * A listener's saved items and follows, one table each: saving, removing, checking and paging
 * them, for the per-type endpoints and for `/me/library` alike.
 */

const base62Id = /^[0-9A-Za-z]{22}$/;

/**
 * `ids` from the query string or a JSON body `{ "ids": [...] }`, at most `max`; catalog ids,
 * or usernames with `users`.
 */
export function idsFrom(req: Request, max: number, users = false): string[] {
  const query = req.query.ids;
  // Spotify takes the ids in the query, as `{ "ids": [...] }`, or as a bare JSON array, as some clients send.
  const raw: unknown = req.body;
  const body = Array.isArray(raw) ? raw : (raw as { ids?: unknown } | undefined)?.ids;
  const ids = typeof query === 'string' ? query.split(',').filter(Boolean) : Array.isArray(body) ? body : undefined;
  if (!ids || ids.length === 0) throw badRequest('Missing required parameter: ids');
  if (ids.length > max) throw badRequest(`Too many ids requested: at most ${max}`);
  return ids.map((id) => {
    if (users) return userIdParam(id);
    if (typeof id !== 'string' || !base62Id.test(id)) throw badRequest('Invalid base62 id');
    return id;
  });
}

export interface SavedTable {
  table: string;
  column: string;
  entity: string;
  timeColumn: 'added_at' | 'followed_at';
  /**
   * Which of the entities the user may save, as a condition on `e` with the user as `$2`
   * (a playlist must be one the user can see).
   */
  visible?: string;
}

export const savedTracks: SavedTable = {
  table: 'saved_tracks',
  column: 'track_id',
  entity: 'tracks',
  timeColumn: 'added_at',
};
export const savedAlbums: SavedTable = {
  table: 'saved_albums',
  column: 'album_id',
  entity: 'albums',
  timeColumn: 'added_at',
};
export const savedShows: SavedTable = {
  table: 'saved_shows',
  column: 'show_id',
  entity: 'shows',
  timeColumn: 'added_at',
};
export const savedEpisodes: SavedTable = {
  table: 'saved_episodes',
  column: 'episode_id',
  entity: 'episodes',
  timeColumn: 'added_at',
};
export const followedArtists: SavedTable = {
  table: 'followed_artists',
  column: 'artist_id',
  entity: 'artists',
  timeColumn: 'followed_at',
};
export const followedUsers: SavedTable = {
  table: 'followed_users',
  column: 'followed_id',
  entity: 'users',
  timeColumn: 'followed_at',
  // Following oneself is no follow at all.
  visible: 'e.id <> $2',
};
export const followedPlaylists: SavedTable = {
  table: 'followed_playlists',
  column: 'playlist_id',
  entity: 'playlists',
  timeColumn: 'followed_at',
  // Someone else's private playlist does not exist for the user, unless it is a collaborative one.
  visible: '(e.public OR e.owner_id = $2 OR e.collaborative)',
};

/** Saves ids that exist; an unknown id fails the whole request and nothing is saved. */
export async function save(tx: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const { rows } = await tx.query<{ id: string; visible: boolean }>(
    `SELECT e.id, ${saved.visible ?? 'true'} AS visible FROM ${saved.entity} e WHERE e.id = ANY($1::text[])`,
    saved.visible ? [unique, userId] : [unique],
  );
  if (rows.length !== unique.length) throw new ApiError(400, 'Unknown id');
  const allowed = rows.filter((row) => row.visible).map((row) => row.id);
  if (saved.table === 'followed_playlists' && allowed.length !== unique.length) {
    throw new ApiError(404, 'Playlist not found');
  }
  await tx.query(
    `INSERT INTO ${saved.table} (user_id, ${saved.column}, ${saved.timeColumn})
     SELECT $1, id, clock_timestamp() FROM unnest($2::text[]) AS t(id) ON CONFLICT DO NOTHING`,
    [userId, allowed],
  );
}

export async function remove(tx: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM ${saved.table} WHERE user_id = $1 AND ${saved.column} = ANY($2::text[])`, [
    userId,
    [...new Set(ids)],
  ]);
}

export async function contains(
  db: Queryable,
  saved: SavedTable,
  userId: string,
  ids: readonly string[],
): Promise<boolean[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT ${saved.column} AS id FROM ${saved.table} WHERE user_id = $1 AND ${saved.column} = ANY($2::text[])`,
    [userId, [...new Set(ids)]],
  );
  const found = new Set(rows.map((row) => row.id));
  return ids.map((id) => found.has(id));
}

/** A page of a user's saved rows, newest first, and how many there are in all. */
export async function savedPage(
  db: Queryable,
  saved: SavedTable,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: { id: string; at: Date }[]; total: number }> {
  const { rows } = await db.query<{ id: string; at: Date; total: number }>(
    `SELECT ${saved.column} AS id, ${saved.timeColumn} AS at, count(*) OVER () AS total FROM ${saved.table}
      WHERE user_id = $1 ORDER BY ${saved.timeColumn} DESC, ${saved.column} LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  const total = rows[0]?.total ?? (await countSaved(db, saved, userId));
  return { rows, total };
}

/** How many items of a kind the user has saved or follows. */
export async function countSaved(db: Queryable, saved: SavedTable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${saved.table} WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}
