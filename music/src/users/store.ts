import type { UserRow } from '../db/rows';
import type { Queryable } from '../db/types';
import type { Page } from '../http/params';
import type { UserRecord } from '../http/objects';

/**
 * The users' SQL: a user with their follower count, and their most played tracks and artists.
 * Every statement of the user routes runs here; the routes decide what to run.
 */

/** A user as `/me` and `/users/{id}` read them (the table allows only premium or free as the product). */
type ProfileRow = Pick<
  UserRow,
  'id' | 'account_id' | 'display_name' | 'email' | 'country' | 'explicit_filter_enabled' | 'explicit_filter_locked'
> & { product: UserRecord['product']; followers: number };

/** A user and their follower count; null when there is no such user. */
export async function loadUser(db: Queryable, id: string): Promise<UserRecord | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.id, u.account_id, u.display_name, u.email, u.country, u.product, u.explicit_filter_enabled,
            u.explicit_filter_locked, (SELECT count(*) FROM followed_users f WHERE f.followed_id = u.id) AS followers
     FROM users u WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    accountId: row.account_id,
    displayName: row.display_name,
    email: row.email,
    country: row.country,
    product: row.product,
    followers: row.followers,
    explicitFilterEnabled: row.explicit_filter_enabled,
    explicitFilterLocked: row.explicit_filter_locked,
  };
}

/** How far back each of Spotify's time ranges looks, in days; the long term is the whole history. */
export const timeRanges = { short_term: 28, medium_term: 182, long_term: null } as const;
export type TimeRange = keyof typeof timeRanges;

/** A track or artist id with the number of them in the whole ranking. */
type RankedRow = { id: string; total: number };

/**
 * The user's most played tracks or artists in the time range, from the plays the player
 * recorded. A track scores its plays; an artist the plays of every track it is credited on.
 * Ties go to the more recently played, then to the smaller id.
 */
export async function topItems(
  db: Queryable,
  kind: 'tracks' | 'artists',
  userId: string,
  range: TimeRange,
  page: Page,
): Promise<{ ids: string[]; total: number }> {
  const key = kind === 'tracks' ? 'p.track_id' : 'ta.artist_id';
  const from = kind === 'tracks' ? 'plays p' : 'plays p JOIN track_artists ta ON ta.track_id = p.track_id';
  const where = `p.user_id = $1 AND p.track_id IS NOT NULL
    AND ($2::int IS NULL OR p.played_at >= now() - make_interval(days => $2::int))`;
  const { rows } = await db.query<RankedRow>(
    `SELECT ${key} AS id, count(*) OVER () AS total FROM ${from} WHERE ${where}
     GROUP BY ${key} ORDER BY count(*) DESC, max(p.played_at) DESC, ${key} LIMIT $3 OFFSET $4`,
    [userId, timeRanges[range], page.limit, page.offset],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const counted = await db.query<{ n: number }>(`SELECT count(DISTINCT ${key}) AS n FROM ${from} WHERE ${where}`, [
      userId,
      timeRanges[range],
    ]);
    total = counted.rows[0]?.n ?? 0;
  }
  return { ids: rows.map((row) => row.id), total };
}
