import express, { type Request, type Response, type Router } from 'express';
import { requireScopes, requireUser } from '../accounts/middleware';
import type { Database } from '../db/types';
import { badRequest } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import * as objects from '../http/objects';
import { cursorPage, offsetPage, stringQuery } from '../http/paging';
import {
  idsFrom,
  integerParam,
  marketParam,
  pageParams,
  parseUri,
  urisParam,
  type ParsedUri,
  type UriType,
} from '../http/params';
import type { PreparedCatalog } from '../catalog/prepared';
import { sendJson } from '../http/prepared-json';
import { changeLibrary, checkScopes, libraryTargets, remove, save, userOf } from './changes';
import { artistFollows, forgetArtistFollows, withFollows } from './follow-counts';
import { savedItemJson } from './serialise';
import * as store from './store';
import type { SavedTable } from './store';

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

type Handler = (req: Request, res: Response) => Promise<void>;

const libraryTypes = new Set<UriType>(['track', 'album', 'artist', 'user', 'playlist', 'show', 'episode', 'audiobook']);

function libraryUris(req: Request): ParsedUri[] {
  return urisParam(req.query.uris, 40, libraryTypes);
}

function here(deps: LibraryDeps, req: Request): string {
  return `${deps.urls.api}${req.path}`;
}

// Saved tracks and albums are the catalog's objects: copied in as prepared JSON.
function getSavedTracks(deps: LibraryDeps): Handler {
  return async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/tracks');
    const { rows, total } = await store.savedPage(deps.db, store.savedTracks, userOf(res), page);
    const tracks = await deps.prepared.tracks(rows.map((row) => row.id));
    const items = rows.flatMap((row) => {
      const track = tracks.get(row.id);
      return track ? [savedItemJson(row, 'track', track)] : [];
    });
    sendJson(req, res, offsetPage(here(deps, req), stringQuery(req.query), items, page, total));
  };
}

function getSavedAlbums(deps: LibraryDeps): Handler {
  return async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/albums');
    const { rows, total } = await store.savedPage(deps.db, store.savedAlbums, userOf(res), page);
    const albums = await deps.prepared.albums(rows.map((row) => row.id));
    const items = rows.flatMap((row) => {
      const album = albums.get(row.id);
      return album ? [savedItemJson(row, 'album', album)] : [];
    });
    sendJson(req, res, offsetPage(here(deps, req), stringQuery(req.query), items, page, total));
  };
}

/** PUT, DELETE and GET …/contains of a per-type saved list. */
function savedListRoutes(router: Router, db: Database, path: string, saved: SavedTable, max: number): void {
  const json = express.json({ limit: '10kb' });
  router.put(path, requireUser, requireScopes('user-library-modify'), json, async (req, res) => {
    const ids = idsFrom(req, max);
    const userId = userOf(res);
    await db.transaction((tx) => save(tx, saved, userId, ids));
    res.status(200).end();
  });
  router.delete(path, requireUser, requireScopes('user-library-modify'), json, async (req, res) => {
    const ids = idsFrom(req, max);
    const userId = userOf(res);
    await db.transaction((tx) => remove(tx, saved, userId, ids));
    res.status(200).end();
  });
  router.get(`${path}/contains`, requireUser, requireScopes('user-library-read'), async (req, res) => {
    res.json(await store.contains(db, saved, userOf(res), idsFrom(req, max)));
  });
}

function libraryContains(db: Database): Handler {
  return async (req, res) => {
    const uris = urisParam(req.query.uris, 40, libraryTypes);
    checkScopes(res, uris, 'readScope');
    const userId = userOf(res);
    const answers = new Map<string, boolean>();
    for (const [type, target] of Object.entries(libraryTargets)) {
      const ids = uris.filter((uri) => uri.type === type).map((uri) => uri.id);
      if (ids.length === 0) continue;
      const found = await store.contains(db, target.saved, userId, ids);
      ids.forEach((id, index) => answers.set(`${type}:${id}`, found[index] ?? false));
    }
    res.json(uris.map((uri) => answers.get(`${uri.type}:${uri.id}`) ?? false));
  };
}

function getFollowedArtists(deps: LibraryDeps): Handler {
  return async (req, res) => {
    if (req.query.type !== 'artist') throw badRequest('Invalid type: only artist is supported');
    const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
    const after =
      typeof req.query.after === 'string' && req.query.after !== ''
        ? parseUri(`spotify:artist:${req.query.after}`).id
        : null;
    const userId = userOf(res);
    // Ordered by artist id, so that the last id of a page is the cursor of the next.
    const found = await store.followedArtistIds(deps.db, userId, after, limit + 1);
    const total = await store.countSaved(deps.db, store.followedArtists, userId);
    const ids = found.slice(0, limit);
    const [artists, follows] = await Promise.all([deps.store.artists(ids), artistFollows(deps.db, ids)]);
    const items = ids.flatMap((id) => {
      const artist = artists.get(id);
      return artist ? [objects.artist(deps.urls, withFollows(artist, follows))] : [];
    });
    const cursor = found.length > limit ? (ids.at(-1) ?? null) : null;
    res.json({ artists: cursorPage(here(deps, req), stringQuery(req.query), items, limit, total, cursor) });
  };
}

const followTargets = { artist: store.followedArtists, user: store.followedUsers } as const;

/** `type=artist|user` of the follow endpoints. */
function followTarget(req: Request): SavedTable {
  const type = req.query.type;
  if (type === undefined || type === '') throw badRequest('Missing required parameter: type');
  if (type !== 'artist' && type !== 'user') throw badRequest('Invalid type: expected artist or user');
  return followTargets[type];
}

function changeFollows(db: Database, change: typeof save): Handler {
  return async (req, res) => {
    const target = followTarget(req);
    const ids = idsFrom(req, 50, target === store.followedUsers);
    const userId = userOf(res);
    await db.transaction((tx) => change(tx, target, userId, ids));
    // Committed: artists' follower counts are read again.
    if (target === store.followedArtists) forgetArtistFollows();
    res.status(204).end();
  };
}

function followsContain(db: Database): Handler {
  return async (req, res) => {
    const target = followTarget(req);
    res.json(await store.contains(db, target, userOf(res), idsFrom(req, 50, target === store.followedUsers)));
  };
}

export function libraryRoutes(deps: LibraryDeps): Router {
  const { db } = deps;
  const router = express.Router();
  const followRead = requireScopes('user-follow-read');
  const followModify = requireScopes('user-follow-modify');
  const followJson = express.json({ limit: '10kb' });

  router.get('/me/tracks', requireUser, requireScopes('user-library-read'), getSavedTracks(deps));
  router.get('/me/albums', requireUser, requireScopes('user-library-read'), getSavedAlbums(deps));
  savedListRoutes(router, db, '/me/tracks', store.savedTracks, 50);
  savedListRoutes(router, db, '/me/albums', store.savedAlbums, 20);
  savedListRoutes(router, db, '/me/shows', store.savedShows, 50);
  savedListRoutes(router, db, '/me/episodes', store.savedEpisodes, 50);
  router.put('/me/library', requireUser, async (req, res) => {
    await changeLibrary(db, res, libraryUris(req), save);
    res.status(200).end();
  });
  router.delete('/me/library', requireUser, async (req, res) => {
    await changeLibrary(db, res, libraryUris(req), remove);
    res.status(200).end();
  });
  router.get('/me/library/contains', requireUser, libraryContains(db));
  router.get('/me/following', requireUser, followRead, getFollowedArtists(deps));
  router.put('/me/following', requireUser, followModify, followJson, changeFollows(db, save));
  router.delete('/me/following', requireUser, followModify, followJson, changeFollows(db, remove));
  router.get('/me/following/contains', requireUser, followRead, followsContain(db));
  return router;
}
