import type { AuthInfo } from '../accounts/middleware';
import type { CatalogStore } from '../catalog/reads';
import type { PreparedCatalog } from '../catalog/prepared';
import type { Database } from '../db/types';
import * as objects from '../http/objects';
import type { ShowCatalog } from '../shows/catalog';
import { loadEpisodes } from '../shows/episodes';
import * as engine from './engine';
import type { PlayerEvents } from './events';
import { lapseCutoff, nextLapseAt, sweepLapsed } from './presence';
import { deviceJson, playingJson, type DeviceJson } from './serialise';
import { durations, saveStep } from './steps';
import * as store from './store';

/** What the player's routes read with: the store, the catalog, the clock, presence and push. */
export interface PlayerContext {
  db: Database;
  store: CatalogStore;
  shows: ShowCatalog;
  urls: objects.Urls;
  /** The catalog's objects as prepared JSON. */
  prepared: PreparedCatalog;
  now: () => number;
  /** How long a client-registered device lasts unseen, in milliseconds. */
  deviceTtlMs: number;
  events: PlayerEvents;
}

/** The player brought up to `at`, and whether bringing it there changed what is stored. */
export interface Current {
  state: engine.PlayerState;
  durationOf: engine.DurationOf;
  at: number;
  changed: boolean;
}

/**
 * The state brought up to now, in one transaction: lapsed devices removed (playback stopped on
 * the active one), items that ended by time given way to the next, their plays recorded.
 */
export async function bringUpToDate(ctx: PlayerContext, userId: string): Promise<Current> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const { state: before, lapsed } = await sweepLapsed(tx, userId, at, ctx.deviceTtlMs);
    const durationOf = await durations(tx, before);
    const step = engine.advance(before, at, durationOf);
    const moved =
      step.plays.length > 0 || step.state.isPlaying !== before.isPlaying || step.state.itemUri !== before.itemUri;
    if (moved) await saveStep(tx, userId, step, { before, at, durationOf });
    return { state: step.state, durationOf, at, changed: moved || lapsed.length > 0 };
  });
}

/** As `bringUpToDate`, and the listener's event streams hear of what it changed. */
export async function currentState(ctx: PlayerContext, userId: string): Promise<Current> {
  const current = await bringUpToDate(ctx, userId);
  if (current.changed) ctx.events.changed(userId);
  return current;
}

/** The user's devices present at `at` (lapsed ones are never listed). */
export function presentDevices(ctx: PlayerContext, userId: string, at: number): Promise<store.PlayerDevice[]> {
  return store.devicesOf(ctx.db, userId, lapseCutoff(at, ctx.deviceTtlMs));
}

/** Tracks and episodes by URI, as full objects; episodes with the user's resume point when allowed. */
export async function itemObjects(ctx: PlayerContext, uris: readonly string[], auth: AuthInfo) {
  const idsOf = (type: string) =>
    uris.filter((uri) => uri.startsWith(`spotify:${type}:`)).map((uri) => uri.split(':')[2] ?? '');
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

export interface PlayerBodyOptions {
  auth: AuthInfo;
  /** Whether the client takes episodes as items (`additional_types=episode`). */
  episodes: boolean;
  /** GET /me/player's body (with the device, repeat and shuffle) rather than /currently-playing's. */
  withDevice: boolean;
}

/** What GET /me/player (or /currently-playing) answers, or null for its 204. */
export async function playerBody(
  ctx: PlayerContext,
  current: Current,
  devices: readonly DeviceJson[],
  options: PlayerBodyOptions,
) {
  const { state, durationOf, at } = current;
  if (!state.itemUri || !state.deviceId) return null;
  const isEpisode = state.itemUri.startsWith('spotify:episode:');
  const item =
    isEpisode && !options.episodes ? null : (await itemObjects(ctx, [state.itemUri], options.auth))(state.itemUri);
  // Whole milliseconds, as Spotify's `progress_ms`: at a speed other than 1 the position falls between them.
  const progressMs = Math.floor(engine.progressAt(state, at, durationOf));
  const body = playingJson(ctx.urls, { state, at, progressMs, item, isEpisode });
  if (!options.withDevice) return body;
  const device = devices.find((candidate) => candidate.id === state.deviceId);
  return device ? { device, repeat_state: state.repeat, shuffle_state: state.shuffle, ...body } : null;
}

/** What an event stream sends, and when the next change is due by time alone. */
export interface PlayerSnapshot {
  data: { player: Awaited<ReturnType<typeof playerBody>>; devices: DeviceJson[] };
  dueAt: number | null;
}

/**
 * The player and devices as GET /me/player (with episodes) and GET /me/player/devices answer
 * them, read now, and when the current item ends or the next device lapses, whichever is first.
 */
export async function playerSnapshot(ctx: PlayerContext, userId: string, auth: AuthInfo): Promise<PlayerSnapshot> {
  const current = await bringUpToDate(ctx, userId);
  const rows = await presentDevices(ctx, userId, current.at);
  const devices = rows.map((row) => deviceJson(row, current.state));
  const player = await playerBody(ctx, current, devices, { auth, episodes: true, withDevice: true });
  const due = [engine.itemEndsAt(current.state, current.durationOf), nextLapseAt(rows, ctx.deviceTtlMs)].filter(
    (at): at is number => at !== null,
  );
  return { data: { player, devices }, dueAt: due.length === 0 ? null : Math.min(...due) };
}
