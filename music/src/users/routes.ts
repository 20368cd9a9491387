import express, { type Request, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import { artistFollows, withFollows } from '../library/follow-counts';
import * as objects from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { enumParam, pageParams, userIdParam, type Page } from '../http/params';
import type { PreparedCatalog } from '../catalog/prepared';
import { sendJson } from '../http/prepared-json';

interface UserRow {
  id: string;
  account_id: string;
  display_name: string | null;
  email: string | null;
  country: string;
  product: 'premium' | 'free';
  explicit_filter_enabled: boolean;
  explicit_filter_locked: boolean;
  followers: number;
}

async function loadUser(db: Queryable, id: string): Promise<objects.UserRecord | null> {
  const { rows } = await db.query<UserRow & Record<string, unknown>>(
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
const timeRanges = { short_term: 28, medium_term: 182, long_term: null } as const;
type TimeRange = keyof typeof timeRanges;

interface Ranked {
  id: string;
  total: number;
}

/**
 * The user's most played tracks or artists in the time range, from the plays the player
 * recorded. A track scores its plays; an artist the plays of every track it is credited on.
 * Ties go to the more recently played, then to the smaller id.
 */
async function topItems(
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
  const { rows } = await db.query<Ranked & Record<string, unknown>>(
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

/**
 * `/me` (the signed-in user, private fields by scope), `/users/{id}` (anyone's public profile)
 * and the user's top artists and tracks.
 */
export function userRoutes({
  db,
  urls,
  store: catalog,
  prepared,
}: {
  db: Queryable;
  urls: objects.Urls;
  store: CatalogStore;
  /** The catalog's objects as prepared JSON. */
  prepared: PreparedCatalog;
}): Router {
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;

  router.get('/me', requireUser, async (_req, res) => {
    const auth = getAuth(res);
    const user = auth.userId ? await loadUser(db, auth.userId) : null;
    if (!user) throw notFound('The user of this token no longer exists');
    res.json(objects.privateUser(urls, user, auth.scopes));
  });

  router.get('/users/:user_id', async (req, res) => {
    const user = await loadUser(db, userIdParam(req.params.user_id));
    if (!user) throw notFound('No such user');
    res.json(objects.publicUser(urls, user));
  });

  const ranges = Object.keys(timeRanges) as TimeRange[];

  router.get('/me/top/tracks', requireUser, requireScopes('user-top-read'), async (req, res) => {
    const range = enumParam(req, 'time_range', ranges, 'medium_term');
    const page = pageParams(req, '/me/top/tracks');
    const top = await topItems(db, 'tracks', getAuth(res).userId ?? '', range, page);
    // The catalog's tracks, copied in as prepared JSON.
    const tracks = await prepared.tracks(top.ids);
    const items = top.ids.flatMap((id) => tracks.get(id) ?? []);
    sendJson(req, res, offsetPage(here(req), stringQuery(req.query), items, page, top.total));
  });

  router.get('/me/top/artists', requireUser, requireScopes('user-top-read'), async (req, res) => {
    const range = enumParam(req, 'time_range', ranges, 'medium_term');
    const page = pageParams(req, '/me/top/artists');
    const top = await topItems(db, 'artists', getAuth(res).userId ?? '', range, page);
    const [artists, follows] = await Promise.all([catalog.artists(top.ids), artistFollows(db, top.ids)]);
    const items = top.ids.flatMap((id) => {
      const artist = artists.get(id);
      return artist ? [objects.artist(urls, withFollows(artist, follows))] : [];
    });
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, top.total));
  });

  return router;
}
