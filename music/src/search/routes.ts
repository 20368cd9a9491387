import express, { type Request, type Router } from 'express';
import { badRequest } from '../errors';
import type { SearchType } from './catalog';
import { parseQuery } from './query';
import { catalogSearch } from './service';
import type { V1Deps } from '../http/deps';
import { artistFollows, withFollows } from '../library/follow-counts';
import { playlistRecords } from '../playlists/store';
import * as objects from '../http/objects';
import { offsetPage, stringQuery, type OffsetPage } from '../http/paging';
import { enumParam, marketParam, optionalParam, pageParams } from '../http/params';
import { sendJson } from '../http/prepared-json';

const searchTypes: readonly SearchType[] = ['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'];

/** The answer's key of each type's page. */
const pageKeys: Record<SearchType, string> = {
  album: 'albums',
  artist: 'artists',
  playlist: 'playlists',
  track: 'tracks',
  show: 'shows',
  episode: 'episodes',
  audiobook: 'audiobooks',
};

/** The deepest result a search reaches: `offset` up to 1000. */
const maxOffset = 1000;

function isSearchType(value: string): value is SearchType {
  return (searchTypes as readonly string[]).includes(value);
}

/** `type`: a comma-separated list of the searchable types, each answered once. */
function typesParam(req: Request): SearchType[] {
  const raw = optionalParam(req, 'type');
  if (raw === undefined) throw badRequest('Missing parameter type');
  const types = raw.split(',').map((type) => type.trim().toLowerCase());
  if (types.length === 0 || !types.every(isSearchType)) throw badRequest('Bad search type field');
  return [...new Set(types)];
}

/** `q`: required and not blank. */
function queryParam(req: Request): string {
  const q = optionalParam(req, 'q');
  if (q === undefined || q.trim() === '') throw badRequest('No search query');
  if (q.length > 1000) throw badRequest('Invalid q: at most 1000 characters');
  return q;
}

/** The records of `ids`, in that order; unknown ids are left out. */
function inOrder<T>(ids: readonly string[], found: ReadonlyMap<string, T>): T[] {
  return ids.flatMap((id) => {
    const record = found.get(id);
    return record === undefined ? [] : [record];
  });
}

/**
 * GET /search: the catalog's tracks, artists and albums, public playlists, shows and episodes
 * (no audiobooks), one offset page per requested type. `q` takes plain words (all must match,
 * with typos forgiven), quoted phrases and the `artist:`, `album:`, `track:`, `year:`,
 * `genre:`, `upc:`, `isrc:` and `tag:new`/`tag:hipster` filters. Results rank exact names
 * first, then names that begin with the query, then word matches, then matches with typos;
 * ties go to the more popular.
 */
export function searchRoutes(deps: V1Deps): Router {
  const router = express.Router();
  const { urls, store, db, shows, prepared } = deps;
  const search = catalogSearch(db);
  const endpoint = `${urls.api}/search`;

  router.get('/search', async (req, res) => {
    const q = queryParam(req);
    const types = typesParam(req);
    marketParam(req);
    enumParam(req, 'include_external', ['audio']);
    // `limit`: 20 by default and 1 to 50; 5 and 1 to 10 for development-mode apps since Feb 2026.
    const page = pageParams(req, '/search', deps.profile());
    const parsed = parseQuery(q);
    const query = stringQuery(req.query);

    const answer: Record<string, OffsetPage<unknown>> = {};
    await Promise.all(
      types.map(async (type) => {
        const found = await search.search(type, parsed, q, page);
        const items = await itemsOf(type, found.ids);
        answer[pageKeys[type]] = offsetPage(endpoint, { ...query, type }, items, page, found.total, maxOffset);
      }),
    );
    // The pages in the order Spotify answers them, whatever order `type` named them in.
    const ordered: Record<string, OffsetPage<unknown>> = {};
    for (const type of ['track', 'artist', 'album', 'playlist', 'show', 'episode', 'audiobook'] as const) {
      const typePage = answer[pageKeys[type]];
      if (typePage) ordered[pageKeys[type]] = typePage;
    }
    res.set('cache-control', 'private, max-age=60');
    sendJson(req, res, ordered);
  });

  async function itemsOf(type: SearchType, ids: string[]): Promise<unknown[]> {
    switch (type) {
      case 'track':
        // Tracks and albums are copied in as prepared JSON: the catalog's objects never change.
        return inOrder(ids, await prepared.tracks(ids));
      case 'artist': {
        const [found, follows] = await Promise.all([store.artists(ids), artistFollows(db, ids)]);
        return ids.flatMap((id) => {
          const record = found.get(id);
          return record ? [objects.artist(urls, withFollows(record, follows))] : [];
        });
      }
      case 'album':
        return inOrder(ids, await prepared.simplifiedAlbums(ids));
      case 'playlist':
        return (await playlistRecords(db, ids)).map((record) => objects.simplifiedPlaylist(urls, record));
      case 'show':
        return inOrder(ids, await shows.shows(ids)).map((record) => objects.simplifiedShow(urls, record));
      case 'episode':
        return inOrder(ids, await shows.episodes(ids)).map((record) => objects.simplifiedEpisode(urls, record));
      case 'audiobook':
        return [];
    }
  }

  return router;
}
