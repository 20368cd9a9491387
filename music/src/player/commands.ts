import type { Request, Response } from 'express';
import { getAuth } from '../accounts/middleware';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import { enumParam, integerParam, optionalParam, parseUri } from '../http/params';
import * as engine from './engine';
import type { PlayerEvents } from './events';
import { lapseCutoff, sweepLapsed } from './presence';
import { contextItems, durations, saveStep } from './steps';
import * as store from './store';

/**
 * The player's commands: each applies the player's rules (./engine) in one transaction that
 * holds the user's player state, answers 204, and fails with Spotify's reasons. Lapsed devices
 * go first; a device the command names is seen; once committed, the listener's streams hear of it.
 */

export interface CommandDeps {
  db: Database;
  now: () => number;
  /** How long a client-registered device lasts unseen, in milliseconds. */
  deviceTtlMs: number;
  events: PlayerEvents;
}

/** What a command runs with: the transaction, the request, and the state it changes. */
export interface CommandContext {
  tx: Queryable;
  req: Request;
  userId: string;
  state: engine.PlayerState;
  at: number;
  /** Devices unseen since this instant have lapsed. */
  cutoff: number;
}

type Rule = (ctx: CommandContext) => Promise<engine.Step>;

function playerError(error: engine.PlayerRuleError): ApiError {
  const status = error.reason === 'NO_ACTIVE_DEVICE' ? 404 : 403;
  return new ApiError(status, error.message, error.reason);
}

export function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

async function requirePremium(db: Queryable, userId: string): Promise<void> {
  if ((await store.userProduct(db, userId)) !== 'premium')
    throw new ApiError(403, 'Player command failed: Premium required', 'PREMIUM_REQUIRED');
}

/** A device the command names is seen now; 404 when the user has no such device present. */
async function requireDevice(
  tx: Queryable,
  userId: string,
  deviceId: string | undefined,
  times: { at: number; cutoff: number },
): Promise<void> {
  if (deviceId === undefined) return;
  if (!(await store.touchDevice(tx, userId, deviceId, times)))
    throw new ApiError(404, 'Device not found', 'NO_ACTIVE_DEVICE');
}

/** Applies the rule and stores its step; answers the refusal (a rule's or a request's) rather than throwing it. */
async function applyRule(rule: Rule, ctx: CommandContext): Promise<ApiError | null> {
  const { tx, req, userId, state, at, cutoff } = ctx;
  try {
    await requireDevice(tx, userId, optionalParam(req, 'device_id'), { at, cutoff });
    const step = await rule(ctx);
    const reached = [...(step.state.context?.items ?? []), ...step.state.queue, step.state.itemUri];
    const durationOf = await durations(
      tx,
      state,
      reached.filter((uri): uri is string => uri !== null),
    );
    await saveStep(tx, userId, step, { before: state, at, durationOf });
    return null;
  } catch (error) {
    if (error instanceof engine.PlayerRuleError) return playerError(error);
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/**
 * Runs one command: the rules in a transaction, 204 on success, Spotify's reasons on failure. A
 * refused command stores nothing of its own, but the devices that lapsed stay removed.
 */
export function command(deps: CommandDeps, rule: Rule) {
  return async (req: Request, res: Response): Promise<void> => {
    const userId = userOf(res);
    await requirePremium(deps.db, userId);
    const { refusal, lapsed } = await deps.db.transaction(async (tx) => {
      const at = deps.now();
      const swept = await sweepLapsed(tx, userId, at, deps.deviceTtlMs);
      const cutoff = lapseCutoff(at, deps.deviceTtlMs);
      const refused = await applyRule(rule, { tx, req, userId, state: swept.state, at, cutoff });
      return { refusal: refused, lapsed: swept.lapsed.length > 0 };
    });
    if (!refusal || lapsed) deps.events.changed(userId);
    if (refusal) throw refusal;
    res.status(204).end();
  };
}

export const transfer: Rule = async ({ tx, req, userId, state, at, cutoff }) => {
  const body = (req.body ?? {}) as { device_ids?: unknown; play?: unknown };
  if (!Array.isArray(body.device_ids) || body.device_ids.length !== 1 || typeof body.device_ids[0] !== 'string') {
    throw badRequest('device_ids must hold exactly one device id');
  }
  await requireDevice(tx, userId, body.device_ids[0], { at, cutoff });
  return engine.transfer(
    state,
    body.device_ids[0],
    typeof body.play === 'boolean' ? body.play : undefined,
    at,
    await durations(tx, state),
  );
};

interface PlayBody {
  context_uri?: unknown;
  uris?: unknown;
  offset?: { position?: unknown; uri?: unknown };
  position_ms?: unknown;
}

/** What to play: a context by its URI, or a list of tracks and episodes. */
async function playContext(
  tx: Queryable,
  catalog: CatalogStore,
  body: PlayBody,
): Promise<engine.PlayerContext | undefined> {
  if (typeof body.context_uri === 'string') {
    return { uri: body.context_uri, items: await contextItems(tx, catalog, body.context_uri) };
  }
  if (Array.isArray(body.uris)) {
    const items = body.uris.map((uri) => {
      if (typeof uri !== 'string') throw badRequest('Invalid uris');
      return parseUri(uri, new Set(['track', 'episode'])).uri;
    });
    if (items.length === 0 || items.length > 100) throw badRequest('uris must hold 1 to 100 track or episode uris');
    return { uri: null, items };
  }
  if (body.context_uri !== undefined || body.uris !== undefined) throw badRequest('Invalid context_uri or uris');
  return undefined;
}

/** Where in the context to start: `offset.position`, or the index of `offset.uri`. */
function offsetIndexOf(body: PlayBody, context: engine.PlayerContext | undefined): number | undefined {
  if (body.offset === undefined) return undefined;
  if (!context) throw badRequest('An offset needs a context_uri or uris');
  if (typeof body.offset.position === 'number' && Number.isInteger(body.offset.position)) return body.offset.position;
  if (typeof body.offset.uri === 'string') {
    const index = context.items.indexOf(body.offset.uri);
    if (index < 0) throw badRequest('The offset uri is not in the context');
    return index;
  }
  throw badRequest('Invalid offset');
}

/** An episode starts where the listener left it, as on Spotify, unless a position is given. */
async function resumeAt(tx: Queryable, userId: string, first: string | undefined): Promise<number | undefined> {
  if (!first?.startsWith('spotify:episode:')) return undefined;
  const saved = await store.episodeProgress(tx, userId, first.split(':')[2] ?? '');
  return saved && !saved.fully_played ? saved.position_ms : undefined;
}

export function play(catalog: CatalogStore): Rule {
  return async ({ tx, req, userId, state, at }) => {
    const body = (req.body ?? {}) as PlayBody;
    const deviceId = optionalParam(req, 'device_id');
    const context = await playContext(tx, catalog, body);
    const offsetIndex = offsetIndexOf(body, context);
    const positionMs = body.position_ms === undefined ? undefined : Number(body.position_ms);
    if (positionMs !== undefined && (!Number.isInteger(positionMs) || positionMs < 0))
      throw badRequest('Invalid position_ms');
    const durationOf = await durations(tx, state, context?.items ?? []);
    const first = context?.items[offsetIndex ?? 0];
    const startAt = positionMs ?? (state.shuffle ? undefined : await resumeAt(tx, userId, first));
    return engine.play(state, { context, offsetIndex, positionMs: startAt, deviceId }, at, durationOf);
  };
}

export const pause: Rule = async ({ tx, state, at }) => engine.pause(state, at, await durations(tx, state));
export const next: Rule = async ({ tx, state, at }) => engine.next(state, at, await durations(tx, state));
export const previous: Rule = async ({ tx, state, at }) => engine.previous(state, at, await durations(tx, state));

export const seek: Rule = async ({ tx, req, state, at }) => {
  const position = integerParam(req, 'position_ms', { default: -1, minimum: 0, maximum: 24 * 3_600_000 });
  if (position < 0) throw badRequest('Missing required parameter: position_ms');
  return engine.seek(state, position, at, await durations(tx, state));
};

export const repeat: Rule = async ({ tx, req, state, at }) => {
  const value = enumParam(req, 'state', ['track', 'context', 'off'] as const);
  if (!value) throw badRequest('Missing required parameter: state');
  return engine.setRepeat(state, value, at, await durations(tx, state));
};

export const shuffle: Rule = async ({ tx, req, state, at }) => {
  const value = enumParam(req, 'state', ['true', 'false'] as const);
  if (!value) throw badRequest('Missing required parameter: state');
  return engine.setShuffle(state, value === 'true', at, await durations(tx, state));
};

export const volume: Rule = async ({ tx, req, state, at }) => {
  const value = integerParam(req, 'volume_percent', { default: -1, minimum: 0, maximum: 100 });
  if (value < 0) throw badRequest('Missing required parameter: volume_percent');
  return engine.setVolume(state, value, at, await durations(tx, state));
};

/** The speeds as the `rate` parameter writes them, for the message of a refused one. */
const allowedRates = engine.playbackRates.join(', ');

/**
 * `PUT /me/player/speed?rate=1.5` (an extension: Spotify's API has no playback speed): the listener's
 * speed for episodes, one of `engine.playbackRates`. A track always plays at 1, so while one is the
 * current item the command is refused (403, `NOT_PLAYING_EPISODE`) and nothing changes.
 */
export const speed: Rule = async ({ tx, req, state, at }) => {
  const raw = optionalParam(req, 'rate');
  if (raw === undefined) throw badRequest('Missing required parameter: rate');
  const rate = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!engine.playbackRates.some((allowed) => allowed === rate))
    throw badRequest(`Invalid rate: give one of ${allowedRates}`);
  try {
    return engine.setRate(state, rate, at, await durations(tx, state));
  } catch (error) {
    if (error instanceof engine.NotAnEpisodeError) throw new ApiError(403, error.message, 'NOT_PLAYING_EPISODE');
    throw error;
  }
};

/**
 * `DELETE /me/player/queue`: with `position` and `uri`, takes that item out of what the listener queued;
 * with neither, empties it (an extension: Spotify's API has no way to).
 */
export const unqueue: Rule = async ({ tx, req, state, at }) => {
  const uri = optionalParam(req, 'uri');
  const hasPosition = optionalParam(req, 'position') !== undefined;
  if (hasPosition !== (uri !== undefined)) throw badRequest('Give position and uri together, or neither to clear');
  const target =
    uri === undefined
      ? null
      : {
          position: integerParam(req, 'position', { default: 0, minimum: 0, maximum: 10_000 }),
          uri: parseUri(uri, new Set(['track', 'episode'])).uri,
        };
  try {
    return engine.removeFromQueue(state, target, at, await durations(tx, state));
  } catch (error) {
    if (error instanceof engine.QueueMismatchError) throw new ApiError(400, error.message, 'POSITION_MISMATCH');
    throw error;
  }
};

export const queue: Rule = async ({ tx, req, state, at }) => {
  const uri = optionalParam(req, 'uri');
  if (!uri) throw badRequest('Missing required parameter: uri');
  const parsed = parseUri(uri, new Set(['track', 'episode']));
  if (!(await store.itemExists(tx, parsed.type as 'track' | 'episode', parsed.id)))
    throw badRequest(`Unknown ${parsed.type} uri`);
  return engine.addToQueue(state, parsed.uri, at, await durations(tx, state));
};
