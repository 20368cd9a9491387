import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { ApiError, badRequest } from '../errors';
import { userOf } from './commands';
import { emptyState } from './engine';
import { lapseCutoff, stopPlayback, sweepLapsed } from './presence';
import type { PlayerContext } from './reads';
import { deviceJson } from './serialise';
import * as store from './store';

/**
 * Extensions: a client registers itself as a device that plays the audio, says it is still
 * there, and removes it. Each change reaches the listener's event streams once committed.
 */

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

/** POST /me/player/devices: 201 with the new device, seen now. */
export function registerDevice(ctx: PlayerContext): Handler {
  return async (req, res) => {
    const userId = userOf(res);
    const body = (req.body ?? {}) as { name?: unknown; type?: unknown };
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 64)
      throw badRequest('Invalid name: 1 to 64 characters');
    const type = body.type === undefined ? 'Computer' : body.type;
    if (typeof type !== 'string' || !deviceTypes.includes(type))
      throw badRequest(`Invalid type: one of ${deviceTypes.join(', ')}`);
    const id = randomBytes(20).toString('hex');
    const row = await store.insertDevice(ctx.db, { id, user_id: userId, name: body.name.trim(), type }, ctx.now());
    ctx.events.changed(userId);
    // A new device is not the active one.
    res.status(201).json(deviceJson(row, emptyState(0)));
  };
}

/**
 * PUT /me/player/devices/{id}: the device is still there (seen now). 200 with the device; 404
 * when the service no longer knows it (it lapsed or was removed: the client registers again).
 */
export function keepDevice(ctx: PlayerContext): Handler {
  return async (req, res) => {
    const userId = userOf(res);
    const deviceId = String(req.params.device_id);
    const { device, lapsed } = await ctx.db.transaction(async (tx) => {
      const at = ctx.now();
      const swept = await sweepLapsed(tx, userId, at, ctx.deviceTtlMs);
      const row = await store.touchDevice(tx, userId, deviceId, { at, cutoff: lapseCutoff(at, ctx.deviceTtlMs) });
      return { device: row && deviceJson(row, swept.state), lapsed: swept.lapsed.length > 0 };
    });
    // Being seen again changes nothing a stream shows; devices that lapsed meanwhile do.
    if (lapsed) ctx.events.changed(userId);
    if (!device) throw new ApiError(404, 'Device not found');
    res.json(device);
  };
}

/** DELETE /me/player/devices/{id}: 204; the player stops when its device goes. */
export function removeDevice(ctx: PlayerContext): Handler {
  return async (req, res) => {
    const userId = userOf(res);
    const deviceId = String(req.params.device_id);
    const removed = await ctx.db.transaction(async (tx) => {
      const at = ctx.now();
      // The player state first, as every other change holds it: no two of them wait on each other.
      const state = await store.loadState(tx, userId, at, true);
      if (!(await store.deleteDevice(tx, userId, deviceId))) return false;
      if (state.deviceId === deviceId) await stopPlayback(tx, userId, state, at);
      return true;
    });
    if (!removed) throw new ApiError(404, 'Device not found');
    ctx.events.changed(userId);
    res.status(204).end();
  };
}
