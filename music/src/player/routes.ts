import express, { type Request, type Response, type Router } from 'express';
import { getAuth, requireScopes, requireUser } from '../accounts/middleware';
import type { Database } from '../db/types';
import { badRequest } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import type * as objects from '../http/objects';
import { cursorPage, stringQuery } from '../http/paging';
import { integerParam, optionalParam } from '../http/params';
import type { PreparedCatalog } from '../catalog/prepared';
import { sendJson } from '../http/prepared-json';
import type { ShowCatalog } from '../shows/catalog';
import * as commands from './commands';
import { command, userOf } from './commands';
import * as engine from './engine';
import { keepDevice, registerDevice, removeDevice } from './device-routes';
import { playerEvents } from './events-route';
import { PlayerEvents } from './events';
import { currentState, itemObjects, playerBody, presentDevices, type PlayerContext } from './reads';
import { deviceJson, recentPlayJson } from './serialise';
import * as store from './store';

/**
 * The player, like Spotify Connect: one player per user, progressing with time, over devices.
 * A client may register itself as a playback device (an extension beyond Spotify's API, under
 * `/me/player/devices`, ./device-routes), which is how a browser plays the audio itself; such a
 * device lapses when unseen (./presence). Each command applies the player's rules (./engine) in
 * one transaction, and finished items become plays. Every change is pushed to the listener's
 * event streams (`/me/player/events`, ./events-route and ./events).
 */

interface PlayerDeps {
  db: Database;
  store: CatalogStore;
  shows: ShowCatalog;
  urls: objects.Urls;
  /** The catalog's objects as prepared JSON. */
  prepared: PreparedCatalog;
  now?: () => number;
  /** How long a client-registered device lasts unseen, in milliseconds (25 s unless given). */
  deviceTtlMs?: number;
  /** Where changes are pushed (the app's, so that it can end every stream at shutdown). */
  events?: PlayerEvents;
}

type Handler = (req: Request, res: Response) => Promise<void>;

async function devices(ctx: PlayerContext, userId: string, current: { state: engine.PlayerState; at: number }) {
  return (await presentDevices(ctx, userId, current.at)).map((row) => deviceJson(row, current.state));
}

/** `additional_types`: whether the client takes episodes as well as tracks (Spotify's default: tracks only). */
function takesEpisodes(req: Request): boolean {
  const raw = optionalParam(req, 'additional_types');
  if (raw === undefined) return false;
  const types = raw.split(',').map((type) => type.trim());
  if (types.some((type) => type !== 'track' && type !== 'episode')) throw badRequest('Invalid additional_types');
  return types.includes('episode');
}

function getPlaying(ctx: PlayerContext, withDevice: boolean): Handler {
  return async (req, res) => {
    const userId = userOf(res);
    const current = await currentState(ctx, userId);
    const episodes = takesEpisodes(req);
    const listed = withDevice && current.state.deviceId ? await devices(ctx, userId, current) : [];
    const body = await playerBody(ctx, current, listed, { auth: getAuth(res), episodes, withDevice });
    if (body) res.json(body);
    else res.status(204).end();
  };
}

function getDevices(ctx: PlayerContext): Handler {
  return async (_req, res) => {
    const userId = userOf(res);
    res.json({ devices: await devices(ctx, userId, await currentState(ctx, userId)) });
  };
}

function getQueue(ctx: PlayerContext): Handler {
  return async (_req, res) => {
    const { state } = await currentState(ctx, userOf(res));
    const upcoming = engine.upNext(state, 20);
    const build = await itemObjects(
      ctx,
      [state.itemUri, ...upcoming].filter((uri): uri is string => uri !== null),
      getAuth(res),
    );
    const queued = Math.min(state.queue.length, upcoming.length);
    res.json({
      currently_playing: state.itemUri ? build(state.itemUri) : null,
      queue: upcoming.map(build).filter((item) => item !== null),
      // An extension: how many of `queue`, from the first, the listener added (the rest is the context's).
      queued_by_listener: queued,
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

export function playerRoutes({ now = Date.now, deviceTtlMs = 25_000, events, ...deps }: PlayerDeps): Router {
  const ctx: PlayerContext = { ...deps, now, deviceTtlMs, events: events ?? new PlayerEvents({ now }) };
  const run = { db: deps.db, now, deviceTtlMs, events: ctx.events };
  const router = express.Router();
  const json = express.json({ limit: '100kb' });
  const readState = requireScopes('user-read-playback-state');
  const modify = requireScopes('user-modify-playback-state');
  const currentlyPlaying = requireScopes('user-read-currently-playing');

  router.get('/me/player', requireUser, readState, getPlaying(ctx, true));
  router.get('/me/player/currently-playing', requireUser, currentlyPlaying, getPlaying(ctx, false));
  router.get('/me/player/devices', requireUser, readState, getDevices(ctx));
  router.post('/me/player/devices', requireUser, modify, json, registerDevice(ctx));
  router.put('/me/player/devices/:device_id', requireUser, modify, keepDevice(ctx));
  router.delete('/me/player/devices/:device_id', requireUser, modify, removeDevice(ctx));
  router.get('/me/player/events', requireUser, readState, playerEvents(ctx));
  router.put('/me/player', requireUser, modify, json, command(run, commands.transfer));
  router.put('/me/player/play', requireUser, modify, json, command(run, commands.play(deps.store)));
  router.put('/me/player/pause', requireUser, modify, command(run, commands.pause));
  router.post('/me/player/next', requireUser, modify, command(run, commands.next));
  router.post('/me/player/previous', requireUser, modify, command(run, commands.previous));
  router.put('/me/player/seek', requireUser, modify, command(run, commands.seek));
  router.put('/me/player/repeat', requireUser, modify, command(run, commands.repeat));
  router.put('/me/player/shuffle', requireUser, modify, command(run, commands.shuffle));
  router.put('/me/player/volume', requireUser, modify, command(run, commands.volume));
  router.put('/me/player/speed', requireUser, modify, command(run, commands.speed));
  router.post('/me/player/queue', requireUser, modify, command(run, commands.queue));
  router.get('/me/player/queue', requireUser, readState, currentlyPlaying, getQueue(ctx));
  router.delete('/me/player/queue', requireUser, modify, command(run, commands.unqueue));
  router.get(
    '/me/player/recently-played',
    requireUser,
    requireScopes('user-read-recently-played'),
    getRecentlyPlayed(ctx),
  );
  return router;
}
