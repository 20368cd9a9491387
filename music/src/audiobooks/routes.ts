import express, { type Request, type Router } from 'express';
import { requireScopes, requireUser } from '../accounts/middleware';
import { ApiError, notFound } from '../errors';
import type { Urls } from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { catalogId, idsFrom, idsParam, marketParam, pageParams } from '../http/params';

/** Spotify's maximum of audiobook or chapter ids per multi-get and per library change. */
const maxIds = 50;

/**
 * Audiobooks and their chapters. Spotify sells audiobooks in a few markets only; the local
 * catalog has none, so these endpoints answer as Spotify answers for ids it does not know: a
 * single one is not found, a multi-get holds `null` for each id (in Spotify's maxima), the saved
 * audiobooks are an empty page, nothing is saved, and nothing is contained. Ids and parameters
 * are checked as everywhere else (400), and so are the scopes (403).
 */
export function audiobookRoutes({ urls }: { urls: Urls }): Router {
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;
  // The ids may come as a JSON body too, as on the other library endpoints.
  const json = express.json({ limit: '10kb' });

  router.get('/audiobooks/:id', (req) => {
    catalogId(req.params.id);
    marketParam(req);
    throw notFound('Non existing id');
  });

  router.get('/audiobooks', (req, res) => {
    marketParam(req);
    res.json({ audiobooks: idsParam(req, maxIds).map(() => null) });
  });

  router.get('/audiobooks/:id/chapters', (req) => {
    catalogId(req.params.id);
    marketParam(req);
    pageParams(req, '/audiobooks/{id}/chapters');
    throw notFound('Non existing id');
  });

  router.get('/chapters/:id', (req) => {
    catalogId(req.params.id);
    marketParam(req);
    throw notFound('Non existing id');
  });

  router.get('/chapters', (req, res) => {
    marketParam(req);
    res.json({ chapters: idsParam(req, maxIds).map(() => null) });
  });

  router.get('/me/audiobooks', requireUser, requireScopes('user-library-read'), (req, res) => {
    const page = pageParams(req, '/me/audiobooks');
    res.json(offsetPage(here(req), stringQuery(req.query), [], page, 0));
  });

  router.put('/me/audiobooks', requireUser, requireScopes('user-library-modify'), json, (req) => {
    idsFrom(req, maxIds);
    // As saving any unknown id: nothing is saved.
    throw new ApiError(400, 'Unknown id');
  });

  router.delete('/me/audiobooks', requireUser, requireScopes('user-library-modify'), json, (req, res) => {
    idsFrom(req, maxIds);
    res.status(200).end();
  });

  router.get('/me/audiobooks/contains', requireUser, requireScopes('user-library-read'), (req, res) => {
    res.json(idsFrom(req, maxIds).map(() => false));
  });

  return router;
}
