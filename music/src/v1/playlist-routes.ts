import { createHash } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireUser } from '../accounts/middleware';
import { catalogIdFor } from '../catalog/random';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest, notFound } from '../errors';
import type { CatalogStore } from './catalog-store';
import * as objects from './objects';
import { offsetPage, stringQuery } from './paging';
import { catalogId, integerParam, marketParam, pageParams, urisParam, userIdParam } from './params';
import type { Profile } from './profile';

interface PlaylistDeps {
  db: Database;
  store: CatalogStore;
  urls: objects.Urls;
  profile: () => Profile;
}

interface PlaylistRow {
  id: string;
  owner_id: string;
  owner_name: string | null;
  name: string;
  description: string | null;
  public: boolean;
  collaborative: boolean;
  snapshot_id: string;
  total: number;
  followers: number;
}

const playlistColumns = `p.id, p.owner_id, u.display_name AS owner_name, p.name, p.description, p.public, p.collaborative,
  p.snapshot_id, (SELECT count(*) FROM playlist_items i WHERE i.playlist_id = p.id) AS total,
  (SELECT count(*) FROM followed_playlists f WHERE f.playlist_id = p.id) AS followers`;

function record(row: PlaylistRow): objects.PlaylistRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public,
    collaborative: row.collaborative,
    snapshotId: row.snapshot_id,
    owner: { id: row.owner_id, displayName: row.owner_name },
    totalItems: row.total,
    followers: row.followers,
  };
}

/** A new snapshot id: a hash of the previous one and the change, so every version has its own. */
function nextSnapshot(previous: string, change: string): string {
  return createHash('sha256').update(`${previous}:${change}:${Date.now()}`).digest('base64url').slice(0, 32);
}

async function loadPlaylist(db: Queryable, id: string): Promise<PlaylistRow | undefined> {
  const { rows } = await db.query<PlaylistRow & Record<string, unknown>>(
    `SELECT ${playlistColumns} FROM playlists p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = $1`,
    [id],
  );
  return rows[0];
}

/** Anyone may read a public playlist; a private one only its owner (or collaborators of a collaborative one). */
function readable(row: PlaylistRow, userId: string | null): boolean {
  return row.public || row.owner_id === userId || (row.collaborative && userId !== null);
}

function changeable(row: Pick<PlaylistRow, 'owner_id' | 'collaborative'>, userId: string): boolean {
  return row.owner_id === userId || row.collaborative;
}

/** Playlists: reading them and their items, creating them, adding items. */
export function playlistRoutes({ db, store, urls, profile }: PlaylistDeps): Router {
  const router = express.Router();
  const here = (req: Request): string => `${urls.api}${req.path}`;

  async function itemsPage(playlistId: string, page: { limit: number; offset: number }) {
    const { rows } = await db.query<
      { track_id: string | null; added_at: Date; added_by: string | null } & Record<string, unknown>
    >(
      `SELECT track_id, added_at, added_by FROM playlist_items WHERE playlist_id = $1 ORDER BY position LIMIT $2 OFFSET $3`,
      [playlistId, page.limit, page.offset],
    );
    const tracks = await store.tracks(rows.flatMap((row) => (row.track_id ? [row.track_id] : [])));
    return rows.flatMap((row) => {
      const track = row.track_id ? tracks.get(row.track_id) : undefined;
      if (!track) return [];
      const item = objects.track(urls, track);
      return [
        {
          added_at: row.added_at.toISOString(),
          added_by: row.added_by ? objects.playlistUser(urls, row.added_by) : null,
          is_local: false,
          item,
          track: item,
        },
      ];
    });
  }

  async function requireReadable(res: Response, id: string): Promise<PlaylistRow> {
    const row = await loadPlaylist(db, id);
    if (!row || !readable(row, getAuth(res).userId)) throw notFound('Playlist not found');
    return row;
  }

  router.get('/playlists/:playlist_id', async (req, res) => {
    marketParam(req);
    const row = await requireReadable(res, catalogId(req.params.playlist_id));
    const page = { limit: 100, offset: 0 };
    const items = await itemsPage(row.id, page);
    res.json(
      objects.playlist(
        urls,
        record(row),
        offsetPage(`${urls.api}/playlists/${row.id}/items`, {}, items, page, row.total),
      ),
    );
  });

  router.get('/playlists/:playlist_id/items', async (req, res) => {
    marketParam(req);
    const row = await requireReadable(res, catalogId(req.params.playlist_id));
    const userId = getAuth(res).userId;
    // Development-mode apps see the items only of playlists the user owns or collaborates on.
    if (profile() === 'development' && row.owner_id !== userId && !(row.collaborative && userId !== null)) {
      throw new ApiError(403, 'Forbidden');
    }
    const page = pageParams(req, '/playlists/{playlist_id}/items');
    res.json(offsetPage(here(req), stringQuery(req.query), await itemsPage(row.id, page), page, row.total));
  });

  async function listPlaylists(req: Request, ownerOrFollower: string, onlyPublic: boolean) {
    const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
    const offset = integerParam(req, 'offset', { default: 0, minimum: 0, maximum: 100_000 });
    const { rows } = await db.query<PlaylistRow & { total_lists: number } & Record<string, unknown>>(
      `SELECT ${playlistColumns}, count(*) OVER () AS total_lists
       FROM playlists p LEFT JOIN users u ON u.id = p.owner_id
       LEFT JOIN followed_playlists f ON f.playlist_id = p.id AND f.user_id = $1
       WHERE (p.owner_id = $1 OR f.user_id IS NOT NULL) AND (NOT $2::boolean OR (p.public AND coalesce(f.public, true)))
       ORDER BY coalesce(f.followed_at, p.created_at) DESC, p.id LIMIT $3 OFFSET $4`,
      [ownerOrFollower, onlyPublic, limit, offset],
    );
    const total = rows[0]?.total_lists ?? 0;
    return offsetPage(
      here(req),
      stringQuery(req.query),
      rows.map((row) => objects.simplifiedPlaylist(urls, record(row))),
      { limit, offset },
      total,
    );
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

  async function create(req: Request, res: Response, ownerId: string): Promise<void> {
    const auth = getAuth(res);
    if (auth.userId !== ownerId) throw new ApiError(403, 'You cannot create a playlist for another user');
    const body = (req.body ?? {}) as {
      name?: unknown;
      public?: unknown;
      collaborative?: unknown;
      description?: unknown;
    };
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 100) {
      throw badRequest('Missing or invalid name: 1 to 100 characters');
    }
    const isPublic = body.public === undefined ? true : body.public === true;
    const collaborative = body.collaborative === true;
    if (collaborative && isPublic) throw badRequest('A collaborative playlist cannot be public');
    if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 300)) {
      throw badRequest('Invalid description: at most 300 characters');
    }
    if (!auth.scopes.has(isPublic ? 'playlist-modify-public' : 'playlist-modify-private')) {
      throw new ApiError(403, 'Insufficient client scope');
    }
    const id = catalogIdFor(`user:${ownerId}`, 'playlist', Date.now() * 1000 + Math.floor(Math.random() * 1000));
    await db.query(
      `INSERT INTO playlists (id, owner_id, name, description, public, collaborative, snapshot_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, ownerId, body.name.trim(), body.description ?? null, isPublic, collaborative, nextSnapshot(id, 'created')],
    );
    const row = await loadPlaylist(db, id);
    if (!row) throw new Error('The new playlist vanished.');
    res
      .status(201)
      .json(
        objects.playlist(
          urls,
          record(row),
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

  router.post('/playlists/:playlist_id/items', requireUser, json, async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const userId = getAuth(res).userId ?? '';
    const body = (req.body ?? {}) as { uris?: unknown; position?: unknown };
    const uris = urisParam(body.uris ?? req.query.uris, 100, new Set(['track']));
    const rawPosition =
      body.position ?? (typeof req.query.position === 'string' ? Number(req.query.position) : undefined);
    if (
      rawPosition !== undefined &&
      (typeof rawPosition !== 'number' || !Number.isInteger(rawPosition) || rawPosition < 0)
    ) {
      throw badRequest('Invalid position');
    }
    const snapshot = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        owner_id: string;
        collaborative: boolean;
        public: boolean;
        snapshot_id: string;
      }>('SELECT owner_id, collaborative, public, snapshot_id FROM playlists WHERE id = $1 FOR UPDATE', [id]);
      const row = rows[0];
      // Someone else's private playlist does not exist for this user.
      if (!row || !(row.public || row.owner_id === userId || row.collaborative)) throw notFound('Playlist not found');
      if (!changeable(row, userId)) {
        throw new ApiError(403, 'You cannot change this playlist');
      }
      const scopes = getAuth(res).scopes;
      if (!scopes.has(row.public ? 'playlist-modify-public' : 'playlist-modify-private'))
        throw new ApiError(403, 'Insufficient client scope');
      const ids = uris.map((uri) => uri.id);
      const { rows: known } = await tx.query<{ id: string }>('SELECT id FROM tracks WHERE id = ANY($1::text[])', [
        [...new Set(ids)],
      ]);
      if (known.length !== new Set(ids).size) throw badRequest('Unknown track uri');
      const { rows: counts } = await tx.query<{ n: number }>(
        'SELECT count(*) AS n FROM playlist_items WHERE playlist_id = $1',
        [id],
      );
      const length = counts[0]?.n ?? 0;
      const position = rawPosition === undefined ? length : Math.min(rawPosition, length);
      // Positions are checked at commit, so the shift and the insert can pass through each other.
      await tx.query('UPDATE playlist_items SET position = position + $2 WHERE playlist_id = $1 AND position >= $3', [
        id,
        ids.length,
        position,
      ]);
      await tx.query(
        `INSERT INTO playlist_items (playlist_id, position, track_id, added_by, added_at)
         SELECT $1, $2 + ordinality - 1, track_id, $3, now() FROM unnest($4::text[]) WITH ORDINALITY AS t(track_id, ordinality)`,
        [id, position, userId, ids],
      );
      const snapshotId = nextSnapshot(row.snapshot_id, `add:${ids.join(',')}@${position}`);
      await tx.query('UPDATE playlists SET snapshot_id = $2, updated_at = now() WHERE id = $1', [id, snapshotId]);
      return snapshotId;
    });
    res.status(201).json({ snapshot_id: snapshot });
  });

  return router;
}
