import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest } from '../errors';
import * as engine from '../player/engine';
import type { CatalogStore } from './catalog-store';
import * as objects from './objects';
import { cursorPage, stringQuery } from './paging';
import { enumParam, integerParam, optionalParam, parseUri } from './params';

/**
 * The player, like Spotify Connect: one player per user, progressing with time, over devices.
 * A client may register itself as a playback device (an extension beyond Spotify's API, under
 * `/me/player/devices`), which is how a browser plays the audio itself. Each command applies
 * the player's rules (../player/engine) in one transaction, and finished items become plays.
 */

interface PlayerDeps {
  db: Database;
  store: CatalogStore;
  urls: objects.Urls;
  now?: () => number;
}

interface DeviceRow {
  id: string;
  name: string;
  type: string;
  is_private_session: boolean;
  is_restricted: boolean;
  supports_volume: boolean;
  volume_percent: number;
}

const deviceTypes = [
  'Computer',
  'Smartphone',
  'Speaker',
  'TV',
  'Tablet',
  'AVR',
  'STB',
  'AudioDongle',
  'GameConsole',
  'CastVideo',
  'CastAudio',
  'Automobile',
];

function playerError(error: engine.PlayerRuleError): ApiError {
  const status = error.reason === 'NO_ACTIVE_DEVICE' ? 404 : 403;
  return new ApiError(status, error.message, error.reason);
}

function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

async function loadState(tx: Queryable, userId: string, now: number, lock: boolean): Promise<engine.PlayerState> {
  const { rows } = await tx.query<{ state: engine.PlayerState }>(
    `SELECT state FROM player_states WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0]?.state ?? engine.emptyState(now);
}

/** Durations of every track the state can reach: its current item, queue and context. */
async function durations(
  tx: Queryable,
  state: engine.PlayerState,
  extra: readonly string[] = [],
): Promise<engine.DurationOf> {
  const uris = [state.itemUri, ...state.queue, ...(state.context?.items ?? []), ...extra].filter(
    (uri): uri is string => uri !== null,
  );
  const ids = [...new Set(uris.map((uri) => uri.split(':')[2] ?? ''))];
  const { rows } = await tx.query<{ id: string; duration_ms: number }>(
    'SELECT id, duration_ms FROM tracks WHERE id = ANY($1::text[])',
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row.duration_ms]));
  return (uri) => byId.get(uri.split(':')[2] ?? '') ?? 0;
}

async function saveStep(tx: Queryable, userId: string, step: engine.Step): Promise<void> {
  await tx.query(
    `INSERT INTO player_states (user_id, state, is_playing, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, is_playing = EXCLUDED.is_playing, updated_at = now()`,
    [userId, JSON.stringify(step.state), step.state.isPlaying],
  );
  const plays = step.plays.filter((play) => play.uri.startsWith('spotify:track:'));
  if (plays.length > 0) {
    await tx.query(
      `INSERT INTO plays (user_id, track_id, context_uri, played_at)
       SELECT $1, split_part(uri, ':', 3), context_uri, to_timestamp(at / 1000.0)
       FROM unnest($2::text[], $3::text[], $4::float8[]) AS t(uri, context_uri, at)`,
      [userId, plays.map((play) => play.uri), plays.map((play) => play.contextUri), plays.map((play) => play.playedAt)],
    );
  }
}

/** Spotify's context object for a context URI, or null for a plain list of tracks. */
function contextObject(urls: objects.Urls, uri: string | null) {
  if (!uri) return null;
  const parsed = parseUri(uri);
  const { href, external_urls } = objects.identity(urls, parsed.type as objects.ObjectType, parsed.id);
  return { type: parsed.type, href, external_urls, uri: parsed.uri };
}

/** The items of a context: an album's tracks, a playlist's items, an artist's top tracks. */
async function contextItems(db: Queryable, store: CatalogStore, uri: string): Promise<string[]> {
  const parsed = parseUri(uri, new Set(['album', 'playlist', 'artist']));
  let ids: string[];
  if (parsed.type === 'album') {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
      [parsed.id],
    );
    ids = rows.map((row) => row.id);
  } else if (parsed.type === 'playlist') {
    const { rows } = await db.query<{ track_id: string }>(
      'SELECT track_id FROM playlist_items WHERE playlist_id = $1 AND track_id IS NOT NULL ORDER BY position',
      [parsed.id],
    );
    ids = rows.map((row) => row.track_id);
  } else {
    ids = (await store.artistTopTracks(parsed.id)).map((track) => track.id);
  }
  if (ids.length === 0) throw new ApiError(404, 'Context not found or empty');
  return ids.map((id) => `spotify:track:${id}`);
}

export function playerRoutes({ db, store, urls, now = Date.now }: PlayerDeps): Router {
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
  const readState = requireScopes('user-read-playback-state');
  const modify = requireScopes('user-modify-playback-state');

  async function requirePremium(userId: string): Promise<void> {
    const { rows } = await db.query<{ product: string }>('SELECT product FROM users WHERE id = $1', [userId]);
    if (rows[0]?.product !== 'premium')
      throw new ApiError(403, 'Player command failed: Premium required', 'PREMIUM_REQUIRED');
  }

  async function requireDevice(tx: Queryable, userId: string, deviceId: string | undefined): Promise<void> {
    if (deviceId === undefined) return;
    const { rows } = await tx.query('SELECT 1 FROM devices WHERE id = $1 AND user_id = $2', [deviceId, userId]);
    if (rows.length === 0) throw new ApiError(404, 'Device not found', 'NO_ACTIVE_DEVICE');
  }

  /** Runs one command: the rules in a transaction, 204 on success, Spotify's reasons on failure. */
  function command(
    handler: (ctx: {
      tx: Queryable;
      req: Request;
      userId: string;
      state: engine.PlayerState;
      at: number;
    }) => Promise<engine.Step>,
  ) {
    return async (req: Request, res: Response): Promise<void> => {
      const userId = userOf(res);
      await requirePremium(userId);
      await db.transaction(async (tx) => {
        await requireDevice(tx, userId, optionalParam(req, 'device_id'));
        const at = now();
        const state = await loadState(tx, userId, at, true);
        try {
          await saveStep(tx, userId, await handler({ tx, req, userId, state, at }));
        } catch (error) {
          if (error instanceof engine.PlayerRuleError) throw playerError(error);
          throw error;
        }
      });
      res.status(204).end();
    };
  }

  async function devices(userId: string, state: engine.PlayerState) {
    const { rows } = await db.query<DeviceRow & Record<string, unknown>>(
      'SELECT id, name, type, is_private_session, is_restricted, supports_volume, volume_percent FROM devices WHERE user_id = $1 ORDER BY registered_at',
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      is_active: row.id === state.deviceId,
      is_private_session: row.is_private_session,
      is_restricted: row.is_restricted,
      name: row.name,
      type: row.type,
      volume_percent: row.id === state.deviceId ? state.volumePercent : row.volume_percent,
      supports_volume: row.supports_volume,
    }));
  }

  /** The state brought up to now, with the plays it completed recorded. */
  async function currentState(
    userId: string,
  ): Promise<{ state: engine.PlayerState; durationOf: engine.DurationOf; at: number }> {
    return db.transaction(async (tx) => {
      const at = now();
      const before = await loadState(tx, userId, at, true);
      const durationOf = await durations(tx, before);
      const step = engine.advance(before, at, durationOf);
      if (step.plays.length > 0 || step.state.isPlaying !== before.isPlaying) await saveStep(tx, userId, step);
      return { state: step.state, durationOf, at };
    });
  }

  async function playing(userId: string, withDevice: boolean) {
    const { state, durationOf, at } = await currentState(userId);
    if (!state.itemUri || !state.deviceId) return null;
    const trackId = state.itemUri.split(':')[2] ?? '';
    const track = (await store.tracks([trackId])).get(trackId);
    const body = {
      context: contextObject(urls, state.context?.uri ?? null),
      timestamp: at,
      progress_ms: engine.progressAt(state, at, durationOf),
      is_playing: state.isPlaying,
      item: track ? objects.track(urls, track) : null,
      currently_playing_type: 'track',
      actions: {
        interrupting_playback: false,
        pausing: !state.isPlaying,
        resuming: state.isPlaying,
        seeking: false,
        skipping_next: false,
        skipping_prev: false,
        toggling_repeat_context: false,
        toggling_shuffle: false,
        toggling_repeat_track: false,
        transferring_playback: false,
      },
    };
    if (!withDevice) return body;
    const device = (await devices(userId, state)).find((candidate) => candidate.id === state.deviceId);
    return device ? { device, repeat_state: state.repeat, shuffle_state: state.shuffle, ...body } : null;
  }

  router.get('/me/player', requireUser, readState, async (_req, res) => {
    const body = await playing(userOf(res), true);
    if (body) res.json(body);
    else res.status(204).end();
  });

  router.get(
    '/me/player/currently-playing',
    requireUser,
    requireScopes('user-read-currently-playing'),
    async (_req, res) => {
      const body = await playing(userOf(res), false);
      if (body) res.json(body);
      else res.status(204).end();
    },
  );

  router.get('/me/player/devices', requireUser, readState, async (_req, res) => {
    const userId = userOf(res);
    res.json({ devices: await devices(userId, (await currentState(userId)).state) });
  });

  // Extension: a client registers itself as a device that plays the audio.
  router.post('/me/player/devices', requireUser, modify, json, async (req, res) => {
    const body = (req.body ?? {}) as { name?: unknown; type?: unknown };
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 64)
      throw badRequest('Invalid name: 1 to 64 characters');
    const type = body.type === undefined ? 'Computer' : body.type;
    if (typeof type !== 'string' || !deviceTypes.includes(type))
      throw badRequest(`Invalid type: one of ${deviceTypes.join(', ')}`);
    const id = randomBytes(20).toString('hex');
    await db.query('INSERT INTO devices (id, user_id, name, type) VALUES ($1, $2, $3, $4)', [
      id,
      userOf(res),
      body.name.trim(),
      type,
    ]);
    res.status(201).json({
      id,
      is_active: false,
      is_private_session: false,
      is_restricted: false,
      name: body.name.trim(),
      type,
      volume_percent: 100,
      supports_volume: true,
    });
  });

  router.delete('/me/player/devices/:device_id', requireUser, modify, async (req, res) => {
    const userId = userOf(res);
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query('DELETE FROM devices WHERE id = $1 AND user_id = $2', [
        String(req.params.device_id),
        userId,
      ]);
      if (rowCount === 0) throw new ApiError(404, 'Device not found');
      const at = now();
      const state = await loadState(tx, userId, at, true);
      // The player stops when its device goes.
      if (state.deviceId === req.params.device_id) {
        const step = engine.transfer(state, '', false, at, await durations(tx, state));
        await saveStep(tx, userId, { state: { ...step.state, deviceId: null }, plays: step.plays });
      }
    });
    res.status(204).end();
  });

  router.put(
    '/me/player',
    requireUser,
    modify,
    json,
    command(async ({ tx, req, userId, state, at }) => {
      const body = (req.body ?? {}) as { device_ids?: unknown; play?: unknown };
      if (!Array.isArray(body.device_ids) || body.device_ids.length !== 1 || typeof body.device_ids[0] !== 'string') {
        throw badRequest('device_ids must hold exactly one device id');
      }
      await requireDevice(tx, userId, body.device_ids[0]);
      return engine.transfer(
        state,
        body.device_ids[0],
        typeof body.play === 'boolean' ? body.play : undefined,
        at,
        await durations(tx, state),
      );
    }),
  );

  router.put(
    '/me/player/play',
    requireUser,
    modify,
    json,
    command(async ({ tx, req, state, at }) => {
      const body = (req.body ?? {}) as {
        context_uri?: unknown;
        uris?: unknown;
        offset?: { position?: unknown; uri?: unknown };
        position_ms?: unknown;
      };
      const deviceId = optionalParam(req, 'device_id');
      let context: engine.PlayerContext | undefined;
      if (typeof body.context_uri === 'string') {
        context = { uri: body.context_uri, items: await contextItems(tx, store, body.context_uri) };
      } else if (Array.isArray(body.uris)) {
        const items = body.uris.map((uri) => {
          if (typeof uri !== 'string') throw badRequest('Invalid uris');
          return parseUri(uri, new Set(['track'])).uri;
        });
        if (items.length === 0 || items.length > 100) throw badRequest('uris must hold 1 to 100 track uris');
        context = { uri: null, items };
      } else if (body.context_uri !== undefined || body.uris !== undefined) {
        throw badRequest('Invalid context_uri or uris');
      }
      let offsetIndex: number | undefined;
      if (body.offset !== undefined) {
        if (!context) throw badRequest('An offset needs a context_uri or uris');
        if (typeof body.offset.position === 'number' && Number.isInteger(body.offset.position))
          offsetIndex = body.offset.position;
        else if (typeof body.offset.uri === 'string') {
          offsetIndex = context.items.indexOf(body.offset.uri);
          if (offsetIndex < 0) throw badRequest('The offset uri is not in the context');
        } else throw badRequest('Invalid offset');
      }
      const positionMs = body.position_ms === undefined ? undefined : Number(body.position_ms);
      if (positionMs !== undefined && (!Number.isInteger(positionMs) || positionMs < 0))
        throw badRequest('Invalid position_ms');
      const durationOf = await durations(tx, state, context?.items ?? []);
      return engine.play(state, { context, offsetIndex, positionMs, deviceId }, at, durationOf);
    }),
  );

  router.put(
    '/me/player/pause',
    requireUser,
    modify,
    command(async ({ tx, state, at }) => engine.pause(state, at, await durations(tx, state))),
  );
  router.post(
    '/me/player/next',
    requireUser,
    modify,
    command(async ({ tx, state, at }) => engine.next(state, at, await durations(tx, state))),
  );
  router.post(
    '/me/player/previous',
    requireUser,
    modify,
    command(async ({ tx, state, at }) => engine.previous(state, at, await durations(tx, state))),
  );
  router.put(
    '/me/player/seek',
    requireUser,
    modify,
    command(async ({ tx, req, state, at }) => {
      const position = integerParam(req, 'position_ms', { default: -1, minimum: 0, maximum: 24 * 3_600_000 });
      if (position < 0) throw badRequest('Missing required parameter: position_ms');
      return engine.seek(state, position, at, await durations(tx, state));
    }),
  );
  router.put(
    '/me/player/repeat',
    requireUser,
    modify,
    command(async ({ tx, req, state, at }) => {
      const repeat = enumParam(req, 'state', ['track', 'context', 'off'] as const);
      if (!repeat) throw badRequest('Missing required parameter: state');
      return engine.setRepeat(state, repeat, at, await durations(tx, state));
    }),
  );
  router.put(
    '/me/player/shuffle',
    requireUser,
    modify,
    command(async ({ tx, req, state, at }) => {
      const value = enumParam(req, 'state', ['true', 'false'] as const);
      if (!value) throw badRequest('Missing required parameter: state');
      return engine.setShuffle(state, value === 'true', at, await durations(tx, state));
    }),
  );
  router.put(
    '/me/player/volume',
    requireUser,
    modify,
    command(async ({ tx, req, state, at }) => {
      const volume = integerParam(req, 'volume_percent', { default: -1, minimum: 0, maximum: 100 });
      if (volume < 0) throw badRequest('Missing required parameter: volume_percent');
      return engine.setVolume(state, volume, at, await durations(tx, state));
    }),
  );
  router.post(
    '/me/player/queue',
    requireUser,
    modify,
    command(async ({ tx, req, state, at }) => {
      const uri = optionalParam(req, 'uri');
      if (!uri) throw badRequest('Missing required parameter: uri');
      const parsed = parseUri(uri, new Set(['track']));
      const { rows } = await tx.query('SELECT 1 FROM tracks WHERE id = $1', [parsed.id]);
      if (rows.length === 0) throw badRequest('Unknown track uri');
      return engine.addToQueue(state, parsed.uri, at, await durations(tx, state));
    }),
  );

  router.get(
    '/me/player/queue',
    requireUser,
    readState,
    requireScopes('user-read-currently-playing'),
    async (_req, res) => {
      const { state } = await currentState(userOf(res));
      const upcoming = engine.upNext(state, 20);
      const ids = [state.itemUri, ...upcoming]
        .filter((uri): uri is string => uri !== null)
        .map((uri) => uri.split(':')[2] ?? '');
      const tracks = await store.tracks(ids);
      const build = (uri: string) => {
        const track = tracks.get(uri.split(':')[2] ?? '');
        return track ? objects.track(urls, track) : null;
      };
      res.json({
        currently_playing: state.itemUri ? build(state.itemUri) : null,
        queue: upcoming.map(build).filter((item) => item !== null),
      });
    },
  );

  router.get(
    '/me/player/recently-played',
    requireUser,
    requireScopes('user-read-recently-played'),
    async (req, res) => {
      const userId = userOf(res);
      await currentState(userId);
      const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
      const after = optionalParam(req, 'after');
      const before = optionalParam(req, 'before');
      if (after !== undefined && before !== undefined) throw badRequest('Give after or before, not both');
      for (const value of [after, before])
        if (value !== undefined && !/^\d+$/.test(value))
          throw badRequest('Invalid cursor: milliseconds since the epoch');
      const { rows } = await db.query<{ track_id: string; context_uri: string | null; played_at: Date }>(
        `SELECT track_id, context_uri, played_at FROM plays
       WHERE user_id = $1 AND track_id IS NOT NULL
         AND ($2::float8 IS NULL OR played_at > to_timestamp($2 / 1000.0))
         AND ($3::float8 IS NULL OR played_at < to_timestamp($3 / 1000.0))
       ORDER BY played_at DESC LIMIT $4`,
        [userId, after === undefined ? null : Number(after), before === undefined ? null : Number(before), limit],
      );
      const tracks = await store.tracks(rows.map((row) => row.track_id));
      const items = rows.flatMap((row) => {
        const track = tracks.get(row.track_id);
        if (!track) return [];
        return [
          {
            track: objects.track(urls, track),
            played_at: row.played_at.toISOString(),
            context: contextObject(urls, row.context_uri),
          },
        ];
      });
      const oldest = rows.at(-1)?.played_at.getTime();
      const newest = rows[0]?.played_at.getTime();
      const page = cursorPage(
        `${urls.api}${req.path}`,
        stringQuery(req.query),
        items,
        limit,
        items.length,
        newest === undefined ? null : String(newest),
        oldest === undefined ? null : String(oldest),
      );
      // Older plays are reached with `before`, as Spotify's next link does.
      res.json({
        ...page,
        next:
          rows.length === limit && oldest !== undefined
            ? `${urls.api}/me/player/recently-played?before=${oldest}&limit=${limit}`
            : null,
      });
    },
  );

  return router;
}
