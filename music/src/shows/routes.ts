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

function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

/** The music v1 routes of podcast shows and episodes, saved shows and episodes, resume points. */
export function showRoutes(deps: V1Deps): Router {
  const { db, urls, shows: catalog } = deps;
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;

  /** The episodes with the caller's resume points, when the caller is a user who may read them. */
  const withProgress = async (
    res: Response,
    episodes: readonly objects.EpisodeRecord[],
  ): Promise<objects.EpisodeRecord[]> => {
    const auth = getAuth(res);
    if (auth.userId === null || !auth.scopes.has('user-read-playback-position')) return [...episodes];
    const points = await resumePoints(
      db,
      auth.userId,
      episodes.map((episode) => episode.id),
    );
    return episodes.map((episode) => {
      const point = points.get(episode.id);
      return point ? { ...episode, resumePoint: point } : episode;
    });
  };

  const episodesPage = async (res: Response, showId: string, page: { limit: number; offset: number }) => {
    const episodes = await catalog.showEpisodes(showId, page);
    const items = (await withProgress(res, episodes.items)).map((episode) => objects.simplifiedEpisode(urls, episode));
    return { items, total: episodes.total };
  };

  router.get('/shows/:id', async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const show = (await catalog.shows([id])).get(id);
    if (!show) throw notFound('Non existing id');
    const { items, total } = await episodesPage(res, id, showEpisodesPage);
    const endpoint = `${urls.api}/shows/${id}/episodes`;
    res.json(objects.show(urls, show, offsetPage(endpoint, {}, items, showEpisodesPage, total)));
  });

  router.get('/shows', async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, maxIds);
    const shows = await catalog.shows(ids);
    res.json({
      shows: ids.map((id) => {
        const show = shows.get(id);
        return show ? objects.simplifiedShow(urls, show) : null;
      }),
    });
  });

  router.get('/shows/:id/episodes', async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const page = pageParams(req, '/shows/{id}/episodes');
    if (!(await catalog.shows([id])).has(id)) throw notFound('Non existing id');
    const { items, total } = await episodesPage(res, id, page);
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, total));
  });

  router.get('/episodes/:id', async (req, res) => {
    marketParam(req);
    const id = catalogId(req.params.id);
    const episode = (await catalog.episodes([id])).get(id);
    if (!episode) throw notFound('Non existing id');
    const [withPoint] = await withProgress(res, [episode]);
    res.json(objects.episode(urls, withPoint ?? episode));
  });

  router.get('/episodes', async (req, res) => {
    marketParam(req);
    const ids = idsParam(req, maxIds);
    const found = await catalog.episodes(ids);
    const withPoints = new Map(
      (await withProgress(res, [...found.values()])).map((episode) => [episode.id, episode] as const),
    );
    res.json({
      episodes: ids.map((id) => {
        const episode = withPoints.get(id);
        return episode ? objects.episode(urls, episode) : null;
      }),
    });
  });

  router.get('/me/shows', requireUser, requireScopes('user-library-read'), async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/shows');
    const { rows, total } = await savedPage(db, savedShows, userOf(res), page);
    const shows = await catalog.shows(rows.map((row) => row.id));
    const items = rows.flatMap((row) => {
      const show = shows.get(row.id);
      return show ? [{ added_at: row.at.toISOString(), show: objects.simplifiedShow(urls, show) }] : [];
    });
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, total));
  });

  router.get(
    '/me/episodes',
    requireUser,
    requireScopes('user-library-read', 'user-read-playback-position'),
    async (req, res) => {
      marketParam(req);
      const page = pageParams(req, '/me/episodes');
      const { rows, total } = await savedPage(db, savedEpisodes, userOf(res), page);
      const found = await catalog.episodes(rows.map((row) => row.id));
      const episodes = new Map(
        (await withProgress(res, [...found.values()])).map((episode) => [episode.id, episode] as const),
      );
      const items = rows.flatMap((row) => {
        const episode = episodes.get(row.id);
        return episode ? [{ added_at: row.at.toISOString(), episode: objects.episode(urls, episode) }] : [];
      });
      res.json(offsetPage(here(req), stringQuery(req.query), items, page, total));
    },
  );

  return router;
}
