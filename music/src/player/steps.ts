import { ApiError } from '../errors';
import type { CatalogStore } from '../catalog/reads';
import type { Queryable } from '../db/types';
import { parseUri } from '../http/params';
import * as engine from './engine';
import * as store from './store';

/** What the player's commands share: the durations they play by, and how a step is stored. */

/** Durations of every item the state can reach: its current item, queue and context. */
export async function durations(
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
  const byUri = await store.durationsByUri(tx, idsOf('track'), idsOf('episode'));
  return (uri) => byUri.get(uri) ?? 0;
}

/** Where each episode the step touched now stands: finished, or at the position it was left. */
export function episodePositions(
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
    const heard = before.positionMs + (before.isPlaying ? (at - before.updatedAt) * engine.effectiveRate(before) : 0);
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
export async function saveStep(
  tx: Queryable,
  userId: string,
  step: engine.Step,
  progress?: { before: engine.PlayerState; at: number; durationOf: engine.DurationOf },
): Promise<void> {
  await store.saveState(tx, userId, step.state);
  await store.insertPlays(tx, userId, step.plays);
  if (!progress) return;
  const positions = [...episodePositions(progress.before, step, progress.at, progress.durationOf)].map(
    ([uri, position]) => ({ uri, ...position }),
  );
  await store.saveEpisodePositions(tx, userId, positions, progress.at);
}

/**
 * The items of a context: an album's tracks, a playlist's items (tracks and episodes), an
 * artist's top tracks, a show's episodes (newest first, as the show lists them).
 */
export async function contextItems(db: Queryable, catalog: CatalogStore, uri: string): Promise<string[]> {
  const parsed = parseUri(uri, new Set(['album', 'playlist', 'artist', 'show']));
  let items: string[];
  if (parsed.type === 'album') {
    items = (await store.albumTrackIds(db, parsed.id)).map((id) => `spotify:track:${id}`);
  } else if (parsed.type === 'playlist') {
    items = await store.playlistItemUris(db, parsed.id);
  } else if (parsed.type === 'show') {
    items = (await store.showEpisodeIds(db, parsed.id)).map((id) => `spotify:episode:${id}`);
  } else {
    items = (await catalog.artistTopTracks(parsed.id)).map((track) => `spotify:track:${track.id}`);
  }
  if (items.length === 0) throw new ApiError(404, 'Context not found or empty');
  return items;
}
