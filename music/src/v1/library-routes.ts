import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest } from '../errors';
import type { CatalogStore } from './catalog-store';
import * as objects from './objects';
import { cursorPage, offsetPage, stringQuery } from './paging';
import { artistFollows, withFollows } from './follow-counts';
import {
  integerParam,
  marketParam,
  pageParams,
  parseUri,
  urisParam,
  userIdParam,
  type ParsedUri,
  type UriType,
} from './params';

/**
 * A listener's library: saved tracks and albums (the per-type endpoints and the 2026
 * `/me/library` with URIs), followed artists, users and playlists. Every change is one
 * transaction.
 */

interface LibraryDeps {
  db: Database;
  store: CatalogStore;
  urls: objects.Urls;
}

const base62Id = /^[0-9A-Za-z]{22}$/;

function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

/**
 * `ids` from the query string or a JSON body `{ "ids": [...] }`, at most `max`; catalog ids,
 * or usernames with `users`.
 */
function idsFrom(req: Request, max: number, users = false): string[] {
  const query = req.query.ids;
  // Spotify takes the ids in the query, as `{ "ids": [...] }`, or as a bare JSON array, as some clients send.
  const raw: unknown = req.body;
  const body = Array.isArray(raw) ? raw : (raw as { ids?: unknown } | undefined)?.ids;
  const ids = typeof query === 'string' ? query.split(',').filter(Boolean) : Array.isArray(body) ? body : undefined;
  if (!ids || ids.length === 0) throw badRequest('Missing required parameter: ids');
  if (ids.length > max) throw badRequest(`Too many ids requested: at most ${max}`);
  return ids.map((id) => {
    if (users) return userIdParam(id);
    if (typeof id !== 'string' || !base62Id.test(id)) throw badRequest('Invalid base62 id');
    return id;
  });
}

interface SavedTable {
  table: string;
  column: string;
  entity: string;
  timeColumn: 'added_at' | 'followed_at';
  /**
   * Which of the entities the user may save, as a condition on `e` with the user as `$2`
   * (a playlist must be one the user can see).
   */
  visible?: string;
}

const savedTracks: SavedTable = { table: 'saved_tracks', column: 'track_id', entity: 'tracks', timeColumn: 'added_at' };
const savedAlbums: SavedTable = { table: 'saved_albums', column: 'album_id', entity: 'albums', timeColumn: 'added_at' };
const followedArtists: SavedTable = {
  table: 'followed_artists',
  column: 'artist_id',
  entity: 'artists',
  timeColumn: 'followed_at',
};
const followedUsers: SavedTable = {
  table: 'followed_users',
  column: 'followed_id',
  entity: 'users',
  timeColumn: 'followed_at',
  // Following oneself is no follow at all.
  visible: 'e.id <> $2',
};
const followedPlaylists: SavedTable = {
  table: 'followed_playlists',
  column: 'playlist_id',
  entity: 'playlists',
  timeColumn: 'followed_at',
  // Someone else's private playlist does not exist for the user, unless it is a collaborative one.
  visible: '(e.public OR e.owner_id = $2 OR e.collaborative)',
};

/** Saves ids that exist; an unknown id fails the whole request and nothing is saved. */
async function save(tx: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const { rows } = await tx.query<{ id: string; visible: boolean }>(
    `SELECT e.id, ${saved.visible ?? 'true'} AS visible FROM ${saved.entity} e WHERE e.id = ANY($1::text[])`,
    saved.visible ? [unique, userId] : [unique],
  );
  if (rows.length !== unique.length) throw new ApiError(400, 'Unknown id');
  const allowed = rows.filter((row) => row.visible).map((row) => row.id);
  if (saved.table === 'followed_playlists' && allowed.length !== unique.length) {
    throw new ApiError(404, 'Playlist not found');
  }
  await tx.query(
    `INSERT INTO ${saved.table} (user_id, ${saved.column}, ${saved.timeColumn})
     SELECT $1, id, clock_timestamp() FROM unnest($2::text[]) AS t(id) ON CONFLICT DO NOTHING`,
    [userId, allowed],
  );
}

async function remove(tx: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM ${saved.table} WHERE user_id = $1 AND ${saved.column} = ANY($2::text[])`, [
    userId,
    [...new Set(ids)],
  ]);
}

async function contains(db: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<boolean[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT ${saved.column} AS id FROM ${saved.table} WHERE user_id = $1 AND ${saved.column} = ANY($2::text[])`,
    [userId, [...new Set(ids)]],
  );
  const found = new Set(rows.map((row) => row.id));
  return ids.map((id) => found.has(id));
}

/** Which table a `/me/library` URI goes to, and the scopes it needs to change and to check it. */
const libraryTargets: Partial<Record<UriType, { saved: SavedTable; modifyScope: string; readScope: string }>> = {
  track: { saved: savedTracks, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  album: { saved: savedAlbums, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  artist: { saved: followedArtists, modifyScope: 'user-follow-modify', readScope: 'user-follow-read' },
  user: { saved: followedUsers, modifyScope: 'user-follow-modify', readScope: 'user-follow-read' },
  // Saving a playlist follows it (publicly, as Spotify's library does).
  playlist: { saved: followedPlaylists, modifyScope: 'playlist-modify-public', readScope: 'playlist-read-private' },
};
const libraryTypes = new Set<UriType>(['track', 'album', 'artist', 'user', 'playlist']);

function libraryUris(req: Request): ParsedUri[] {
  return urisParam(req.query.uris, 40, libraryTypes);
}

function checkScopes(res: Response, uris: readonly ParsedUri[]): void {
  const scopes = getAuth(res).scopes;
  for (const uri of uris) {
    const target = libraryTargets[uri.type];
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
  await db.transaction(async (tx) => {
    for (const [type, target] of Object.entries(libraryTargets)) {
      const ids = uris.filter((uri) => uri.type === type).map((uri) => uri.id);
      if (ids.length > 0) await change(tx, target.saved, userId, ids);
    }
  });
}

export function libraryRoutes({ db, store, urls }: LibraryDeps): Router {
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;
  const user: RequestHandler = requireUser;

  router.get('/me/tracks', user, requireScopes('user-library-read'), async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/tracks');
    const userId = userOf(res);
    const { rows } = await db.query<{ track_id: string; added_at: Date; total: number }>(
      `SELECT track_id, added_at, count(*) OVER () AS total FROM saved_tracks WHERE user_id = $1
       ORDER BY added_at DESC, track_id LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    );
    const tracks = await store.tracks(rows.map((row) => row.track_id));
    const items = rows.flatMap((row) => {
      const track = tracks.get(row.track_id);
      return track ? [{ added_at: row.added_at.toISOString(), track: objects.track(urls, track) }] : [];
    });
    const total = rows[0]?.total ?? (await count(db, 'saved_tracks', userId));
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, total));
  });

  router.get('/me/albums', user, requireScopes('user-library-read'), async (req, res) => {
    marketParam(req);
    const page = pageParams(req, '/me/albums');
    const userId = userOf(res);
    const { rows } = await db.query<{ album_id: string; added_at: Date; total: number }>(
      `SELECT album_id, added_at, count(*) OVER () AS total FROM saved_albums WHERE user_id = $1
       ORDER BY added_at DESC, album_id LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    );
    const albums = await store.albums(rows.map((row) => row.album_id));
    const items = await Promise.all(
      rows.flatMap((row) => {
        const album = albums.get(row.album_id);
        if (!album) return [];
        return [
          store.albumTracks(album.id, { limit: 50, offset: 0 }).then((tracks) => ({
            added_at: row.added_at.toISOString(),
            album: objects.album(
              urls,
              album,
              offsetPage(
                `${urls.api}/albums/${album.id}/tracks`,
                {},
                tracks.items.map((track) => objects.simplifiedTrack(urls, track)),
                { limit: 50, offset: 0 },
                tracks.total,
              ),
            ),
          })),
        ];
      }),
    );
    const total = rows[0]?.total ?? (await count(db, 'saved_albums', userId));
    res.json(offsetPage(here(req), stringQuery(req.query), items, page, total));
  });

  for (const [path, saved, max] of [
    ['/me/tracks', savedTracks, 50],
    ['/me/albums', savedAlbums, 20],
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
      const target = libraryTargets[uri.type];
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
    const total = await count(db, 'followed_artists', userId);
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
      res.status(204).end();
    });
  }

  router.get('/me/following/contains', user, requireScopes('user-follow-read'), async (req, res) => {
    const target = followTarget(req);
    res.json(await contains(db, target, userOf(res), idsFrom(req, 50, target === followedUsers)));
  });

  return router;
}

async function count(db: Queryable, table: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId]);
  return rows[0]?.n ?? 0;
}
