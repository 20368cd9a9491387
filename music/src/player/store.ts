import type { DeviceRow, EpisodeProgressRow, EpisodeRow, PlayerStateRow, PlayRow, TrackRow, UserRow } from '../db/rows';
import type { Queryable } from '../db/types';
import { emptyState, type PlayerState, type Play } from './engine';

/**
 * The player's SQL: each user's player state, their devices, the plays and episode positions
 * the player records, and the catalog reads a command needs (durations, a context's items).
 */

/** The user's player state; with `lock`, held until the transaction ends. */
export async function loadState(tx: Queryable, userId: string, now: number, lock: boolean): Promise<PlayerState> {
  const { rows } = await tx.query<{ state: PlayerState }>(
    `SELECT state FROM player_states WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0]?.state ?? emptyState(now);
}

export async function saveState(tx: Queryable, userId: string, state: PlayerState): Promise<void> {
  await tx.query(
    `INSERT INTO player_states (user_id, state, is_playing, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, is_playing = EXCLUDED.is_playing, updated_at = now()`,
    [userId, JSON.stringify(state), state.isPlaying satisfies PlayerStateRow['is_playing']],
  );
}

/** The durations of tracks and episodes by URI (`spotify:track:…`, `spotify:episode:…`). */
export async function durationsByUri(
  tx: Queryable,
  trackIds: readonly string[],
  episodeIds: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ uri: string } & Pick<TrackRow | EpisodeRow, 'duration_ms'>>(
    `SELECT 'spotify:track:' || id AS uri, duration_ms FROM tracks WHERE id = ANY($1::text[])
     UNION ALL
     SELECT 'spotify:episode:' || id AS uri, duration_ms FROM episodes WHERE id = ANY($2::text[])`,
    [trackIds, episodeIds],
  );
  return new Map(rows.map((row) => [row.uri, row.duration_ms]));
}

/** Records completed plays of tracks and episodes. */
export async function insertPlays(tx: Queryable, userId: string, plays: readonly Play[]): Promise<void> {
  if (plays.length === 0) return;
  await tx.query(
    `INSERT INTO plays (user_id, track_id, episode_id, context_uri, played_at)
     SELECT $1,
            CASE WHEN split_part(uri, ':', 2) = 'track' THEN split_part(uri, ':', 3) END,
            CASE WHEN split_part(uri, ':', 2) = 'episode' THEN split_part(uri, ':', 3) END,
            context_uri, to_timestamp(at / 1000.0)
     FROM unnest($2::text[], $3::text[], $4::float8[]) AS t(uri, context_uri, at)`,
    [userId, plays.map((play) => play.uri), plays.map((play) => play.contextUri), plays.map((play) => play.playedAt)],
  );
}

/** Where a listener stands in an episode, by its URI. */
export interface EpisodePosition {
  uri: string;
  positionMs: EpisodeProgressRow['position_ms'];
  fullyPlayed: EpisodeProgressRow['fully_played'];
}

/** Stores where the listener stands in these episodes, as of `at` (milliseconds since the epoch). */
export async function saveEpisodePositions(
  tx: Queryable,
  userId: string,
  positions: readonly EpisodePosition[],
  at: number,
): Promise<void> {
  if (positions.length === 0) return;
  await tx.query(
    `INSERT INTO episode_progress (user_id, episode_id, position_ms, fully_played, updated_at)
     SELECT $1, split_part(uri, ':', 3), position_ms, fully_played, to_timestamp($5 / 1000.0)
     FROM unnest($2::text[], $3::int4[], $4::boolean[]) AS t(uri, position_ms, fully_played)
     ON CONFLICT (user_id, episode_id) DO UPDATE
       SET position_ms = EXCLUDED.position_ms, fully_played = EXCLUDED.fully_played, updated_at = EXCLUDED.updated_at`,
    [
      userId,
      positions.map((position) => position.uri),
      positions.map((position) => Math.round(position.positionMs)),
      positions.map((position) => position.fullyPlayed),
      at,
    ],
  );
}

/** Where the listener left an episode, if they have played it. */
export async function episodeProgress(
  tx: Queryable,
  userId: string,
  episodeId: string,
): Promise<Pick<EpisodeProgressRow, 'position_ms' | 'fully_played'> | undefined> {
  const { rows } = await tx.query<Pick<EpisodeProgressRow, 'position_ms' | 'fully_played'>>(
    'SELECT position_ms, fully_played FROM episode_progress WHERE user_id = $1 AND episode_id = $2',
    [userId, episodeId],
  );
  return rows[0];
}

/** An album's track ids in their order on the album. */
export async function albumTrackIds(tx: Queryable, albumId: string): Promise<string[]> {
  const { rows } = await tx.query<Pick<TrackRow, 'id'>>(
    'SELECT id FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
    [albumId],
  );
  return rows.map((row) => row.id);
}

/** A playlist's items as URIs, in order. */
export async function playlistItemUris(tx: Queryable, playlistId: string): Promise<string[]> {
  const { rows } = await tx.query<{ uri: string }>(
    `SELECT CASE WHEN track_id IS NOT NULL THEN 'spotify:track:' || track_id ELSE 'spotify:episode:' || episode_id END AS uri
     FROM playlist_items WHERE playlist_id = $1 ORDER BY position`,
    [playlistId],
  );
  return rows.map((row) => row.uri);
}

/** A show's episode ids, newest first, as the show lists them. */
export async function showEpisodeIds(tx: Queryable, showId: string): Promise<string[]> {
  const { rows } = await tx.query<Pick<EpisodeRow, 'id'>>(
    'SELECT id FROM episodes WHERE show_id = $1 ORDER BY release_date DESC, id',
    [showId],
  );
  return rows.map((row) => row.id);
}

/** Whether the track or episode exists. */
export async function itemExists(tx: Queryable, type: 'track' | 'episode', id: string): Promise<boolean> {
  const table = type === 'track' ? 'tracks' : 'episodes';
  const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return rows.length > 0;
}

export async function userProduct(db: Queryable, userId: string): Promise<UserRow['product'] | undefined> {
  const { rows } = await db.query<Pick<UserRow, 'product'>>('SELECT product FROM users WHERE id = $1', [userId]);
  return rows[0]?.product;
}

/** A device as the player lists it. */
export type PlayerDevice = Pick<
  DeviceRow,
  | 'id'
  | 'name'
  | 'type'
  | 'is_private_session'
  | 'is_restricted'
  | 'supports_volume'
  | 'volume_percent'
  | 'registered_by_client'
  | 'last_seen_at'
>;

const deviceColumns =
  'id, name, type, is_private_session, is_restricted, supports_volume, volume_percent, registered_by_client, last_seen_at';

/**
 * Presence: a device a client registered is present while it was seen after `cutoff`
 * (milliseconds since the epoch); other devices always are.
 */
const present = '(NOT registered_by_client OR last_seen_at > to_timestamp($2 / 1000.0))';

/** The user's present devices (see `present`), in the order they were registered. */
export async function devicesOf(db: Queryable, userId: string, cutoff: number): Promise<PlayerDevice[]> {
  const { rows } = await db.query<PlayerDevice>(
    `SELECT ${deviceColumns} FROM devices WHERE user_id = $1 AND ${present} ORDER BY registered_at, id`,
    [userId, cutoff],
  );
  return rows;
}

/** Marks the user's present device as seen at `at`; undefined when they have no such device. */
export async function touchDevice(
  tx: Queryable,
  userId: string,
  deviceId: string,
  times: { at: number; cutoff: number },
): Promise<PlayerDevice | undefined> {
  const { rows } = await tx.query<PlayerDevice>(
    `UPDATE devices SET last_seen_at = to_timestamp($4 / 1000.0)
     WHERE user_id = $1 AND ${present} AND id = $3
     RETURNING ${deviceColumns}`,
    [userId, times.cutoff, deviceId, times.at],
  );
  return rows[0];
}

/** Removes the user's devices that lapsed (registered by a client, unseen since `cutoff`); their ids. */
export async function deleteLapsedDevices(tx: Queryable, userId: string, cutoff: number): Promise<string[]> {
  const { rows } = await tx.query<Pick<DeviceRow, 'id'>>(
    `DELETE FROM devices WHERE user_id = $1 AND NOT ${present} RETURNING id`,
    [userId, cutoff],
  );
  return rows.map((row) => row.id);
}

/** Registers a client's device, seen at `at` (milliseconds since the epoch). */
export async function insertDevice(
  db: Queryable,
  device: Pick<DeviceRow, 'id' | 'user_id' | 'name' | 'type'>,
  at: number,
): Promise<PlayerDevice> {
  const { rows } = await db.query<PlayerDevice>(
    `INSERT INTO devices (id, user_id, name, type, registered_by_client, last_seen_at)
     VALUES ($1, $2, $3, $4, true, to_timestamp($5 / 1000.0))
     RETURNING ${deviceColumns}`,
    [device.id, device.user_id, device.name, device.type, at],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

/** Removes the user's device; false when they have no such device. */
export async function deleteDevice(tx: Queryable, userId: string, deviceId: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM devices WHERE id = $1 AND user_id = $2', [deviceId, userId]);
  return rowCount > 0;
}

export type RecentPlay = Pick<PlayRow, 'context_uri' | 'played_at'> & { track_id: string };

/**
 * The user's most recent plays of tracks, newest first, after or before a time (milliseconds
 * since the epoch) when given.
 */
export async function recentTrackPlays(
  db: Queryable,
  userId: string,
  window: { after: number | null; before: number | null; limit: number },
): Promise<RecentPlay[]> {
  const { rows } = await db.query<RecentPlay>(
    `SELECT track_id, context_uri, played_at FROM plays
     WHERE user_id = $1 AND track_id IS NOT NULL
       AND ($2::float8 IS NULL OR played_at > to_timestamp($2 / 1000.0))
       AND ($3::float8 IS NULL OR played_at < to_timestamp($3 / 1000.0))
     ORDER BY played_at DESC LIMIT $4`,
    [userId, window.after, window.before, window.limit],
  );
  return rows;
}
