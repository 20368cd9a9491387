import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest } from '../errors';
import * as engine from '../player/engine';
import type { CatalogStore } from './catalog-store';
import * as objects from './objects';
import { cursorPage, stringQuery } from './paging';
import { loadEpisodes } from './playlist-episodes';
import type { PreparedCatalog } from './prepared-catalog';
import { sendJson } from './prepared-json';
import type { ShowCatalog } from './show-catalog';
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
  shows: ShowCatalog;
  urls: objects.Urls;
  /** The catalog's objects as prepared JSON. */
  prepared: PreparedCatalog;
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

/** Durations of every item the state can reach: its current item, queue and context. */
async function durations(
  tx: Queryable,
  state: engine.PlayerState,
  extra: readonly string[] = [],
): Promise<engine.DurationOf> {
  const uris = [state.itemUri, ...state.queue, ...(state.context?.items ?? []), ...extra].filter(
    (uri): uri is string => uri !== null,
  );
  const idsOf = (type: string) => [
    ...new Set(uris.filter((uri) => uri.startsWith(`spotify:${type}:`)).map((uri) => uri.split(':')[2] ?? '')),
  ];
  const { rows } = await tx.query<{ uri: string; duration_ms: number }>(
    `SELECT 'spotify:track:' || id AS uri, duration_ms FROM tracks WHERE id = ANY($1::text[])
     UNION ALL
     SELECT 'spotify:episode:' || id AS uri, duration_ms FROM episodes WHERE id = ANY($2::text[])`,
    [idsOf('track'), idsOf('episode')],
  );
  const byUri = new Map(rows.map((row) => [row.uri, row.duration_ms]));
  return (uri) => byUri.get(uri) ?? 0;
}

/** Where each episode the step touched now stands: finished, or at the position it was left. */
function episodePositions(
  before: engine.PlayerState,
  step: engine.Step,
  at: number,
  durationOf: engine.DurationOf,
): Map<string, { positionMs: number; fullyPlayed: boolean }> {
  const positions = new Map<string, { positionMs: number; fullyPlayed: boolean }>();
  const isEpisode = (uri: string | null): uri is string => uri?.startsWith('spotify:episode:') === true;
  // Episodes that ended during the step were heard to their end, unless left part-way below.
  for (const play of step.plays) {
    if (isEpisode(play.uri)) positions.set(play.uri, { positionMs: durationOf(play.uri), fullyPlayed: true });
  }
  if (isEpisode(before.itemUri)) {
    const heard = before.positionMs + (before.isPlaying ? at - before.updatedAt : 0);
    const duration = durationOf(before.itemUri);
    positions.set(before.itemUri, { positionMs: Math.min(heard, duration), fullyPlayed: heard >= duration });
  }
  const after = step.state;
  if (isEpisode(after.itemUri)) {
    positions.set(after.itemUri, { positionMs: engine.progressAt(after, at, durationOf), fullyPlayed: false });
  }
  return positions;
}

/**
 * Stores the player's new state, the plays it completed (tracks and episodes), and, when
 * `before` is given, where the listener now stands in each episode the step touched.
 */
async function saveStep(
  tx: Queryable,
  userId: string,
  step: engine.Step,
  progress?: { before: engine.PlayerState; at: number; durationOf: engine.DurationOf },
): Promise<void> {
  await tx.query(
    `INSERT INTO player_states (user_id, state, is_playing, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, is_playing = EXCLUDED.is_playing, updated_at = now()`,
    [userId, JSON.stringify(step.state), step.state.isPlaying],
  );
  if (step.plays.length > 0) {
    await tx.query(
      `INSERT INTO plays (user_id, track_id, episode_id, context_uri, played_at)
       SELECT $1,
              CASE WHEN split_part(uri, ':', 2) = 'track' THEN split_part(uri, ':', 3) END,
              CASE WHEN split_part(uri, ':', 2) = 'episode' THEN split_part(uri, ':', 3) END,
              context_uri, to_timestamp(at / 1000.0)
       FROM unnest($2::text[], $3::text[], $4::float8[]) AS t(uri, context_uri, at)`,
      [
        userId,
        step.plays.map((play) => play.uri),
        step.plays.map((play) => play.contextUri),
        step.plays.map((play) => play.playedAt),
      ],
    );
  }
  if (!progress) return;
  const positions = [...episodePositions(progress.before, step, progress.at, progress.durationOf)];
  if (positions.length === 0) return;
  await tx.query(
    `INSERT INTO episode_progress (user_id, episode_id, position_ms, fully_played, updated_at)
     SELECT $1, split_part(uri, ':', 3), position_ms, fully_played, to_timestamp($5 / 1000.0)
     FROM unnest($2::text[], $3::int4[], $4::boolean[]) AS t(uri, position_ms, fully_played)
     ON CONFLICT (user_id, episode_id) DO UPDATE
       SET position_ms = EXCLUDED.position_ms, fully_played = EXCLUDED.fully_played, updated_at = EXCLUDED.updated_at`,
    [
      userId,
      positions.map(([uri]) => uri),
      positions.map(([, position]) => Math.round(position.positionMs)),
      positions.map(([, position]) => position.fullyPlayed),
      progress.at,
    ],
  );
}

/** Spotify's context object for a context URI, or null for a plain list of tracks. */
function contextObject(urls: objects.Urls, uri: string | null) {
  if (!uri) return null;
  const parsed = parseUri(uri);
  const { href, external_urls } = objects.identity(urls, parsed.type as objects.ObjectType, parsed.id);
  return { type: parsed.type, href, external_urls, uri: parsed.uri };
}

/**
 * The items of a context: an album's tracks, a playlist's items (tracks and episodes), an
 * artist's top tracks, a show's episodes (newest first, as the show lists them).
 */
async function contextItems(db: Queryable, store: CatalogStore, uri: string): Promise<string[]> {
  const parsed = parseUri(uri, new Set(['album', 'playlist', 'artist', 'show']));
  let items: string[];
  if (parsed.type === 'album') {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
      [parsed.id],
    );
    items = rows.map((row) => `spotify:track:${row.id}`);
  } else if (parsed.type === 'playlist') {
    const { rows } = await db.query<{ uri: string }>(
      `SELECT CASE WHEN track_id IS NOT NULL THEN 'spotify:track:' || track_id ELSE 'spotify:episode:' || episode_id END AS uri
       FROM playlist_items WHERE playlist_id = $1 ORDER BY position`,
      [parsed.id],
    );
    items = rows.map((row) => row.uri);
  } else if (parsed.type === 'show') {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM episodes WHERE show_id = $1 ORDER BY release_date DESC, id',
      [parsed.id],
    );
    items = rows.map((row) => `spotify:episode:${row.id}`);
  } else {
    items = (await store.artistTopTracks(parsed.id)).map((track) => `spotify:track:${track.id}`);
  }
  if (items.length === 0) throw new ApiError(404, 'Context not found or empty');
  return items;
}

export function playerRoutes({ db, store, shows, urls, prepared, now = Date.now }: PlayerDeps): Router {
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
          const step = await handler({ tx, req, userId, state, at });
          const reached = [...(step.state.context?.items ?? []), ...step.state.queue, step.state.itemUri];
          const durationOf = await durations(
            tx,
            state,
            reached.filter((uri): uri is string => uri !== null),
          );
          await saveStep(tx, userId, step, { before: state, at, durationOf });
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
      if (step.plays.length > 0 || step.state.isPlaying !== before.isPlaying)
        await saveStep(tx, userId, step, { before, at, durationOf });
      return { state: step.state, durationOf, at };
    });
  }

  /** Tracks and episodes by URI, as full objects; episodes with the user's resume point when allowed. */
  async function itemObjects(uris: readonly string[], res: Response) {
    const idsOf = (type: string) =>
      uris.filter((uri) => uri.startsWith(`spotify:${type}:`)).map((uri) => uri.split(':')[2] ?? '');
    const auth = getAuth(res);
    const [tracks, episodes] = await Promise.all([
      store.tracks(idsOf('track')),
      loadEpisodes(shows, db, idsOf('episode'), auth.scopes.has('user-read-playback-position') ? auth.userId : null),
    ]);
    return (uri: string) => {
      const [, type, id = ''] = uri.split(':');
      const track = type === 'track' ? tracks.get(id) : undefined;
      if (track) return objects.track(urls, track);
      const episode = type === 'episode' ? episodes.get(id) : undefined;
      return episode ? objects.episode(urls, episode) : null;
    };
  }

  /** `additional_types`: whether the client takes episodes as well as tracks (Spotify's default: tracks only). */
  function takesEpisodes(req: Request): boolean {
    const raw = optionalParam(req, 'additional_types');
    if (raw === undefined) return false;
    const types = raw.split(',').map((type) => type.trim());
    if (types.some((type) => type !== 'track' && type !== 'episode')) throw badRequest('Invalid additional_types');
    return types.includes('episode');
  }

  async function playing(req: Request, res: Response, withDevice: boolean) {
    const userId = userOf(res);
    const { state, durationOf, at } = await currentState(userId);
    if (!state.itemUri || !state.deviceId) return null;
    const isEpisode = state.itemUri.startsWith('spotify:episode:');
    const item = isEpisode && !takesEpisodes(req) ? null : (await itemObjects([state.itemUri], res))(state.itemUri);
    const body = {
      context: contextObject(urls, state.context?.uri ?? null),
      timestamp: at,
      progress_ms: engine.progressAt(state, at, durationOf),
      is_playing: state.isPlaying,
      item,
      currently_playing_type: isEpisode ? 'episode' : 'track',
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

  router.get('/me/player', requireUser, readState, async (req, res) => {
    const body = await playing(req, res, true);
    if (body) res.json(body);
    else res.status(204).end();
  });

  router.get(
    '/me/player/currently-playing',
    requireUser,
    requireScopes('user-read-currently-playing'),
    async (req, res) => {
      const body = await playing(req, res, false);
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
        const durationOf = await durations(tx, state);
        const step = engine.transfer(state, '', false, at, durationOf);
        await saveStep(
          tx,
          userId,
          { state: { ...step.state, deviceId: null }, plays: step.plays },
          { before: state, at, durationOf },
        );
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
    command(async ({ tx, req, userId, state, at }) => {
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
          return parseUri(uri, new Set(['track', 'episode'])).uri;
        });
        if (items.length === 0 || items.length > 100) throw badRequest('uris must hold 1 to 100 track or episode uris');
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
      // An episode starts where the listener left it, as on Spotify, unless a position is given.
      const first = context?.items[offsetIndex ?? 0];
      let startAt = positionMs;
      if (startAt === undefined && first?.startsWith('spotify:episode:') && !state.shuffle) {
        const { rows } = await tx.query<{ position_ms: number; fully_played: boolean }>(
          'SELECT position_ms, fully_played FROM episode_progress WHERE user_id = $1 AND episode_id = $2',
          [userId, first.split(':')[2] ?? ''],
        );
        const saved = rows[0];
        if (saved && !saved.fully_played) startAt = saved.position_ms;
      }
      return engine.play(state, { context, offsetIndex, positionMs: startAt, deviceId }, at, durationOf);
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
      const parsed = parseUri(uri, new Set(['track', 'episode']));
      const table = parsed.type === 'track' ? 'tracks' : 'episodes';
      const { rows } = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [parsed.id]);
      if (rows.length === 0) throw badRequest(`Unknown ${parsed.type} uri`);
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
      const build = await itemObjects(
        [state.itemUri, ...upcoming].filter((uri): uri is string => uri !== null),
        res,
      );
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
      // The catalog's tracks, copied in as prepared JSON.
      const tracks = await prepared.tracks(rows.map((row) => row.track_id));
      const items = rows.flatMap((row) => {
        const track = tracks.get(row.track_id);
        if (!track) return [];
        return [
          {
            track,
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
      sendJson(req, res, {
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
