import express, { type Request, type Router } from 'express';
import { notFound } from '../errors';
import {
  availableGenreSeeds,
  CategoryCache,
  categoryIdParam,
  countryParam,
  featuredMessage,
  localeParam,
  localTimeParam,
  playlistPage,
} from './browse-catalog';
import { recommend, seedsParam, tuningParams } from './browse-recommendations';
import type { V1Deps } from './deps';
import * as objects from './objects';
import { offsetPage, stringQuery } from './paging';
import { integerParam, marketParam, pageParams } from './params';
import { sendJson } from './prepared-json';

/** Editorial playlists: the service's own, public ones, with their user for the owner's name. */
const editorial = `playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.owner_id = 'graphonic' AND p.public`;

/** The music v1 routes of browse categories, new releases, featured and category playlists, recommendations. */
export function browseRoutes(deps: V1Deps): Router {
  const { db, store, urls, prepared } = deps;
  const router = express.Router();
  const categories = new CategoryCache(db);
  const here = (req: Request): string => `${urls.api}${req.path}`;

  router.get('/browse/categories', async (req, res) => {
    localeParam(req);
    countryParam(req);
    const page = pageParams(req, '/browse/categories');
    const all = await categories.all();
    const items = all.slice(page.offset, page.offset + page.limit).map((category) => objects.category(urls, category));
    res.json({ categories: offsetPage(here(req), stringQuery(req.query), items, page, all.length) });
  });

  router.get('/browse/categories/:category_id', async (req, res) => {
    localeParam(req);
    countryParam(req);
    const category = await categories.one(categoryIdParam(req.params.category_id));
    if (!category) throw notFound('Unknown category id');
    res.json(objects.category(urls, category));
  });

  router.get('/browse/categories/:category_id/playlists', async (req, res) => {
    countryParam(req);
    const id = categoryIdParam(req.params.category_id);
    const page = pageParams(req, '/browse/categories/{category_id}/playlists');
    const category = await categories.one(id);
    if (!category) throw notFound('Unknown category id');
    const playlists = await playlistPage(
      db,
      {
        from: `${editorial} AND p.id IN (SELECT playlist_id FROM playlist_categories WHERE category_id = $1)`,
        params: [category.id],
        orderBy: 'p.created_at, p.id',
      },
      page,
    );
    const items = playlists.items.map((playlist) => objects.simplifiedPlaylist(urls, playlist));
    res.json({
      message: category.name,
      playlists: offsetPage(here(req), stringQuery(req.query), items, page, playlists.total),
    });
  });

  router.get('/browse/featured-playlists', async (req, res) => {
    const locale = localeParam(req);
    countryParam(req);
    const page = pageParams(req, '/browse/featured-playlists');
    const time = localTimeParam(req);
    // A different selection every day, the same all day long, so that paging holds together.
    const playlists = await playlistPage(
      db,
      { from: editorial, params: [], orderBy: 'md5(p.id || $1::text), p.id', orderParams: [time.day] },
      page,
    );
    const items = playlists.items.map((playlist) => objects.simplifiedPlaylist(urls, playlist));
    res.json({
      message: featuredMessage(locale?.language, time.hour),
      playlists: offsetPage(here(req), stringQuery(req.query), items, page, playlists.total),
    });
  });

  router.get('/browse/new-releases', async (req, res) => {
    countryParam(req);
    const page = pageParams(req, '/browse/new-releases');
    const today = new Date().toISOString().slice(0, 10);
    // Albums and singles already out, newest first (compilations are not new releases).
    const released = await store.newReleases(today, page);
    // The catalog's albums, serialised once.
    const albums = await prepared.simplifiedAlbums(released.items);
    const items = released.items.flatMap((id) => albums.get(id) ?? []);
    sendJson(req, res, { albums: offsetPage(here(req), stringQuery(req.query), items, page, released.total) });
  });

  router.get('/recommendations', async (req, res) => {
    marketParam(req);
    const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 100 });
    const seeds = seedsParam(req);
    const tuning = tuningParams(req);
    const found = await recommend(db, { seeds, tuning, limit });
    const tracks = await store.tracks(found.trackIds);
    res.json({
      seeds: found.seeds.map((seed) => ({
        afterFilteringSize: seed.afterFilteringSize,
        afterRelinkingSize: seed.afterFilteringSize,
        href:
          seed.type === 'ARTIST'
            ? `${urls.api}/artists/${seed.id}`
            : seed.type === 'TRACK'
              ? `${urls.api}/tracks/${seed.id}`
              : `${urls.api}/recommendations/available-genre-seeds`,
        id: seed.id,
        initialPoolSize: seed.initialPoolSize,
        type: seed.type,
      })),
      tracks: found.trackIds.flatMap((id) => {
        const track = tracks.get(id);
        return track ? [objects.track(urls, track)] : [];
      }),
    });
  });

  router.get('/recommendations/available-genre-seeds', (_req, res) => {
    res.json({ genres: availableGenreSeeds });
  });

  return router;
}
