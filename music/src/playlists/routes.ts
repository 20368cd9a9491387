import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireUser } from '../accounts/middleware';
import { catalogIdFor } from '../catalog/random';
import type { Database } from '../db/types';
import { ApiError, badRequest, notFound } from '../errors';
import { loadEpisodes } from '../shows/episodes';
import type { ShowCatalog } from '../shows/catalog';
import { fieldsParam, selectFields } from '../http/fields';
import * as objects from '../http/objects';
import { offsetPage, stringQuery } from '../http/paging';
import { catalogId, integerParam, marketParam, optionalParam, pageParams, userIdParam } from '../http/params';
import type { PreparedCatalog } from '../catalog/prepared';
import { sendJson } from '../http/prepared-json';
import type { Profile } from '../http/profile';
import { change, changeable, modifyScope, readable, requireScope } from './access';
import { bodyOf, validBoolean, validDescription, validName } from './body';
import { maxCoverBytes, parseCover, saveCover } from './covers';
import { notModifiedSince } from './entity-tags';
import { addItems, removeItems, replaceOrReorderItems } from './item-changes';
import { PlaylistItems } from './items';
import { emptyItemsPage, itemEntry, playlistJson, playlistWithoutItems, simplifiedPlaylistJson } from './serialise';
import { legacyItemsPath } from './legacy-paths';
import { snapshotFor } from './snapshots';
import * as store from './store';

/** Playlists: reading, creating and changing them and their items, and following them. */

interface PlaylistDeps {
  db: Database;
  shows: ShowCatalog;
  urls: objects.Urls;
  profile: () => Profile;
  /** The catalog's tracks as prepared JSON. */
  prepared: PreparedCatalog;
}

/** What the handlers share: the dependencies and the playlists' items kept by snapshot. */
export interface PlaylistContext extends PlaylistDeps {
  items: PlaylistItems;
}

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * A page of the playlist's items: tracks copied in as prepared JSON, episodes built (they
 * carry the listener's resume points).
 */
async function itemsPage(
  ctx: PlaylistContext,
  res: Response,
  playlist: store.PlaylistRow,
  page: { limit: number; offset: number },
) {
  const rows = await ctx.items.page(playlist.id, playlist.snapshot_id, page);
  const auth = getAuth(res);
  const tracks = await ctx.prepared.tracks(rows.flatMap((row) => (row.trackId ? [row.trackId] : [])));
  const episodes = await loadEpisodes(
    ctx.shows,
    ctx.db,
    rows.flatMap((row) => (row.episodeId ? [row.episodeId] : [])),
    auth.scopes.has('user-read-playback-position') ? auth.userId : null,
  );
  return rows.flatMap((row) => {
    const track = row.trackId ? tracks.get(row.trackId) : undefined;
    const episode = row.episodeId ? episodes.get(row.episodeId) : undefined;
    const item = track ?? (episode ? objects.episode(ctx.urls, episode) : undefined);
    return item ? [itemEntry(ctx.urls, row, item)] : [];
  });
}

async function requireReadable(ctx: PlaylistContext, res: Response, id: string): Promise<store.FollowedPlaylist> {
  const row = await store.findPlaylist(ctx.db, id, getAuth(res).userId);
  if (!row || !readable(row, getAuth(res).userId)) throw notFound('Playlist not found');
  return row;
}

/**
 * Answers 304 when the client holds the answer already, by a tag that follows the playlist's snapshot
 * (./entity-tags.ts); not when the page holds episodes with the listener's resume points, which
 * change without a new snapshot (Express then tags the answer it builds).
 */
async function unchanged(
  ctx: PlaylistContext,
  req: Request,
  res: Response,
  row: store.FollowedPlaylist,
  page: { limit: number; offset: number } | null,
): Promise<boolean> {
  if (page && getAuth(res).scopes.has('user-read-playback-position')) {
    const rows = await ctx.items.page(row.id, row.snapshot_id, page);
    if (rows.some((item) => item.episodeId !== null)) return false;
  }
  return notModifiedSince(req, res, row.snapshot_id, [row.followers, row.owner_name, page === null, ctx.profile()]);
}

/** `additional_types`: track and episode; both kinds are always answered in their own shapes. */
function additionalTypes(req: Request): void {
  const raw = optionalParam(req, 'additional_types');
  if (raw === undefined) return;
  for (const type of raw.split(',')) {
    if (type !== 'track' && type !== 'episode') throw badRequest('Invalid additional_types');
  }
}

/** Development-mode apps get the items only of playlists the user owns or collaborates on. */
function itemsHidden(ctx: PlaylistContext, res: Response, row: store.FollowedPlaylist): boolean {
  const userId = getAuth(res).userId;
  return ctx.profile() === 'development' && (userId === null || !changeable(row, userId));
}

function getPlaylist(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    marketParam(req);
    additionalTypes(req);
    const fields = fieldsParam(req);
    const row = await requireReadable(ctx, res, catalogId(req.params.playlist_id));
    const page = { limit: 100, offset: 0 };
    const hidden = itemsHidden(ctx, res, row);
    if (await unchanged(ctx, req, res, row, hidden ? null : page)) return;
    if (hidden) {
      res.json(selectFields(playlistWithoutItems(ctx.urls, row), fields));
      return;
    }
    const items = await itemsPage(ctx, res, row, page);
    const playlist = playlistJson(
      ctx.urls,
      row,
      offsetPage(`${ctx.urls.api}/playlists/${row.id}/items`, {}, items, page, row.total),
    );
    sendJson(req, res, selectFields(playlist, fields));
  };
}

function getItems(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    marketParam(req);
    additionalTypes(req);
    const fields = fieldsParam(req);
    const row = await requireReadable(ctx, res, catalogId(req.params.playlist_id));
    if (itemsHidden(ctx, res, row)) throw new ApiError(403, 'Forbidden');
    const legacyPath = legacyItemsPath(res);
    const page = pageParams(req, legacyPath ? '/playlists/{playlist_id}/tracks' : '/playlists/{playlist_id}/items');
    if (await unchanged(ctx, req, res, row, page)) return;
    const here = `${ctx.urls.api}${legacyPath ?? req.path}`;
    const items = offsetPage(here, stringQuery(req.query), await itemsPage(ctx, res, row, page), page, row.total);
    sendJson(req, res, selectFields(items, fields));
  };
}

function getImages(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const row = await requireReadable(ctx, res, catalogId(req.params.playlist_id));
    res.json(objects.playlistImages(ctx.urls, { id: row.id, cover: row.cover }));
  };
}

function putImage(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    if (!req.is('image/jpeg')) throw badRequest('Invalid Content-Type: send the image as image/jpeg');
    const cover = parseCover(req.body);
    // The owner's to change, like the playlist's other details, with the scope to upload images.
    await change(ctx.db, res, id, { ownerOnly: true, scopes: () => ['ugc-image-upload'] }, (tx) =>
      saveCover(tx, id, cover),
    );
    res.status(202).end();
  };
}

/** A page of the playlists a user follows (their own among them). */
async function listPlaylists(ctx: PlaylistContext, req: Request, userId: string, onlyPublic: boolean) {
  const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
  const offset = integerParam(req, 'offset', { default: 0, minimum: 0, maximum: 100_000 });
  const page = await store.followedPlaylists(ctx.db, { userId, onlyPublic, limit, offset });
  const total = page.total ?? (await store.countFollowedPlaylists(ctx.db, userId, onlyPublic));
  return offsetPage(
    `${ctx.urls.api}${req.path}`,
    stringQuery(req.query),
    page.rows.map((row) => simplifiedPlaylistJson(ctx.urls, row)),
    { limit, offset },
    total,
  );
}

function getMyPlaylists(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const auth = getAuth(res);
    const userId = auth.userId ?? '';
    // Private playlists need their scope; without it, the list shows the public ones.
    res.json(await listPlaylists(ctx, req, userId, !auth.scopes.has('playlist-read-private')));
  };
}

function getUserPlaylists(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const userId = userIdParam(req.params.user_id);
    const auth = getAuth(res);
    const ownPrivate = auth.userId === userId && auth.scopes.has('playlist-read-private');
    res.json(await listPlaylists(ctx, req, userId, !ownPrivate));
  };
}

async function create(ctx: PlaylistContext, req: Request, res: Response, ownerId: string): Promise<void> {
  const auth = getAuth(res);
  if (auth.userId !== ownerId) throw new ApiError(403, 'You cannot create a playlist for another user');
  const body = bodyOf(req);
  const name = validName(body.name);
  const isPublic = body.public === undefined ? true : validBoolean(body.public, 'public');
  const collaborative = body.collaborative === undefined ? false : validBoolean(body.collaborative, 'collaborative');
  if (collaborative && isPublic) throw badRequest('A collaborative playlist cannot be public');
  const description = body.description === undefined ? null : validDescription(body.description);
  requireScope(res, modifyScope(isPublic));
  const id = catalogIdFor(`user:${ownerId}`, 'playlist', Date.now() * 1000 + Math.floor(Math.random() * 1000));
  await store.createPlaylist(ctx.db, {
    id,
    owner_id: ownerId,
    name,
    description,
    public: isPublic,
    collaborative,
    snapshot_id: snapshotFor(id, 1),
  });
  const row = await store.findPlaylist(ctx.db, id, ownerId);
  if (!row) throw new Error('The new playlist vanished.');
  res.status(201).json(playlistJson(ctx.urls, row, emptyItemsPage(ctx.urls, id)));
}

function putDetails(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const name = body.name === undefined ? undefined : validName(body.name);
    const description = body.description === undefined ? undefined : validDescription(body.description);
    const isPublic = body.public === undefined ? undefined : validBoolean(body.public, 'public');
    const collaborative =
      body.collaborative === undefined ? undefined : validBoolean(body.collaborative, 'collaborative');
    await change(
      ctx.db,
      res,
      id,
      // Making a playlist public or private needs the scope of its new visibility too.
      { ownerOnly: true, scopes: () => (isPublic === undefined ? [] : [modifyScope(isPublic)]) },
      async (tx) => {
        const after = await store.updateDetails(tx, id, { name, description, public: isPublic, collaborative });
        if (after?.public && after.collaborative) throw badRequest('A collaborative playlist cannot be public');
      },
    );
    res.status(200).end();
  };
}

function followPlaylist(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const isPublic = body.public === undefined ? true : validBoolean(body.public, 'public');
    const userId = getAuth(res).userId ?? '';
    requireScope(res, modifyScope(isPublic));
    const row = await store.findPlaylist(ctx.db, id, userId);
    // A collaborative playlist's id is its invitation: following it makes a collaborator.
    if (!row || !(readable(row, userId) || row.collaborative)) throw notFound('Playlist not found');
    await store.follow(ctx.db, userId, id, isPublic);
    res.status(200).end();
  };
}

function unfollowPlaylist(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const userId = getAuth(res).userId ?? '';
    const row = await store.findPlaylist(ctx.db, id, userId);
    if (!row || !readable(row, userId)) throw notFound('Playlist not found');
    const follow = await store.findFollow(ctx.db, userId, id);
    const scopes = getAuth(res).scopes;
    const allowed = follow
      ? scopes.has(modifyScope(follow.public))
      : scopes.has(modifyScope(true)) || scopes.has(modifyScope(false));
    if (!allowed) throw new ApiError(403, 'Insufficient client scope');
    await store.unfollow(ctx.db, userId, id);
    res.status(200).end();
  };
}

function followersContain(ctx: PlaylistContext): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const auth = getAuth(res);
    const raw = optionalParam(req, 'ids');
    const ids = raw === undefined ? (auth.userId === null ? [] : [auth.userId]) : raw.split(',');
    if (ids.length === 0) throw badRequest('Missing required parameter: ids');
    // Spotify now checks a single user, the current one by default.
    if (ids.length > 1) throw badRequest('Too many ids requested: at most 1');
    const users = ids.map(userIdParam);
    await requireReadable(ctx, res, id);
    const following = new Set(await store.followersAmong(ctx.db, id, users, auth.userId));
    res.json(users.map((user) => following.has(user)));
  };
}

export function playlistRoutes(deps: PlaylistDeps): Router {
  const ctx: PlaylistContext = { ...deps, items: new PlaylistItems(deps.db) };
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
  // The cover arrives as base64 text of Content-Type image/jpeg, at most 256 KB (Spotify's limit).
  const jpegText = express.text({ type: 'image/jpeg', limit: maxCoverBytes });

  router.get('/playlists/:playlist_id', getPlaylist(ctx));
  router.get('/playlists/:playlist_id/items', getItems(ctx));
  router.get('/playlists/:playlist_id/images', getImages(ctx));
  router.put('/playlists/:playlist_id/images', requireUser, jpegText, putImage(ctx));
  router.get('/me/playlists', requireUser, getMyPlaylists(ctx));
  router.get('/users/:user_id/playlists', getUserPlaylists(ctx));
  router.post('/me/playlists', requireUser, json, (req, res) => create(ctx, req, res, getAuth(res).userId ?? ''));
  router.post('/users/:user_id/playlists', requireUser, json, (req, res) =>
    create(ctx, req, res, userIdParam(req.params.user_id)),
  );
  router.put('/playlists/:playlist_id', requireUser, json, putDetails(ctx));
  router.post('/playlists/:playlist_id/items', requireUser, json, addItems(ctx.db));
  router.put('/playlists/:playlist_id/items', requireUser, json, replaceOrReorderItems(ctx.db));
  router.delete('/playlists/:playlist_id/items', requireUser, json, removeItems(ctx.db));
  router.put('/playlists/:playlist_id/followers', requireUser, json, followPlaylist(ctx));
  router.delete('/playlists/:playlist_id/followers', requireUser, unfollowPlaylist(ctx));
  router.get('/playlists/:playlist_id/followers/contains', followersContain(ctx));
  return router;
}
