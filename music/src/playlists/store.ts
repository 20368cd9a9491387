import type {
  FollowedPlaylistRow,
  PlaylistCoverRow,
  PlaylistItemTableRow,
  PlaylistTableRow,
  UserRow,
} from '../db/rows';
import type { Database, Queryable } from '../db/types';
import type { PlaylistCover, PlaylistRecord } from '../http/objects';
import { playlistRecord } from './serialise';

/**
 * The playlists' SQL: playlists with their owners, counts and covers, their items, who
 * follows them. Every statement about playlists runs here; the routes decide what to run.
 */

/** A playlist as the routes read it: its row, owner's name, item and follower counts, uploaded cover. */
export type PlaylistRow = Pick<
  PlaylistTableRow,
  'id' | 'owner_id' | 'name' | 'description' | 'public' | 'collaborative' | 'snapshot_id'
> & {
  owner_name: UserRow['display_name'];
  total: number;
  followers: number;
  cover: PlaylistCover | null;
};

/** A playlist with whether the requesting user follows it. */
export type FollowedPlaylist = PlaylistRow & { followed: boolean };

/** What decides who may read and change a playlist. */
export type Access = Pick<FollowedPlaylist, 'owner_id' | 'public' | 'collaborative' | 'followed'>;

/** A playlist held for a change: who may make it, and the snapshot it changes from. */
export type LockedPlaylist = Access & Pick<PlaylistTableRow, 'snapshot_id'>;

/** The columns of a `PlaylistRow`, for a query over `playlists p LEFT JOIN users u ON u.id = p.owner_id`. */
export const playlistColumns = `p.id, p.owner_id, u.display_name AS owner_name, p.name, p.description, p.public,
  p.collaborative, p.snapshot_id, (SELECT count(*) FROM playlist_items i WHERE i.playlist_id = p.id) AS total,
  (SELECT count(*) FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id <> p.owner_id) AS followers,
  (SELECT json_build_object('digest', c.digest, 'width', c.width, 'height', c.height)
     FROM playlist_covers c WHERE c.playlist_id = p.id) AS cover`;

/** Playlists by id, in no particular order; unknown ids are left out. */
export async function playlistsById(db: Queryable, ids: readonly string[]): Promise<PlaylistRow[]> {
  const { rows } = await db.query<PlaylistRow>(
    `SELECT ${playlistColumns} FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return rows;
}

/** A playlist with whether `userId` follows it. */
export async function findPlaylist(
  db: Queryable,
  id: string,
  userId: string | null,
): Promise<FollowedPlaylist | undefined> {
  const { rows } = await db.query<FollowedPlaylist>(
    `SELECT ${playlistColumns},
       EXISTS (SELECT 1 FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id = $2) AS followed
     FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = $1`,
    [id, userId],
  );
  return rows[0];
}

export interface FollowedListQuery {
  /** Whose list: the playlists this user owns or follows. */
  userId: string;
  /** Only the public playlists the user follows publicly. */
  onlyPublic: boolean;
  limit: number;
  offset: number;
}

/**
 * A page of the playlists a user follows (their own among them), most recently followed
 * first, with the list's length when the page is not empty.
 */
export async function followedPlaylists(
  db: Queryable,
  query: FollowedListQuery,
): Promise<{ rows: PlaylistRow[]; total: number | undefined }> {
  const { rows } = await db.query<PlaylistRow & { total_lists: number }>(
    `SELECT ${playlistColumns}, count(*) OVER () AS total_lists
     FROM followed_playlists f JOIN playlists p ON p.id = f.playlist_id LEFT JOIN users u ON u.id = p.owner_id
     WHERE f.user_id = $1 AND (NOT $2::boolean OR (p.public AND f.public))
     ORDER BY f.followed_at DESC, p.id LIMIT $3 OFFSET $4`,
    [query.userId, query.onlyPublic, query.limit, query.offset],
  );
  return { rows, total: rows[0]?.total_lists };
}

/** How many playlists a user follows (their own among them). */
export async function countFollowedPlaylists(db: Queryable, userId: string, onlyPublic: boolean): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*) AS n FROM followed_playlists f JOIN playlists p ON p.id = f.playlist_id
     WHERE f.user_id = $1 AND (NOT $2::boolean OR (p.public AND f.public))`,
    [userId, onlyPublic],
  );
  return rows[0]?.n ?? 0;
}

export type NewPlaylist = Pick<
  PlaylistTableRow,
  'id' | 'owner_id' | 'name' | 'description' | 'public' | 'collaborative' | 'snapshot_id'
>;

/**
 * Creates a playlist, which its owner follows, as on Spotify: it is in their library until
 * they unfollow (delete) it.
 */
export async function createPlaylist(db: Database, playlist: NewPlaylist): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO playlists (id, owner_id, name, description, public, collaborative, snapshot_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        playlist.id,
        playlist.owner_id,
        playlist.name,
        playlist.description,
        playlist.public,
        playlist.collaborative,
        playlist.snapshot_id,
      ],
    );
    await tx.query('INSERT INTO followed_playlists (user_id, playlist_id, public) VALUES ($1, $2, $3)', [
      playlist.owner_id,
      playlist.id,
      playlist.public,
    ]);
  });
}

/** Holds the playlist's row until the transaction ends, so changes to it apply one after the other. */
export async function lockPlaylist(tx: Queryable, id: string, userId: string): Promise<LockedPlaylist | undefined> {
  const { rows } = await tx.query<LockedPlaylist>(
    `SELECT p.owner_id, p.public, p.collaborative, p.snapshot_id,
       EXISTS (SELECT 1 FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id = $2) AS followed
     FROM playlists p WHERE p.id = $1 FOR UPDATE`,
    [id, userId],
  );
  return rows[0];
}

export async function setSnapshot(tx: Queryable, id: string, snapshotId: string): Promise<void> {
  await tx.query('UPDATE playlists SET snapshot_id = $2, updated_at = now() WHERE id = $1', [id, snapshotId]);
}

/** The details to change; those left out stay as they are. */
export type DetailChanges = Partial<Pick<PlaylistTableRow, 'name' | 'description' | 'public' | 'collaborative'>>;

/** Changes the playlist's details; answers its visibility after the change. */
export async function updateDetails(
  tx: Queryable,
  id: string,
  changes: DetailChanges,
): Promise<Pick<PlaylistTableRow, 'public' | 'collaborative'> | undefined> {
  const { rows } = await tx.query<Pick<PlaylistTableRow, 'public' | 'collaborative'>>(
    `UPDATE playlists SET name = coalesce($2, name), description = coalesce($3, description),
       public = coalesce($4, public), collaborative = coalesce($5, collaborative)
     WHERE id = $1 RETURNING public, collaborative`,
    [id, changes.name ?? null, changes.description ?? null, changes.public ?? null, changes.collaborative ?? null],
  );
  return rows[0];
}

/** How many of `ids` (distinct) are tracks, or episodes, of the catalog. */
export async function countExisting(tx: Queryable, type: 'track' | 'episode', ids: readonly string[]): Promise<number> {
  const table = type === 'track' ? 'tracks' : 'episodes';
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::text[])`, [
    ids,
  ]);
  return rows[0]?.n ?? 0;
}

/** A playlist item to insert: a track or an episode. */
export type NewItem = Pick<PlaylistItemTableRow, 'track_id' | 'episode_id'>;

/** Inserts `items` at `position` onwards; the caller has made room. */
export async function insertItems(
  tx: Queryable,
  playlistId: string,
  position: number,
  items: readonly NewItem[],
  addedBy: string,
): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO playlist_items (playlist_id, position, track_id, episode_id, added_by, added_at)
     SELECT $1, $2 + ordinality - 1, track_id, episode_id, $3, now()
     FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS t(track_id, episode_id, ordinality)`,
    [playlistId, position, addedBy, items.map((item) => item.track_id), items.map((item) => item.episode_id)],
  );
}

export async function itemCount(tx: Queryable, playlistId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = $1', [
    playlistId,
  ]);
  return rows[0]?.n ?? 0;
}

/**
 * Moves the items at `from` and after `by` places down. Positions are checked at commit, so
 * the shift and an insert can pass through each other.
 */
export async function shiftItems(tx: Queryable, playlistId: string, by: number, from: number): Promise<void> {
  await tx.query('UPDATE playlist_items SET position = position + $2 WHERE playlist_id = $1 AND position >= $3', [
    playlistId,
    by,
    from,
  ]);
}

export async function deleteAllItems(tx: Queryable, playlistId: string): Promise<void> {
  await tx.query('DELETE FROM playlist_items WHERE playlist_id = $1', [playlistId]);
}

/** The ids of the playlist's item rows, in the playlist's order. */
export async function itemIdsInOrder(tx: Queryable, playlistId: string): Promise<number[]> {
  const { rows } = await tx.query<Pick<PlaylistItemTableRow, 'id'>>(
    'SELECT id FROM playlist_items WHERE playlist_id = $1 ORDER BY position',
    [playlistId],
  );
  return rows.map((row) => row.id);
}

/** Gives item rows new positions: pairs of item id and position. */
export async function moveItems(
  tx: Queryable,
  playlistId: string,
  moves: readonly (readonly [itemId: number, position: number])[],
): Promise<void> {
  await tx.query(
    `UPDATE playlist_items p SET position = t.position
     FROM unnest($2::bigint[], $3::int[]) AS t(id, position) WHERE p.playlist_id = $1 AND p.id = t.id`,
    [playlistId, moves.map((move) => move[0]), moves.map((move) => move[1])],
  );
}

/** Removes every occurrence of these tracks and episodes from the playlist. */
export async function deleteItemsOf(
  tx: Queryable,
  playlistId: string,
  trackIds: readonly string[],
  episodeIds: readonly string[],
): Promise<void> {
  await tx.query(
    `DELETE FROM playlist_items WHERE playlist_id = $1
       AND (track_id = ANY($2::text[]) OR episode_id = ANY($3::text[]))`,
    [playlistId, trackIds, episodeIds],
  );
}

/** An item row at a position: what it holds. */
export type PositionedItem = Pick<PlaylistItemTableRow, 'id' | 'position' | 'track_id' | 'episode_id'>;

/** The playlist's item rows at these positions; a position past the end has no row. */
export async function itemsAt(
  tx: Queryable,
  playlistId: string,
  positions: readonly number[],
): Promise<PositionedItem[]> {
  const { rows } = await tx.query<PositionedItem>(
    `SELECT id, position, track_id, episode_id FROM playlist_items
     WHERE playlist_id = $1 AND position = ANY($2::int[])`,
    [playlistId, positions],
  );
  return rows;
}

/** Removes these item rows (by their ids) from the playlist. */
export async function deleteItemRows(tx: Queryable, playlistId: string, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.query('DELETE FROM playlist_items WHERE playlist_id = $1 AND id = ANY($2::bigint[])', [playlistId, itemIds]);
}

/** Numbers the items 0, 1, 2… again in their order, after some were removed. */
export async function renumber(tx: Queryable, playlistId: string): Promise<void> {
  await tx.query(
    `UPDATE playlist_items p SET position = r.rn - 1
     FROM (SELECT id, row_number() OVER (ORDER BY position) AS rn FROM playlist_items WHERE playlist_id = $1) r
     WHERE p.id = r.id AND p.position <> r.rn - 1`,
    [playlistId],
  );
}

/** A playlist's items with its snapshot id, as one statement reads them together. */
export type SnapshotItemRow = Pick<PlaylistTableRow, 'snapshot_id'> & {
  [Column in 'track_id' | 'episode_id' | 'added_at' | 'added_by']: PlaylistItemTableRow[Column] | null;
};

/**
 * The playlist's items in order, each with the playlist's snapshot id; an empty playlist
 * reads as one row without an item, an unknown one as no row.
 */
export async function itemsWithSnapshot(db: Queryable, playlistId: string): Promise<SnapshotItemRow[]> {
  const { rows } = await db.query<SnapshotItemRow>(
    `SELECT p.snapshot_id, i.track_id, i.episode_id, i.added_at, i.added_by
     FROM playlists p LEFT JOIN playlist_items i ON i.playlist_id = p.id
     WHERE p.id = $1 ORDER BY i.position`,
    [playlistId],
  );
  return rows;
}

/** Follows the playlist, or changes whether the follow shows on the user's profile. */
export async function follow(db: Queryable, userId: string, playlistId: string, isPublic: boolean): Promise<void> {
  await db.query(
    `INSERT INTO followed_playlists (user_id, playlist_id, public) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, playlist_id) DO UPDATE SET public = EXCLUDED.public`,
    [userId, playlistId, isPublic],
  );
}

/** The user's follow of the playlist, if they follow it. */
export async function findFollow(
  db: Queryable,
  userId: string,
  playlistId: string,
): Promise<Pick<FollowedPlaylistRow, 'public'> | undefined> {
  const { rows } = await db.query<Pick<FollowedPlaylistRow, 'public'>>(
    'SELECT public FROM followed_playlists WHERE user_id = $1 AND playlist_id = $2',
    [userId, playlistId],
  );
  return rows[0];
}

export async function unfollow(db: Queryable, userId: string, playlistId: string): Promise<void> {
  await db.query('DELETE FROM followed_playlists WHERE user_id = $1 AND playlist_id = $2', [userId, playlistId]);
}

/** Which of `userIds` follow the playlist where `viewer` may see it: publicly, or the viewer's own follow. */
export async function followersAmong(
  db: Queryable,
  playlistId: string,
  userIds: readonly string[],
  viewer: string | null,
): Promise<string[]> {
  const { rows } = await db.query<Pick<FollowedPlaylistRow, 'user_id'>>(
    `SELECT user_id FROM followed_playlists WHERE playlist_id = $1 AND user_id = ANY($2::text[])
       AND (public OR user_id = $3)`,
    [playlistId, userIds, viewer],
  );
  return rows.map((row) => row.user_id);
}

/** Stores the playlist's cover, replacing the one before. */
export async function saveCover(
  db: Queryable,
  cover: Pick<PlaylistCoverRow, 'playlist_id' | 'jpeg_base64' | 'width' | 'height' | 'digest'>,
): Promise<void> {
  await db.query(
    `INSERT INTO playlist_covers (playlist_id, jpeg_base64, width, height, digest) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (playlist_id) DO UPDATE SET jpeg_base64 = EXCLUDED.jpeg_base64, width = EXCLUDED.width,
       height = EXCLUDED.height, digest = EXCLUDED.digest, uploaded_at = now()`,
    [cover.playlist_id, cover.jpeg_base64, cover.width, cover.height, cover.digest],
  );
}

/** The playlist's current cover as base64, when `digest` names it. */
export async function coverBase64(db: Queryable, playlistId: string, digest: string): Promise<string | undefined> {
  const { rows } = await db.query<Pick<PlaylistCoverRow, 'jpeg_base64'>>(
    'SELECT jpeg_base64 FROM playlist_covers WHERE playlist_id = $1 AND digest = $2',
    [playlistId, digest],
  );
  return rows[0]?.jpeg_base64;
}

/** Playlists by id as records, in the order asked; unknown ids are left out. */
export async function playlistRecords(db: Queryable, ids: readonly string[]): Promise<PlaylistRecord[]> {
  if (ids.length === 0) return [];
  const found = new Map((await playlistsById(db, ids)).map((row) => [row.id, playlistRecord(row)]));
  return ids.flatMap((id) => {
    const record = found.get(id);
    return record === undefined ? [] : [record];
  });
}
