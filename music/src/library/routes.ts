import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Database } from '../db/types';
import { ApiError, badRequest } from '../errors';
import type { CatalogStore } from './catalog-store';
import * as objects from './objects';
import { cursorPage, offsetPage, stringQuery } from './paging';
import type { PreparedCatalog } from './prepared-catalog';
import { sendJson } from './prepared-json';
import { artistFollows, forgetArtistFollows, withFollows } from './follow-counts';
import {
  contains,
  countSaved,
  followedArtists,
  followedPlaylists,
  followedUsers,
  idsFrom,
  remove,
  save,
  savedAlbums,
  savedEpisodes,
  savedPage,
  savedShows,
  savedTracks,
  type SavedTable,
} from './saved';
import { integerParam, marketParam, pageParams, parseUri, urisParam, type ParsedUri, type UriType } from './params';

/**
 * A listener's library: saved tracks, albums, shows and episodes (the per-type endpoints and
 * the 2026 `/me/library` with URIs), followed artists, users and playlists. Every change is one
 * transaction.
 */

interface LibraryDeps {
  db: Database;
  store: CatalogStore;
  urls: objects.Urls;
  /** The catalog's objects as prepared JSON. */
  prepared: PreparedCatalog;
}

function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

/** Which table a `/me/library` URI goes to, and the scopes it needs to change and to check it. */
const libraryTargets: Partial<Record<UriType, { saved: SavedTable; modifyScope: string; readScope: string }>> = {
  track: { saved: savedTracks, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  album: { saved: savedAlbums, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  artist: { saved: followedArtists, modifyScope: 'user-follow-modify', readScope: 'user-follow-read' },
  user: { saved: followedUsers, modifyScope: 'user-follow-modify', readScope: 'user-follow-read' },
  // Saving a playlist follows it (publicly, as Spotify's library does).
  playlist: { saved: followedPlaylists, modifyScope: 'playlist-modify-public', readScope: 'playlist-read-private' },
  show: { saved: savedShows, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  episode: { saved: savedEpisodes, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
};
const libraryTypes = new Set<UriType>(['track', 'album', 'artist', 'user', 'playlist', 'show', 'episode', 'audiobook']);
/** Audiobooks take the library's scopes, but the catalog has none: none is saved, none contained. */
const audiobookScopes = { modifyScope: 'user-library-modify', readScope: 'user-library-read' };

function libraryUris(req: Request): ParsedUri[] {
  return urisParam(req.query.uris, 40, libraryTypes);
}

function checkScopes(res: Response, uris: readonly ParsedUri[]): void {
  const scopes = getAuth(res).scopes;
  for (const uri of uris) {
    const target = uri.type === 'audiobook' ? audiobookScopes : libraryTargets[uri.type];
    if (target && !scopes.has(target.modifyScope)) throw new ApiError(403, 'Insufficient client scope');
  }
}

async function changeLibrary(
  db: Database,
  res: Response,
  uris: readonly ParsedUri[],
  change: typeof save,
): Promise<void> {
  checkScopes(res, uris);
  const userId = userOf(res);
  // Saving an unknown id saves nothing; removing one removes nothing.
  if (change === save && uris.some((uri) => uri.type === 'audiobook')) throw new ApiError(400, 'Unknown id');
  await db.transaction(async (tx) => {
    for (const [type, target] of Object.entries(libraryTargets)) {
      const ids = uris.filter((uri) => uri.type === type).map((uri) => uri.id);
      if (ids.length > 0) await change(tx, target.saved, userId, ids);
    }
  });
  // Committed: artists' follower counts are read again.
  if (uris.some((uri) => uri.type === 'artist')) forgetArtistFollows();
}

export function libraryRoutes({ db, store, urls, prepared }: LibraryDeps): Router {
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;
  const user: RequestHandler = requireUser;

  // Saved tracks and albums are the catalog's objects: copied in as prepared JSON.
  router.get('/me/tracks', user, requireScopes('user-library-read'), async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/tracks');
    const { rows, total } = await savedPage(db, savedTracks, userOf(res), page);
    const tracks = await prepared.tracks(rows.map((row) => row.id));
    const items = rows.flatMap((row) => {
      const track = tracks.get(row.id);
      return track ? [{ added_at: row.at.toISOString(), track }] : [];
    });
    sendJson(req, res, offsetPage(here(req), stringQuery(req.query), items, page, total));
  });

  router.get('/me/albums', user, requireScopes('user-library-read'), async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/albums');
    const { rows, total } = await savedPage(db, savedAlbums, userOf(res), page);
    const albums = await prepared.albums(rows.map((row) => row.id));
    const items = rows.flatMap((row) => {
      const album = albums.get(row.id);
      return album ? [{ added_at: row.at.toISOString(), album }] : [];
    });
    sendJson(req, res, offsetPage(here(req), stringQuery(req.query), items, page, total));
  });

  for (const [path, saved, max] of [
    ['/me/tracks', savedTracks, 50],
    ['/me/albums', savedAlbums, 20],
    ['/me/shows', savedShows, 50],
    ['/me/episodes', savedEpisodes, 50],
  ] as const) {
    const json = express.json({ limit: '10kb' });
    router.put(path, user, requireScopes('user-library-modify'), json, async (req, res) => {
      const ids = idsFrom(req, max);
      const userId = userOf(res);
      await db.transaction((tx) => save(tx, saved, userId, ids));
      res.status(200).end();
    });
    router.delete(path, user, requireScopes('user-library-modify'), json, async (req, res) => {
      const ids = idsFrom(req, max);
      const userId = userOf(res);
      await db.transaction((tx) => remove(tx, saved, userId, ids));
      res.status(200).end();
    });
    router.get(`${path}/contains`, user, requireScopes('user-library-read'), async (req, res) => {
      res.json(await contains(db, saved, userOf(res), idsFrom(req, max)));
    });
  }

  router.put('/me/library', user, async (req, res) => {
    await changeLibrary(db, res, libraryUris(req), save);
    res.status(200).end();
  });

  router.delete('/me/library', user, async (req, res) => {
    await changeLibrary(db, res, libraryUris(req), remove);
    res.status(200).end();
  });

  router.get('/me/library/contains', user, async (req, res) => {
    const uris = urisParam(req.query.uris, 40, libraryTypes);
    const scopes = getAuth(res).scopes;
    for (const uri of uris) {
      const target = uri.type === 'audiobook' ? audiobookScopes : libraryTargets[uri.type];
      if (target && !scopes.has(target.readScope)) throw new ApiError(403, 'Insufficient client scope');
    }
    const userId = userOf(res);
    const answers = new Map<string, boolean>();
    for (const [type, target] of Object.entries(libraryTargets)) {
      const ids = uris.filter((uri) => uri.type === type).map((uri) => uri.id);
      if (ids.length === 0) continue;
      const found = await contains(db, target.saved, userId, ids);
      ids.forEach((id, index) => answers.set(`${type}:${id}`, found[index] ?? false));
    }
    res.json(uris.map((uri) => answers.get(`${uri.type}:${uri.id}`) ?? false));
  });

  router.get('/me/following', user, requireScopes('user-follow-read'), async (req, res) => {
    if (req.query.type !== 'artist') throw badRequest('Invalid type: only artist is supported');
    const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
    const after =
      typeof req.query.after === 'string' && req.query.after !== ''
        ? parseUri(`spotify:artist:${req.query.after}`).id
        : null;
    const userId = userOf(res);
    // Ordered by artist id, so that the last id of a page is the cursor of the next.
    const { rows } = await db.query<{ artist_id: string }>(
      `SELECT artist_id FROM followed_artists WHERE user_id = $1 AND ($2::text IS NULL OR artist_id > $2)
       ORDER BY artist_id LIMIT $3`,
      [userId, after, limit + 1],
    );
    const total = await countSaved(db, followedArtists, userId);
    const page = rows.slice(0, limit);
    const ids = page.map((row) => row.artist_id);
    const [artists, follows] = await Promise.all([store.artists(ids), artistFollows(db, ids)]);
    const items = page.flatMap((row) => {
      const artist = artists.get(row.artist_id);
      return artist ? [objects.artist(urls, withFollows(artist, follows))] : [];
    });
    const cursor = rows.length > limit ? (page.at(-1)?.artist_id ?? null) : null;
    res.json({ artists: cursorPage(here(req), stringQuery(req.query), items, limit, total, cursor) });
  });

  const followTargets = { artist: followedArtists, user: followedUsers } as const;
  /** `type=artist|user` of the follow endpoints. */
  function followTarget(req: Request): SavedTable {
    const type = req.query.type;
    if (type === undefined || type === '') throw badRequest('Missing required parameter: type');
    if (type !== 'artist' && type !== 'user') throw badRequest('Invalid type: expected artist or user');
    return followTargets[type];
  }

  const followJson = express.json({ limit: '10kb' });
  for (const method of ['put', 'delete'] as const) {
    router[method]('/me/following', user, requireScopes('user-follow-modify'), followJson, async (req, res) => {
      const target = followTarget(req);
      const ids = idsFrom(req, 50, target === followedUsers);
      const userId = userOf(res);
      await db.transaction((tx) => (method === 'put' ? save : remove)(tx, target, userId, ids));
      // Committed: artists' follower counts are read again.
      if (target === followedArtists) forgetArtistFollows();
      res.status(204).end();
    });
  }

  router.get('/me/following/contains', user, requireScopes('user-follow-read'), async (req, res) => {
    const target = followTarget(req);
    res.json(await contains(db, target, userOf(res), idsFrom(req, 50, target === followedUsers)));
  });

  return router;
}
