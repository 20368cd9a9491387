import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Database } from '../db/types';
import { ApiError, badRequest } from '../errors';
import { loadEpisodes } from '../shows/episodes';
import type { CatalogStore } from '../catalog/reads';
import * as objects from '../http/objects';
import { cursorPage, stringQuery } from '../http/paging';
import { integerParam, optionalParam } from '../http/params';
import type { PreparedCatalog } from '../catalog/prepared';
import { sendJson } from '../http/prepared-json';
import type { ShowCatalog } from '../shows/catalog';
import * as commands from './commands';
import { command, userOf } from './commands';
import * as engine from './engine';
import { deviceJson, newDeviceJson, playingJson, recentPlayJson } from './serialise';
import { durations, saveStep } from './steps';
import * as store from './store';

/**
 * The player, like Spotify Connect: one player per user, progressing with time, over devices.
 * A client may register itself as a playback device (an extension beyond Spotify's API, under
 * `/me/player/devices`), which is how a browser plays the audio itself. Each command applies
 * the player's rules (./engine) in one transaction, and finished items become plays.
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

interface PlayerContext extends Omit<PlayerDeps, 'now'> {
  now: () => number;
}

type Handler = (req: Request, res: Response) => Promise<void>;

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

async function devices(ctx: PlayerContext, userId: string, state: engine.PlayerState) {
  return (await store.devicesOf(ctx.db, userId)).map((row) => deviceJson(row, state));
}

/** The state brought up to now, with the plays it completed recorded. */
async function currentState(
  ctx: PlayerContext,
  userId: string,
): Promise<{ state: engine.PlayerState; durationOf: engine.DurationOf; at: number }> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const before = await store.loadState(tx, userId, at, true);
    const durationOf = await durations(tx, before);
    const step = engine.advance(before, at, durationOf);
    if (step.plays.length > 0 || step.state.isPlaying !== before.isPlaying)
      await saveStep(tx, userId, step, { before, at, durationOf });
    return { state: step.state, durationOf, at };
  });
}

/** Tracks and episodes by URI, as full objects; episodes with the user's resume point when allowed. */
async function itemObjects(ctx: PlayerContext, uris: readonly string[], res: Response) {
  const idsOf = (type: string) =>
    uris.filter((uri) => uri.startsWith(`spotify:${type}:`)).map((uri) => uri.split(':')[2] ?? '');
  const auth = getAuth(res);
  const [tracks, episodes] = await Promise.all([
    ctx.store.tracks(idsOf('track')),
    loadEpisodes(
      ctx.shows,
      ctx.db,
      idsOf('episode'),
      auth.scopes.has('user-read-playback-position') ? auth.userId : null,
    ),
  ]);
  return (uri: string) => {
    const [, type, id = ''] = uri.split(':');
    const track = type === 'track' ? tracks.get(id) : undefined;
    if (track) return objects.track(ctx.urls, track);
    const episode = type === 'episode' ? episodes.get(id) : undefined;
    return episode ? objects.episode(ctx.urls, episode) : null;
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

async function playing(ctx: PlayerContext, req: Request, res: Response, withDevice: boolean) {
  const userId = userOf(res);
  const { state, durationOf, at } = await currentState(ctx, userId);
  if (!state.itemUri || !state.deviceId) return null;
  const isEpisode = state.itemUri.startsWith('spotify:episode:');
  const item = isEpisode && !takesEpisodes(req) ? null : (await itemObjects(ctx, [state.itemUri], res))(state.itemUri);
  const progressMs = engine.progressAt(state, at, durationOf);
  const body = playingJson(ctx.urls, { state, at, progressMs, item, isEpisode });
  if (!withDevice) return body;
  const device = (await devices(ctx, userId, state)).find((candidate) => candidate.id === state.deviceId);
  return device ? { device, repeat_state: state.repeat, shuffle_state: state.shuffle, ...body } : null;
}

function getPlaying(ctx: PlayerContext, withDevice: boolean): Handler {
  return async (req, res) => {
    const body = await playing(ctx, req, res, withDevice);
    if (body) res.json(body);
    else res.status(204).end();
  };
}

function getDevices(ctx: PlayerContext): Handler {
  return async (_req, res) => {
    const userId = userOf(res);
    res.json({ devices: await devices(ctx, userId, (await currentState(ctx, userId)).state) });
  };
}

// Extension: a client registers itself as a device that plays the audio.
function registerDevice(ctx: PlayerContext): Handler {
  return async (req, res) => {
    const body = (req.body ?? {}) as { name?: unknown; type?: unknown };
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 64)
      throw badRequest('Invalid name: 1 to 64 characters');
    const type = body.type === undefined ? 'Computer' : body.type;
    if (typeof type !== 'string' || !deviceTypes.includes(type))
      throw badRequest(`Invalid type: one of ${deviceTypes.join(', ')}`);
    const id = randomBytes(20).toString('hex');
    await store.insertDevice(ctx.db, { id, user_id: userOf(res), name: body.name.trim(), type });
    res.status(201).json(newDeviceJson(id, body.name.trim(), type));
  };
}

function removeDevice(ctx: PlayerContext): Handler {
  return async (req, res) => {
    const userId = userOf(res);
    const deviceId = String(req.params.device_id);
    await ctx.db.transaction(async (tx) => {
      if (!(await store.deleteDevice(tx, userId, deviceId))) throw new ApiError(404, 'Device not found');
      const at = ctx.now();
      const state = await store.loadState(tx, userId, at, true);
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
  };
}

function getQueue(ctx: PlayerContext): Handler {
  return async (_req, res) => {
    const { state } = await currentState(ctx, userOf(res));
    const upcoming = engine.upNext(state, 20);
    const build = await itemObjects(
      ctx,
      [state.itemUri, ...upcoming].filter((uri): uri is string => uri !== null),
      res,
    );
    res.json({
      currently_playing: state.itemUri ? build(state.itemUri) : null,
      queue: upcoming.map(build).filter((item) => item !== null),
    });
  };
}

/** `after` and `before` of the recently played list: milliseconds since the epoch, one of them at most. */
function playWindow(req: Request): { after: number | null; before: number | null; limit: number } {
  const limit = integerParam(req, 'limit', { default: 20, minimum: 1, maximum: 50 });
  const after = optionalParam(req, 'after');
  const before = optionalParam(req, 'before');
  if (after !== undefined && before !== undefined) throw badRequest('Give after or before, not both');
  for (const value of [after, before])
    if (value !== undefined && !/^\d+$/.test(value)) throw badRequest('Invalid cursor: milliseconds since the epoch');
  return {
    after: after === undefined ? null : Number(after),
    before: before === undefined ? null : Number(before),
    limit,
  };
}

function getRecentlyPlayed(ctx: PlayerContext): Handler {
  return async (req, res) => {
    const userId = userOf(res);
    await currentState(ctx, userId);
    const window = playWindow(req);
    const { limit } = window;
    const rows = await store.recentTrackPlays(ctx.db, userId, window);
    // The catalog's tracks, copied in as prepared JSON.
    const tracks = await ctx.prepared.tracks(rows.map((row) => row.track_id));
    const items = rows.flatMap((row) => {
      const track = tracks.get(row.track_id);
      return track ? [recentPlayJson(ctx.urls, row, track)] : [];
    });
    const oldest = rows.at(-1)?.played_at.getTime();
    const newest = rows[0]?.played_at.getTime();
    const page = cursorPage(
      `${ctx.urls.api}${req.path}`,
      stringQuery(req.query),
      items,
      limit,
      items.length,
      newest === undefined ? null : String(newest),
      oldest === undefined ? null : String(oldest),
    );
    // Older plays are reached with `before`, as Spotify's next link does.
    const next =
      rows.length === limit && oldest !== undefined
        ? `${ctx.urls.api}/me/player/recently-played?before=${oldest}&limit=${limit}`
        : null;
    sendJson(req, res, { ...page, next });
  };
}

export function playerRoutes({ now = Date.now, ...deps }: PlayerDeps): Router {
  const ctx: PlayerContext = { ...deps, now };
  const run = { db: deps.db, now };
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
  const readState = requireScopes('user-read-playback-state');
  const modify = requireScopes('user-modify-playback-state');
  const currentlyPlaying = requireScopes('user-read-currently-playing');

  router.get('/me/player', requireUser, readState, getPlaying(ctx, true));
  router.get('/me/player/currently-playing', requireUser, currentlyPlaying, getPlaying(ctx, false));
  router.get('/me/player/devices', requireUser, readState, getDevices(ctx));
  router.post('/me/player/devices', requireUser, modify, json, registerDevice(ctx));
  router.delete('/me/player/devices/:device_id', requireUser, modify, removeDevice(ctx));
  router.put('/me/player', requireUser, modify, json, command(run, commands.transfer));
  router.put('/me/player/play', requireUser, modify, json, command(run, commands.play(deps.store)));
  router.put('/me/player/pause', requireUser, modify, command(run, commands.pause));
  router.post('/me/player/next', requireUser, modify, command(run, commands.next));
  router.post('/me/player/previous', requireUser, modify, command(run, commands.previous));
  router.put('/me/player/seek', requireUser, modify, command(run, commands.seek));
  router.put('/me/player/repeat', requireUser, modify, command(run, commands.repeat));
  router.put('/me/player/shuffle', requireUser, modify, command(run, commands.shuffle));
  router.put('/me/player/volume', requireUser, modify, command(run, commands.volume));
  router.post('/me/player/queue', requireUser, modify, command(run, commands.queue));
  router.get('/me/player/queue', requireUser, readState, currentlyPlaying, getQueue(ctx));
  router.get(
    '/me/player/recently-played',
    requireUser,
    requireScopes('user-read-recently-played'),
    getRecentlyPlayed(ctx),
  );
  return router;
}
