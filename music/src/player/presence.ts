import type { Queryable } from '../db/types';
import * as engine from './engine';
import { durations, saveStep } from './steps';
import * as store from './store';

/**
 * Presence: a device a client registered stays while the client says it is there (it registers,
 * keeps the device alive, or names it in a command); unseen for the device time-to-live, it
 * lapses, and is removed as if the client had removed it.
 */

/** The instant (milliseconds since the epoch) at or before which a registered device not seen since has lapsed. */
export function lapseCutoff(at: number, ttlMs: number): number {
  return at - ttlMs;
}

/** When the earliest of these devices lapses, or null when none of them can. */
export function nextLapseAt(devices: readonly store.PlayerDevice[], ttlMs: number): number | null {
  const seen = devices.filter((device) => device.registered_by_client).map((device) => device.last_seen_at.getTime());
  return seen.length === 0 ? null : Math.min(...seen) + ttlMs;
}

/** Stops the player where it plays, as when its device goes: paused where it was, on no device. */
export async function stopPlayback(
  tx: Queryable,
  userId: string,
  state: engine.PlayerState,
  at: number,
): Promise<engine.PlayerState> {
  const durationOf = await durations(tx, state);
  const step = engine.transfer(state, '', false, at, durationOf);
  const stopped = { ...step.state, deviceId: null };
  await saveStep(tx, userId, { state: stopped, plays: step.plays }, { before: state, at, durationOf });
  return stopped;
}

/**
 * Holds the user's player state for the transaction and removes their lapsed devices; when the
 * active one lapsed, playback stops there. Answers the state after that and the lapsed ids.
 */
export async function sweepLapsed(
  tx: Queryable,
  userId: string,
  at: number,
  ttlMs: number,
): Promise<{ state: engine.PlayerState; lapsed: string[] }> {
  const state = await store.loadState(tx, userId, at, true);
  const lapsed = await store.deleteLapsedDevices(tx, userId, lapseCutoff(at, ttlMs));
  if (state.deviceId !== null && lapsed.includes(state.deviceId)) {
    return { state: await stopPlayback(tx, userId, state, at), lapsed };
  }
  return { state, lapsed };
}
