import type { FollowedArtistRow, TableName, Tables } from '../db/rows';
import type { Queryable } from '../db/types';

/**
 * A listener's saved items and follows, one table each: saving, removing, checking and paging
 * them, for the per-type endpoints and for `/me/library` alike; and how many listeners follow
 * each artist.
 */

type SavedTableName =
  | 'saved_tracks'
  | 'saved_albums'
  | 'saved_shows'
  | 'saved_episodes'
  | 'followed_artists'
  | 'followed_users'
  | 'followed_playlists';

export interface SavedTable {
  table: SavedTableName;
  /** The column naming what is saved or followed. */
  column: string;
  /** The table of what is saved or followed. */
  entity: TableName;
  timeColumn: 'added_at' | 'followed_at';
  /**
   * Which of the entities the user may save, as a condition on `e` with the user as `$2`
   * (a playlist must be one the user can see).
   */
  visible?: string;
}

/** A saved table, its columns checked against the declared rows. */
function savedTable<T extends SavedTableName>(declared: {
  table: T;
  column: Exclude<keyof Tables[T] & string, 'user_id' | 'added_at' | 'followed_at' | 'public'>;
  entity: TableName;
  timeColumn: keyof Tables[T] & ('added_at' | 'followed_at');
  visible?: string;
}): SavedTable {
  return declared;
}

export const savedTracks = savedTable({
  table: 'saved_tracks',
  column: 'track_id',
  entity: 'tracks',
  timeColumn: 'added_at',
});
export const savedAlbums = savedTable({
  table: 'saved_albums',
  column: 'album_id',
  entity: 'albums',
  timeColumn: 'added_at',
});
export const savedShows = savedTable({
  table: 'saved_shows',
  column: 'show_id',
  entity: 'shows',
  timeColumn: 'added_at',
});
export const savedEpisodes = savedTable({
  table: 'saved_episodes',
  column: 'episode_id',
  entity: 'episodes',
  timeColumn: 'added_at',
});
export const followedArtists = savedTable({
  table: 'followed_artists',
  column: 'artist_id',
  entity: 'artists',
  timeColumn: 'followed_at',
});
export const followedUsers = savedTable({
  table: 'followed_users',
  column: 'followed_id',
  entity: 'users',
  timeColumn: 'followed_at',
  // Following oneself is no follow at all.
  visible: 'e.id <> $2',
});
export const followedPlaylists = savedTable({
  table: 'followed_playlists',
  column: 'playlist_id',
  entity: 'playlists',
  timeColumn: 'followed_at',
  // Someone else's private playlist does not exist for the user, unless it is a collaborative one.
  visible: '(e.public OR e.owner_id = $2 OR e.collaborative)',
});

/** Which of `ids` (distinct) exist, and whether the user may save each. */
export async function savable(
  tx: Queryable,
  saved: SavedTable,
  userId: string,
  ids: readonly string[],
): Promise<{ id: string; visible: boolean }[]> {
  const { rows } = await tx.query<{ id: string; visible: boolean }>(
    `SELECT e.id, ${saved.visible ?? 'true'} AS visible FROM ${saved.entity} e WHERE e.id = ANY($1::text[])`,
    saved.visible ? [ids, userId] : [ids],
  );
  return rows;
}

/** Saves `ids` now; those saved already keep their time. */
export async function insertSaved(
  tx: Queryable,
  saved: SavedTable,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  await tx.query(
    `INSERT INTO ${saved.table} (user_id, ${saved.column}, ${saved.timeColumn})
     SELECT $1, id, clock_timestamp() FROM unnest($2::text[]) AS t(id) ON CONFLICT DO NOTHING`,
    [userId, ids],
  );
}

export async function remove(tx: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM ${saved.table} WHERE user_id = $1 AND ${saved.column} = ANY($2::text[])`, [
    userId,
    [...new Set(ids)],
  ]);
}

/** Whether the user has saved each of `ids`, in order. */
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

/** The artists the user follows, by id, after `after` (an artist id) when given; at most `limit`. */
export async function followedArtistIds(
  db: Queryable,
  userId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<Pick<FollowedArtistRow, 'artist_id'>>(
    `SELECT artist_id FROM followed_artists WHERE user_id = $1 AND ($2::text IS NULL OR artist_id > $2)
     ORDER BY artist_id LIMIT $3`,
    [userId, after, limit],
  );
  return rows.map((row) => row.artist_id);
}

/** How many listeners follow each artist that has any follower. */
export async function artistFollowerCounts(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<Pick<FollowedArtistRow, 'artist_id'> & { n: number }>(
    'SELECT artist_id, count(*) AS n FROM followed_artists GROUP BY artist_id',
  );
  return new Map(rows.map((row) => [row.artist_id, row.n]));
}
