import type { Queryable } from '../db/types';
import type { ArtistRecord } from './objects';

/**
 * Artists' follower counts: the catalog's seeded audience plus the service's own listeners
 * who follow them, so that following an artist shows in its `followers.total`.
 */
export async function artistFollows(db: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<{ artist_id: string; n: number }>(
    `SELECT artist_id, count(*) AS n FROM followed_artists WHERE artist_id = ANY($1::text[]) GROUP BY artist_id`,
    [unique],
  );
  return new Map(rows.map((row) => [row.artist_id, row.n]));
}

/** The artist with its listeners' follows added to its followers. */
export function withFollows(record: ArtistRecord, follows: ReadonlyMap<string, number>): ArtistRecord {
  return { ...record, followers: record.followers + (follows.get(record.id) ?? 0) };
}
