import express, { type Request, type Response, type Router } from 'express';
import { notFound } from '../errors';
import { simplifiedPlaylistJson } from '../playlists/serialise';
import type { V1Deps } from '../http/deps';
import * as objects from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { integerParam, marketParam, pageParams } from '../http/params';
import { sendJson } from '../http/prepared-json';
import {
  availableGenreSeeds,
  CategoryCache,
  categoryIdParam,
  countryParam,
  featuredMessage,
  localeParam,
  localTimeParam,
} from './catalog';
import { recommend, seedsParam, tuningParams } from './recommendations';
import { recommendationsJson } from './serialise';
import * as store from './store';

/** The music v1 routes of browse categories, new releases, featured and category playlists, recommendations. */

interface BrowseContext extends V1Deps {
  categories: CategoryCache;
}

type Handler = (req: Request, res: Response) => Promise<void>;

function here(ctx: BrowseContext, req: Request): string {
  return `${ctx.urls.api}${req.path}`;
}

function getCategories(ctx: BrowseContext): Handler {
  return async (req, res) => {
    localeParam(req);
    countryParam(req);
    const page = pageParams(req, '/browse/categories');
    const all = await ctx.categories.all();
    const items = all
      .slice(page.offset, page.offset + page.limit)
      .map((category) => objects.category(ctx.urls, category));
    res.json({ categories: offsetPage(here(ctx, req), stringQuery(req.query), items, page, all.length) });
  };
}

function getCategory(ctx: BrowseContext): Handler {
  return async (req, res) => {
    localeParam(req);
    countryParam(req);
    const category = await ctx.categories.one(categoryIdParam(req.params.category_id));
    if (!category) throw notFound('Unknown category id');
    res.json(objects.category(ctx.urls, category));
  };
}

function getCategoryPlaylists(ctx: BrowseContext): Handler {
  return async (req, res) => {
    countryParam(req);
    const id = categoryIdParam(req.params.category_id);
    const page = pageParams(req, '/browse/categories/{category_id}/playlists');
    const category = await ctx.categories.one(id);
    if (!category) throw notFound('Unknown category id');
    const playlists = await store.categoryPlaylists(ctx.db, category.id, page);
    const items = playlists.rows.map((row) => simplifiedPlaylistJson(ctx.urls, row));
    res.json({
      message: category.name,
      playlists: offsetPage(here(ctx, req), stringQuery(req.query), items, page, playlists.total),
    });
  };
}

function getFeaturedPlaylists(ctx: BrowseContext): Handler {
  return async (req, res) => {
    const locale = localeParam(req);
    countryParam(req);
    const page = pageParams(req, '/browse/featured-playlists');
    const time = localTimeParam(req);
    // A different selection every day, the same all day long, so that paging holds together.
    const playlists = await store.featuredPlaylists(ctx.db, time.day, page);
    const items = playlists.rows.map((row) => simplifiedPlaylistJson(ctx.urls, row));
    res.json({
      message: featuredMessage(locale?.language, time.hour),
      playlists: offsetPage(here(ctx, req), stringQuery(req.query), items, page, playlists.total),
    });
  };
}

function getNewReleases(ctx: BrowseContext): Handler {
  return async (req, res) => {
    countryParam(req);
    const page = pageParams(req, '/browse/new-releases');
    const today = new Date().toISOString().slice(0, 10);
    // Albums and singles already out, newest first (compilations are not new releases).
    const released = await ctx.store.newReleases(today, page);
    // The catalog's albums, serialised once.
    const albums = await ctx.prepared.simplifiedAlbums(released.items);
    const items = released.items.flatMap((id) => albums.get(id) ?? []);
    sendJson(req, res, { albums: offsetPage(here(ctx, req), stringQuery(req.query), items, page, released.total) });
  };
}

function getRecommendations(ctx: BrowseContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 100 });
    const seeds = seedsParam(req);
    const tuning = tuningParams(req);
    const found = await recommend(ctx.db, { seeds, tuning, limit });
    const tracks = await ctx.store.tracks(found.trackIds);
    res.json(recommendationsJson(ctx.urls, found, tracks));
  };
}

export function browseRoutes(deps: V1Deps): Router {
  const ctx: BrowseContext = { ...deps, categories: new CategoryCache(deps.db) };
  const router = express.Router();
  router.get('/browse/categories', getCategories(ctx));
  router.get('/browse/categories/:category_id', getCategory(ctx));
  router.get('/browse/categories/:category_id/playlists', getCategoryPlaylists(ctx));
  router.get('/browse/featured-playlists', getFeaturedPlaylists(ctx));
  router.get('/browse/new-releases', getNewReleases(ctx));
  router.get('/recommendations', getRecommendations(ctx));
  router.get('/recommendations/available-genre-seeds', (_req, res) => {
    res.json({ genres: availableGenreSeeds });
  });
  return router;
}
