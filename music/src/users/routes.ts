import express, { type Request, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Queryable } from '../db/types';
import { notFound } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import { artistFollows, withFollows } from '../library/follow-counts';
import * as objects from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { enumParam, pageParams, userIdParam } from '../http/params';
import type { PreparedCatalog } from '../catalog/prepared';
import { sendJson } from '../http/prepared-json';
import { loadUser, timeRanges, topItems, type TimeRange } from './store';

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
