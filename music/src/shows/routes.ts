import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import { ApiError, notFound } from '../errors';
import type { V1Deps } from '../http/deps';
import { resumePoints } from './progress';
import * as objects from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { catalogId, idsParam, marketParam, pageParams } from '../http/params';
import { savedEpisodes, savedPage, savedShows } from '../library/store';

/** Spotify's maximum of ids per call on the show and episode endpoints. */
const maxIds = 50;

/** How many episodes a full show carries, as Spotify's first page of them. */
const showEpisodesPage = { limit: 50, offset: 0 };

/** What the handlers share. */
type ShowContext = Pick<V1Deps, 'db' | 'urls' | 'shows'>;

type Handler = (req: Request, res: Response) => Promise<void>;

function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

/** The request's own URL, for the `href` of a page. */
function here(ctx: ShowContext, req: Request): string {
  return `${ctx.urls.api}${req.path}`;
}

/** The episodes with the caller's resume points, when the caller is a user who may read them. */
async function withProgress(
  ctx: ShowContext,
  res: Response,
  episodes: readonly objects.EpisodeRecord[],
): Promise<objects.EpisodeRecord[]> {
  const auth = getAuth(res);
  if (auth.userId === null || !auth.scopes.has('user-read-playback-position')) return [...episodes];
  const points = await resumePoints(
    ctx.db,
    auth.userId,
    episodes.map((episode) => episode.id),
  );
  return episodes.map((episode) => {
    const point = points.get(episode.id);
    return point ? { ...episode, resumePoint: point } : episode;
  });
}

/** The episodes by id, with the caller's resume points where allowed. */
async function episodesWithProgress(
  ctx: ShowContext,
  res: Response,
  ids: readonly string[],
): Promise<Map<string, objects.EpisodeRecord>> {
  const found = await ctx.shows.episodes(ids);
  return new Map((await withProgress(ctx, res, [...found.values()])).map((episode) => [episode.id, episode] as const));
}

/** A page of a show's episodes, as simplified episode objects. */
async function episodesPage(
  ctx: ShowContext,
  res: Response,
  showId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ReturnType<typeof objects.simplifiedEpisode>[]; total: number }> {
  const episodes = await ctx.shows.showEpisodes(showId, page);
  const items = (await withProgress(ctx, res, episodes.items)).map((episode) =>
    objects.simplifiedEpisode(ctx.urls, episode),
  );
  return { items, total: episodes.total };
}

/** `GET /shows/{id}`: the show with the first page of its episodes. */
function getShow(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const show = (await ctx.shows.shows([id])).get(id);
    if (!show) throw notFound('Non existing id');
    const { items, total } = await episodesPage(ctx, res, id, showEpisodesPage);
    const endpoint = `${ctx.urls.api}/shows/${id}/episodes`;
    res.json(objects.show(ctx.urls, show, offsetPage(endpoint, {}, items, showEpisodesPage, total)));
  };
}

/** `GET /shows`: several shows, null for each id not found. */
function getShows(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, maxIds);
    const shows = await ctx.shows.shows(ids);
    res.json({
      shows: ids.map((id) => {
        const show = shows.get(id);
        return show ? objects.simplifiedShow(ctx.urls, show) : null;
      }),
    });
  };
}

/** `GET /shows/{id}/episodes`: a page of the show's episodes. */
function getShowEpisodes(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const page = pageParams(req, '/shows/{id}/episodes');
    if (!(await ctx.shows.shows([id])).has(id)) throw notFound('Non existing id');
    const { items, total } = await episodesPage(ctx, res, id, page);
    res.json(offsetPage(here(ctx, req), stringQuery(req.query), items, page, total));
  };
}

/** `GET /episodes/{id}`: the episode, with the caller's resume point where allowed. */
function getEpisode(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const episode = (await ctx.shows.episodes([id])).get(id);
    if (!episode) throw notFound('Non existing id');
    const [withPoint] = await withProgress(ctx, res, [episode]);
    res.json(objects.episode(ctx.urls, withPoint ?? episode));
  };
}

/** `GET /episodes`: several episodes, null for each id not found. */
function getEpisodes(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, maxIds);
    const episodes = await episodesWithProgress(ctx, res, ids);
    res.json({
      episodes: ids.map((id) => {
        const episode = episodes.get(id);
        return episode ? objects.episode(ctx.urls, episode) : null;
      }),
    });
  };
}

/** `GET /me/shows`: a page of the shows the user saved, newest first. */
function getSavedShows(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/shows');
    const { rows, total } = await savedPage(ctx.db, savedShows, userOf(res), page);
    const shows = await ctx.shows.shows(rows.map((row) => row.id));
    const items = rows.flatMap((row) => {
      const show = shows.get(row.id);
      return show ? [{ added_at: row.at.toISOString(), show: objects.simplifiedShow(ctx.urls, show) }] : [];
    });
    res.json(offsetPage(here(ctx, req), stringQuery(req.query), items, page, total));
  };
}

/** `GET /me/episodes`: a page of the episodes the user saved, newest first, with resume points. */
function getSavedEpisodes(ctx: ShowContext): Handler {
  return async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/episodes');
    const { rows, total } = await savedPage(ctx.db, savedEpisodes, userOf(res), page);
    const episodes = await episodesWithProgress(
      ctx,
      res,
      rows.map((row) => row.id),
    );
    const items = rows.flatMap((row) => {
      const episode = episodes.get(row.id);
      return episode ? [{ added_at: row.at.toISOString(), episode: objects.episode(ctx.urls, episode) }] : [];
    });
    res.json(offsetPage(here(ctx, req), stringQuery(req.query), items, page, total));
  };
}

/** The music v1 routes of podcast shows and episodes, saved shows and episodes, resume points. */
export function showRoutes(deps: V1Deps): Router {
  const ctx: ShowContext = { db: deps.db, urls: deps.urls, shows: deps.shows };
  const router = express.Router();
  const libraryRead = requireScopes('user-library-read');
  router.get('/shows/:id', getShow(ctx));
  router.get('/shows', getShows(ctx));
  router.get('/shows/:id/episodes', getShowEpisodes(ctx));
  router.get('/episodes/:id', getEpisode(ctx));
  router.get('/episodes', getEpisodes(ctx));
  router.get('/me/shows', requireUser, libraryRead, getSavedShows(ctx));
  router.get(
    '/me/episodes',
    requireUser,
    requireScopes('user-library-read', 'user-read-playback-position'),
    getSavedEpisodes(ctx),
  );
  return router;
}
