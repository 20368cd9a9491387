import type { V1Device, V1PlaybackState } from '../../../music/v1';

/**
 * One reading of a listener's player: what `GET /me/player` answered (null for its 204) and what
 * `GET /me/player/devices` answered, as the local music service's event stream sends them and as the
 * poller reads them. `at` is when this api read it (by its own clock: Spotify's `timestamp` is when the
 * playback last changed, not when it was read), so that an older reading arriving late never replaces a
 * newer one, and so that a playing item's progress can be told from a seek.
 */
export interface PlayerSnapshot {
  player: V1PlaybackState | null;
  devices: V1Device[];
  at: number;
}

/** A reading from its two answers; a 204 (nothing plays) or an answer without `is_playing` is no playback. */
export function snapshotOf(
  player: V1PlaybackState | null | undefined,
  devices: readonly V1Device[],
  now: number,
): PlayerSnapshot {
  return {
    player: player && typeof player.is_playing === 'boolean' ? player : null,
    devices: devices.filter((device) => typeof device.id === 'string' && device.id !== ''),
    at: now,
  };
}

/**
 * How fast the playback's progress moves against the clock: the local music service's `playback_rate` (an episode's
 * playback speed), 1 when the music service does not say (Spotify).
 */
export function playbackRateOf(player: V1PlaybackState): number {
  const rate = (player as { playback_rate?: unknown }).playback_rate;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : 1;
}

/** How far a playing item's progress may stray from where the clock says it is before it counts as a seek. */
const seekToleranceMs = 1500;

/** The playback without what moves on by itself while it plays (its progress and the time of reading). */
function steady(player: V1PlaybackState | null): string {
  if (!player) return 'null';
  const { progress_ms: _progress, timestamp: _timestamp, ...rest } = player;
  return JSON.stringify(rest);
}

/**
 * Whether `next` tells a client something `previous` did not: another item, device, state or device list, or a
 * position that is not where the clock would have taken it (a seek). A playing item's progress moving on with time
 * is no change: clients move their seek bar on with their own clock.
 */
export function changed(previous: PlayerSnapshot | undefined, next: PlayerSnapshot): boolean {
  if (!previous) return true;
  if (JSON.stringify(previous.devices) !== JSON.stringify(next.devices)) return true;
  if (steady(previous.player) !== steady(next.player)) return true;
  const before = previous.player;
  const after = next.player;
  if (!before || !after) return false;
  const from = before.progress_ms ?? 0;
  const to = after.progress_ms ?? 0;
  const expected = before.is_playing ? from + Math.max(0, next.at - previous.at) * playbackRateOf(before) : from;
  return Math.abs(to - expected) > seekToleranceMs;
}
