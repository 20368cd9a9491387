import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireUser } from '../accounts/middleware';
import { catalogIdFor } from '../catalog/random';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest, notFound } from '../errors';
import { fieldsParam, selectFields } from './fields';
import * as objects from './objects';
import { offsetPage, stringQuery } from './paging';
import {
  catalogId,
  integerParam,
  marketParam,
  optionalParam,
  pageParams,
  urisParam,
  userIdParam,
  type ParsedUri,
  type UriType,
} from './params';
import { loadEpisodes } from './playlist-episodes';
import { maxCoverBytes, parseCover, saveCover } from './playlist-covers';
import { PlaylistItems } from './playlist-items';
import type { PreparedCatalog } from './prepared-catalog';
import { sendJson } from './prepared-json';
import type { ShowCatalog } from './show-catalog';
import { playlistColumns, playlistRecord, type PlaylistRow as BaseRow } from './playlist-records';
import { nextSnapshot, snapshotBelongs, snapshotFor } from './playlist-snapshots';
import type { Profile } from './profile';

interface PlaylistDeps {
  db: Database;
  shows: ShowCatalog;
  urls: objects.Urls;
  profile: () => Profile;
  /** The catalog's tracks as prepared JSON. */
  prepared: PreparedCatalog;
}

interface PlaylistRow extends BaseRow {
  /** Whether the requesting user follows the playlist. */
  followed: boolean;
}

type Access = Pick<PlaylistRow, 'owner_id' | 'public' | 'collaborative' | 'followed'>;

const itemTypes = new Set<UriType>(['track', 'episode']);

/** Spotify's limit on the items of one add, replace or remove. */
const maxItemsPerChange = 100;

async function loadPlaylist(db: Queryable, id: string, userId: string | null): Promise<PlaylistRow | undefined> {
  const { rows } = await db.query<PlaylistRow & Record<string, unknown>>(
    `SELECT ${playlistColumns},
       EXISTS (SELECT 1 FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id = $2) AS followed
     FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = $1`,
    [id, userId],
  );
  return rows[0];
}

/**
 * A collaborator of a collaborative playlist is someone who follows it: the playlist's id is
 * its invitation, and following it joins it.
 */
function collaborator(row: Access, userId: string | null): boolean {
  return row.collaborative && userId !== null && row.followed;
}

/** Anyone may read a public playlist; a private one only its owner and its collaborators. */
function readable(row: Access, userId: string | null): boolean {
  return row.public || row.owner_id === userId || collaborator(row, userId);
}

function changeable(row: Access, userId: string): boolean {
  return row.owner_id === userId || collaborator(row, userId);
}

function modifyScope(isPublic: boolean): string {
  return isPublic ? 'playlist-modify-public' : 'playlist-modify-private';
}

function requireScope(res: Response, scope: string): void {
  if (!getAuth(res).scopes.has(scope)) throw new ApiError(403, 'Insufficient client scope');
}

/** A JSON body as an object (an absent body is an empty one). */
function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body: expected an object');
  return body as Record<string, unknown>;
}

function optionalSnapshot(body: Record<string, unknown>): string | undefined {
  const value = body.snapshot_id;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw badRequest('Invalid snapshot_id');
  return value;
}

function bodyInteger(body: Record<string, unknown>, name: string, minimum: number): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) throw badRequest(`Invalid ${name}`);
  return value;
}

/** Fails the request (and its transaction) when a track or episode does not exist. */
async function requireItemsExist(tx: Queryable, uris: readonly ParsedUri[]): Promise<void> {
  for (const [type, table] of [
    ['track', 'tracks'],
    ['episode', 'episodes'],
  ] as const) {
    const ids = [...new Set(uris.filter((uri) => uri.type === type).map((uri) => uri.id))];
    if (ids.length === 0) continue;
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::text[])`, [
      ids,
    ]);
    if ((rows[0]?.n ?? 0) !== ids.length) throw badRequest(`Unknown ${type} uri`);
  }
}

/** Inserts `uris` at `position` onwards; the caller has made room. */
async function insertItems(
  tx: Queryable,
  playlistId: string,
  position: number,
  uris: readonly ParsedUri[],
  userId: string,
): Promise<void> {
  if (uris.length === 0) return;
  await tx.query(
    `INSERT INTO playlist_items (playlist_id, position, track_id, episode_id, added_by, added_at)
     SELECT $1, $2 + ordinality - 1, track_id, episode_id, $3, now()
     FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS t(track_id, episode_id, ordinality)`,
    [
      playlistId,
      position,
      userId,
      uris.map((uri) => (uri.type === 'track' ? uri.id : null)),
      uris.map((uri) => (uri.type === 'episode' ? uri.id : null)),
    ],
  );
}

async function itemCount(tx: Queryable, playlistId: string): Promise<number> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = $1', [
    playlistId,
  ]);
  return rows[0]?.n ?? 0;
}

/** Numbers the items 0, 1, 2… again in their order, after some were removed. */
async function renumber(tx: Queryable, playlistId: string): Promise<void> {
  await tx.query(
    `UPDATE playlist_items p SET position = r.rn - 1
     FROM (SELECT id, row_number() OVER (ORDER BY position) AS rn FROM playlist_items WHERE playlist_id = $1) r
     WHERE p.id = r.id AND p.position <> r.rn - 1`,
    [playlistId],
  );
}

/** The items in their new order when `length` items from `start` move before `insertBefore`. */
function reordered<T>(items: readonly T[], start: number, length: number, insertBefore: number): T[] {
  const moved = items.slice(start, start + length);
  const rest = [...items.slice(0, start), ...items.slice(start + length)];
  // `insertBefore` counts in the order before the move; inside the range, nothing moves.
  const at = insertBefore <= start ? insertBefore : Math.max(start, insertBefore - length);
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/** Playlists: reading, creating and changing them and their items, and following them. */
export function playlistRoutes({ db, shows, urls, profile, prepared }: PlaylistDeps): Router {
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;
  const playlistItems = new PlaylistItems(db);

  /**
   * A page of the playlist's items: tracks copied in as prepared JSON, episodes built (they
   * carry the listener's resume points).
   */
  async function itemsPage(res: Response, playlist: PlaylistRow, page: { limit: number; offset: number }) {
    const rows = await playlistItems.page(playlist.id, playlist.snapshot_id, page);
    const auth = getAuth(res);
    const tracks = await prepared.tracks(rows.flatMap((row) => (row.trackId ? [row.trackId] : [])));
    const episodes = await loadEpisodes(
      shows,
      db,
      rows.flatMap((row) => (row.episodeId ? [row.episodeId] : [])),
      auth.scopes.has('user-read-playback-position') ? auth.userId : null,
    );
    return rows.flatMap((row) => {
      const track = row.trackId ? tracks.get(row.trackId) : undefined;
      const episode = row.episodeId ? episodes.get(row.episodeId) : undefined;
      const item = track ?? (episode ? objects.episode(urls, episode) : undefined);
      if (!item) return [];
      return [
        {
          added_at: row.addedAt,
          added_by: row.addedBy ? objects.playlistUser(urls, row.addedBy) : null,
          is_local: false,
          item,
          track: item,
        },
      ];
    });
  }

  async function requireReadable(res: Response, id: string): Promise<PlaylistRow> {
    const row = await loadPlaylist(db, id, getAuth(res).userId);
    if (!row || !readable(row, getAuth(res).userId)) throw notFound('Playlist not found');
    return row;
  }

  /** `additional_types`: track and episode; both kinds are always answered in their own shapes. */
  function additionalTypes(req: Request): void {
    const raw = optionalParam(req, 'additional_types');
    if (raw === undefined) return;
    for (const type of raw.split(',')) {
      if (type !== 'track' && type !== 'episode') throw badRequest('Invalid additional_types');
    }
  }

  router.get('/playlists/:playlist_id', async (req, res) => {
    marketParam(req);
    additionalTypes(req);
    const fields = fieldsParam(req);
    const row = await requireReadable(res, catalogId(req.params.playlist_id));
    const userId = getAuth(res).userId;
    // Development-mode apps get the items only of playlists the user owns or collaborates on.
    if (profile() === 'development' && (userId === null || !changeable(row, userId))) {
      const { items: _hidden, ...withoutItems } = objects.playlist(urls, playlistRecord(row), null);
      res.json(selectFields(withoutItems, fields));
      return;
    }
    const page = { limit: 100, offset: 0 };
    const items = await itemsPage(res, row, page);
    const playlist = objects.playlist(
      urls,
      playlistRecord(row),
      offsetPage(`${urls.api}/playlists/${row.id}/items`, {}, items, page, row.total),
    );
    sendJson(req, res, selectFields(playlist, fields));
  });

  router.get('/playlists/:playlist_id/items', async (req, res) => {
    marketParam(req);
    additionalTypes(req);
    const fields = fieldsParam(req);
    const row = await requireReadable(res, catalogId(req.params.playlist_id));
    const userId = getAuth(res).userId;
    // Development-mode apps see the items only of playlists the user owns or collaborates on.
    if (profile() === 'development' && (userId === null || !changeable(row, userId))) {
      throw new ApiError(403, 'Forbidden');
    }
    const page = pageParams(req, '/playlists/{playlist_id}/items');
    const items = offsetPage(here(req), stringQuery(req.query), await itemsPage(res, row, page), page, row.total);
    sendJson(req, res, selectFields(items, fields));
  });

  router.get('/playlists/:playlist_id/images', async (req, res) => {
    const row = await requireReadable(res, catalogId(req.params.playlist_id));
    res.json(objects.playlistImages(urls, playlistRecord(row)));
  });

  // The cover arrives as base64 text of Content-Type image/jpeg, at most 256 KB (Spotify's limit).
  const jpegText = express.text({ type: 'image/jpeg', limit: maxCoverBytes });
  router.put('/playlists/:playlist_id/images', requireUser, jpegText, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    if (!req.is('image/jpeg')) throw badRequest('Invalid Content-Type: send the image as image/jpeg');
    const cover = parseCover(req.body);
    // The owner's to change, like the playlist's other details, with the scope to upload images.
    await change(res, id, { ownerOnly: true, scopes: () => ['ugc-image-upload'] }, (tx) => saveCover(tx, id, cover));
    res.status(202).end();
  });

  async function listPlaylists(req: Request, ownerOrFollower: string, onlyPublic: boolean) {
    const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
    const offset = integerParam(req, 'offset', { default: 0, minimum: 0, maximum: 100_000 });
    const { rows } = await db.query<PlaylistRow & { total_lists: number } & Record<string, unknown>>(
      `SELECT ${playlistColumns}, count(*) OVER () AS total_lists
       FROM followed_playlists f JOIN playlists p ON p.id = f.playlist_id LEFT JOIN users u ON u.id = p.owner_id
       WHERE f.user_id = $1 AND (NOT $2::boolean OR (p.public AND f.public))
       ORDER BY f.followed_at DESC, p.id LIMIT $3 OFFSET $4`,
      [ownerOrFollower, onlyPublic, limit, offset],
    );
    const total = rows[0]?.total_lists ?? (await countPlaylists(ownerOrFollower, onlyPublic));
    return offsetPage(
      here(req),
      stringQuery(req.query),
      rows.map((row) => objects.simplifiedPlaylist(urls, playlistRecord(row))),
      { limit, offset },
      total,
    );
  }

  async function countPlaylists(ownerOrFollower: string, onlyPublic: boolean): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM followed_playlists f JOIN playlists p ON p.id = f.playlist_id
       WHERE f.user_id = $1 AND (NOT $2::boolean OR (p.public AND f.public))`,
      [ownerOrFollower, onlyPublic],
    );
    return rows[0]?.n ?? 0;
  }

  router.get('/me/playlists', requireUser, async (req, res) => {
    const auth = getAuth(res);
    const userId = auth.userId ?? '';
    // Private playlists need their scope; without it, the list shows the public ones.
    res.json(await listPlaylists(req, userId, !auth.scopes.has('playlist-read-private')));
  });

  router.get('/users/:user_id/playlists', async (req, res) => {
    const userId = userIdParam(req.params.user_id);
    const auth = getAuth(res);
    res.json(await listPlaylists(req, userId, !(auth.userId === userId && auth.scopes.has('playlist-read-private'))));
  });

  const json = express.json({ limit: '100kb' });

  function validName(value: unknown): string {
    if (typeof value !== 'string' || value.trim() === '' || value.length > 100) {
      throw badRequest('Missing or invalid name: 1 to 100 characters');
    }
    return value.trim();
  }

  function validDescription(value: unknown): string {
    if (typeof value !== 'string' || value.length > 300) {
      throw badRequest('Invalid description: at most 300 characters');
    }
    return value;
  }

  function validBoolean(value: unknown, name: string): boolean {
    if (typeof value !== 'boolean') throw badRequest(`Invalid ${name}: expected true or false`);
    return value;
  }

  async function create(req: Request, res: Response, ownerId: string): Promise<void> {
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
    // The owner follows a new playlist, as on Spotify: it is in their library until they unfollow (delete) it.
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO playlists (id, owner_id, name, description, public, collaborative, snapshot_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, ownerId, name, description, isPublic, collaborative, snapshotFor(id, 1)],
      );
      await tx.query('INSERT INTO followed_playlists (user_id, playlist_id, public) VALUES ($1, $2, $3)', [
        ownerId,
        id,
        isPublic,
      ]);
    });
    const row = await loadPlaylist(db, id, ownerId);
    if (!row) throw new Error('The new playlist vanished.');
    res
      .status(201)
      .json(
        objects.playlist(
          urls,
          playlistRecord(row),
          offsetPage(`${urls.api}/playlists/${id}/items`, {}, [], { limit: 100, offset: 0 }, 0),
        ),
      );
  }

  router.post('/me/playlists', requireUser, json, async (req, res) => {
    await create(req, res, getAuth(res).userId ?? '');
  });

  router.post('/users/:user_id/playlists', requireUser, json, async (req, res) => {
    await create(req, res, userIdParam(req.params.user_id));
  });

  interface Change {
    /** Only the owner may make it (details); otherwise collaborators may too (items). */
    ownerOnly?: boolean;
    /** The snapshot the client made the change against. */
    snapshotId?: string;
    /** Scopes beyond the one for the playlist's present visibility. */
    scopes?: (row: Access) => string[];
  }

  /**
   * Changes a playlist in one transaction that holds its row, so concurrent changes apply one
   * after the other; answers the new snapshot id. Someone else's private playlist is not found,
   * a playlist the user cannot change is forbidden.
   */
  async function change(
    res: Response,
    playlistId: string,
    options: Change,
    apply: (tx: Queryable, userId: string) => Promise<void>,
  ): Promise<string> {
    const userId = getAuth(res).userId ?? '';
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<Access & { snapshot_id: string }>(
        `SELECT p.owner_id, p.public, p.collaborative, p.snapshot_id,
           EXISTS (SELECT 1 FROM followed_playlists f WHERE f.playlist_id = p.id AND f.user_id = $2) AS followed
         FROM playlists p WHERE p.id = $1 FOR UPDATE`,
        [playlistId, userId],
      );
      const row = rows[0];
      if (!row || !readable(row, userId)) throw notFound('Playlist not found');
      if (options.ownerOnly ? row.owner_id !== userId : !changeable(row, userId)) {
        throw new ApiError(403, 'You cannot change this playlist');
      }
      for (const scope of [modifyScope(row.public), ...(options.scopes?.(row) ?? [])]) requireScope(res, scope);
      if (options.snapshotId !== undefined && !snapshotBelongs(playlistId, row.snapshot_id, options.snapshotId)) {
        throw badRequest('Invalid snapshot_id: not a snapshot of this playlist');
      }
      await apply(tx, userId);
      const snapshotId = nextSnapshot(playlistId, row.snapshot_id);
      await tx.query('UPDATE playlists SET snapshot_id = $2, updated_at = now() WHERE id = $1', [
        playlistId,
        snapshotId,
      ]);
      return snapshotId;
    });
  }

  router.put('/playlists/:playlist_id', requireUser, json, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const name = body.name === undefined ? undefined : validName(body.name);
    const description = body.description === undefined ? undefined : validDescription(body.description);
    const isPublic = body.public === undefined ? undefined : validBoolean(body.public, 'public');
    const collaborative =
      body.collaborative === undefined ? undefined : validBoolean(body.collaborative, 'collaborative');
    await change(
      res,
      id,
      // Making a playlist public or private needs the scope of its new visibility too.
      { ownerOnly: true, scopes: () => (isPublic === undefined ? [] : [modifyScope(isPublic)]) },
      async (tx) => {
        const { rows } = await tx.query<{ public: boolean; collaborative: boolean }>(
          `UPDATE playlists SET name = coalesce($2, name), description = coalesce($3, description),
             public = coalesce($4, public), collaborative = coalesce($5, collaborative)
           WHERE id = $1 RETURNING public, collaborative`,
          [id, name ?? null, description ?? null, isPublic ?? null, collaborative ?? null],
        );
        const after = rows[0];
        if (after?.public && after.collaborative) throw badRequest('A collaborative playlist cannot be public');
      },
    );
    res.status(200).end();
  });

  router.post('/playlists/:playlist_id/items', requireUser, json, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const uris = urisParam(body.uris ?? req.query.uris, maxItemsPerChange, itemTypes);
    let position = bodyInteger(body, 'position', 0);
    if (position === undefined && req.query.position !== undefined) {
      position = integerParam(req, 'position', { default: 0, minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
    }
    const snapshotId = await change(res, id, {}, async (tx, userId) => {
      await requireItemsExist(tx, uris);
      const length = await itemCount(tx, id);
      const at = position === undefined ? length : Math.min(position, length);
      // Positions are checked at commit, so the shift and the insert can pass through each other.
      await tx.query('UPDATE playlist_items SET position = position + $2 WHERE playlist_id = $1 AND position >= $3', [
        id,
        uris.length,
        at,
      ]);
      await insertItems(tx, id, at, uris, userId);
    });
    res.status(201).json({ snapshot_id: snapshotId });
  });

  router.put('/playlists/:playlist_id/items', requireUser, json, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const rawUris = body.uris ?? req.query.uris;
    const reorder = ['range_start', 'insert_before', 'range_length'].some((name) => body[name] !== undefined);
    if (rawUris !== undefined && reorder) {
      throw badRequest('Give either uris to replace the items or a range to reorder them, not both');
    }
    if (rawUris !== undefined) {
      // An empty list clears the playlist.
      const uris =
        Array.isArray(rawUris) && rawUris.length === 0 ? [] : urisParam(rawUris, maxItemsPerChange, itemTypes);
      const snapshotId = await change(res, id, { snapshotId: optionalSnapshot(body) }, async (tx, userId) => {
        await requireItemsExist(tx, uris);
        await tx.query('DELETE FROM playlist_items WHERE playlist_id = $1', [id]);
        await insertItems(tx, id, 0, uris, userId);
      });
      res.status(200).json({ snapshot_id: snapshotId });
      return;
    }
    const rangeStart = bodyInteger(body, 'range_start', 0);
    const insertBefore = bodyInteger(body, 'insert_before', 0);
    const rangeLength = bodyInteger(body, 'range_length', 1) ?? 1;
    if (rangeStart === undefined) throw badRequest('Missing required parameter: range_start');
    if (insertBefore === undefined) throw badRequest('Missing required parameter: insert_before');
    const snapshotId = await change(res, id, { snapshotId: optionalSnapshot(body) }, async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        'SELECT id FROM playlist_items WHERE playlist_id = $1 ORDER BY position',
        [id],
      );
      if (rangeStart + rangeLength > rows.length) throw badRequest('Invalid range: past the end of the playlist');
      if (insertBefore > rows.length) throw badRequest('Invalid insert_before: past the end of the playlist');
      const order = reordered(
        rows.map((row) => row.id),
        rangeStart,
        rangeLength,
        insertBefore,
      );
      const moved = order.flatMap((itemId, position) => (rows[position]?.id === itemId ? [] : [[itemId, position]]));
      if (moved.length === 0) return;
      await tx.query(
        `UPDATE playlist_items p SET position = t.position
         FROM unnest($2::bigint[], $3::int[]) AS t(id, position) WHERE p.playlist_id = $1 AND p.id = t.id`,
        [id, moved.map((entry) => entry[0]), moved.map((entry) => entry[1])],
      );
    });
    res.status(200).json({ snapshot_id: snapshotId });
  });

  router.delete('/playlists/:playlist_id/items', requireUser, json, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    // `tracks` is the key's name before 2026.
    const list = body.items ?? body.tracks;
    if (list === undefined) throw badRequest('Missing required parameter: items');
    if (!Array.isArray(list) || list.length === 0) throw badRequest('Invalid items: expected a list of { uri }');
    if (list.length > maxItemsPerChange) throw badRequest(`Too many items: at most ${maxItemsPerChange}`);
    const uris = urisParam(
      list.map((entry: unknown) => {
        const uri = typeof entry === 'object' && entry !== null ? (entry as { uri?: unknown }).uri : undefined;
        if (typeof uri !== 'string') throw badRequest('Invalid items: expected a list of { uri }');
        return uri;
      }),
      maxItemsPerChange,
      itemTypes,
    );
    const ofType = (type: UriType) => [...new Set(uris.filter((uri) => uri.type === type).map((uri) => uri.id))];
    const snapshotId = await change(res, id, { snapshotId: optionalSnapshot(body) }, async (tx) => {
      await tx.query(
        `DELETE FROM playlist_items WHERE playlist_id = $1
           AND (track_id = ANY($2::text[]) OR episode_id = ANY($3::text[]))`,
        [id, ofType('track'), ofType('episode')],
      );
      await renumber(tx, id);
    });
    res.status(200).json({ snapshot_id: snapshotId });
  });

  router.put('/playlists/:playlist_id/followers', requireUser, json, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const isPublic = body.public === undefined ? true : validBoolean(body.public, 'public');
    const userId = getAuth(res).userId ?? '';
    requireScope(res, modifyScope(isPublic));
    const row = await loadPlaylist(db, id, userId);
    // A collaborative playlist's id is its invitation: following it makes a collaborator.
    if (!row || !(readable(row, userId) || row.collaborative)) throw notFound('Playlist not found');
    await db.query(
      `INSERT INTO followed_playlists (user_id, playlist_id, public) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, playlist_id) DO UPDATE SET public = EXCLUDED.public`,
      [userId, id, isPublic],
    );
    res.status(200).end();
  });

  router.delete('/playlists/:playlist_id/followers', requireUser, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const userId = getAuth(res).userId ?? '';
    const row = await loadPlaylist(db, id, userId);
    if (!row || !readable(row, userId)) throw notFound('Playlist not found');
    const { rows } = await db.query<{ public: boolean }>(
      'SELECT public FROM followed_playlists WHERE user_id = $1 AND playlist_id = $2',
      [userId, id],
    );
    const scopes = getAuth(res).scopes;
    const follow = rows[0];
    const allowed = follow
      ? scopes.has(modifyScope(follow.public))
      : scopes.has(modifyScope(true)) || scopes.has(modifyScope(false));
    if (!allowed) throw new ApiError(403, 'Insufficient client scope');
    await db.query('DELETE FROM followed_playlists WHERE user_id = $1 AND playlist_id = $2', [userId, id]);
    res.status(200).end();
  });

  router.get('/playlists/:playlist_id/followers/contains', async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const auth = getAuth(res);
    const raw = optionalParam(req, 'ids');
    const ids = raw === undefined ? (auth.userId === null ? [] : [auth.userId]) : raw.split(',');
    if (ids.length === 0) throw badRequest('Missing required parameter: ids');
    // Spotify now checks a single user, the current one by default.
    if (ids.length > 1) throw badRequest('Too many ids requested: at most 1');
    const users = ids.map(userIdParam);
    await requireReadable(res, id);
    const { rows } = await db.query<{ user_id: string }>(
      `SELECT user_id FROM followed_playlists WHERE playlist_id = $1 AND user_id = ANY($2::text[])
         AND (public OR user_id = $3)`,
      [id, users, auth.userId],
    );
    const following = new Set(rows.map((row) => row.user_id));
    res.json(users.map((user) => following.has(user)));
  });

  return router;
}
