import type { Request, Response } from 'express';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest } from '../errors';
import { catalogId, integerParam, urisParam, type ParsedUri, type UriType } from '../http/params';
import { change } from './access';
import { bodyInteger, bodyOf, optionalSnapshot, reordered } from './body';
import * as store from './store';

/** Adding, replacing, reordering and removing a playlist's items. */

type Handler = (req: Request, res: Response) => Promise<void>;

const itemTypes = new Set<UriType>(['track', 'episode']);

/** Spotify's limit on the items of one add, replace or remove. */
const maxItemsPerChange = 100;

/** Fails the request (and its transaction) when a track or episode does not exist. */
async function requireItemsExist(tx: Queryable, uris: readonly ParsedUri[]): Promise<void> {
  for (const type of ['track', 'episode'] as const) {
    const ids = [...new Set(uris.filter((uri) => uri.type === type).map((uri) => uri.id))];
    if (ids.length === 0) continue;
    if ((await store.countExisting(tx, type, ids)) !== ids.length) throw badRequest(`Unknown ${type} uri`);
  }
}

function newItems(uris: readonly ParsedUri[]): store.NewItem[] {
  return uris.map((uri) => ({
    track_id: uri.type === 'track' ? uri.id : null,
    episode_id: uri.type === 'episode' ? uri.id : null,
  }));
}

export function addItems(db: Database): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const uris = urisParam(body.uris ?? req.query.uris, maxItemsPerChange, itemTypes);
    let position = bodyInteger(body, 'position', 0);
    if (position === undefined && req.query.position !== undefined) {
      position = integerParam(req, 'position', { default: 0, minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
    }
    const snapshotId = await change(db, res, id, {}, async (tx, userId) => {
      await requireItemsExist(tx, uris);
      const length = await store.itemCount(tx, id);
      const at = position === undefined ? length : Math.min(position, length);
      await store.shiftItems(tx, id, uris.length, at);
      await store.insertItems(tx, id, at, newItems(uris), userId);
    });
    res.status(201).json({ snapshot_id: snapshotId });
  };
}

async function replaceItems(db: Database, res: Response, id: string, body: Record<string, unknown>, rawUris: unknown) {
  // An empty list clears the playlist.
  const uris = Array.isArray(rawUris) && rawUris.length === 0 ? [] : urisParam(rawUris, maxItemsPerChange, itemTypes);
  const snapshotId = await change(db, res, id, { snapshotId: optionalSnapshot(body) }, async (tx, userId) => {
    await requireItemsExist(tx, uris);
    await store.deleteAllItems(tx, id);
    await store.insertItems(tx, id, 0, newItems(uris), userId);
  });
  res.status(200).json({ snapshot_id: snapshotId });
}

async function reorderItems(db: Database, res: Response, id: string, body: Record<string, unknown>) {
  const rangeStart = bodyInteger(body, 'range_start', 0);
  const insertBefore = bodyInteger(body, 'insert_before', 0);
  const rangeLength = bodyInteger(body, 'range_length', 1) ?? 1;
  if (rangeStart === undefined) throw badRequest('Missing required parameter: range_start');
  if (insertBefore === undefined) throw badRequest('Missing required parameter: insert_before');
  // Positions hold only in the snapshot they were read from: a snapshot given must be the current one.
  const options = { snapshotId: optionalSnapshot(body), currentSnapshot: true };
  const snapshotId = await change(db, res, id, options, async (tx) => {
    const itemIds = await store.itemIdsInOrder(tx, id);
    if (rangeStart + rangeLength > itemIds.length) throw badRequest('Invalid range: past the end of the playlist');
    if (insertBefore > itemIds.length) throw badRequest('Invalid insert_before: past the end of the playlist');
    const order = reordered(itemIds, rangeStart, rangeLength, insertBefore);
    const moved = order.flatMap((itemId, position) =>
      itemIds[position] === itemId ? [] : [[itemId, position] as const],
    );
    if (moved.length === 0) return;
    await store.moveItems(tx, id, moved);
  });
  res.status(200).json({ snapshot_id: snapshotId });
}

/** Replaces the items with `uris`, or moves a range of them. */
export function replaceOrReorderItems(db: Database): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const rawUris = body.uris ?? req.query.uris;
    const reorder = ['range_start', 'insert_before', 'range_length'].some((name) => body[name] !== undefined);
    if (rawUris !== undefined && reorder) {
      throw badRequest('Give either uris to replace the items or a range to reorder them, not both');
    }
    if (rawUris !== undefined) await replaceItems(db, res, id, body, rawUris);
    else await reorderItems(db, res, id, body);
  };
}

/** One entry of a removal: an item, and the positions of the copies to remove (every copy when left out). */
export interface Removal {
  uri: ParsedUri;
  positions?: number[];
}

function removalPositions(entry: Record<string, unknown>): number[] | undefined {
  const raw = entry.positions;
  if (raw === undefined) return undefined;
  if (
    !Array.isArray(raw) ||
    raw.length === 0 ||
    raw.length > maxItemsPerChange ||
    !raw.every((position) => typeof position === 'number' && Number.isInteger(position) && position >= 0)
  ) {
    throw badRequest('Invalid positions: expected a list of positions counting from 0');
  }
  return [...new Set(raw as number[])];
}

/**
 * The `{ uri, positions? }` entries of a removal. `positions` is the older API's: it removes only the
 * copies at those positions (of the snapshot given, which must be the current one).
 */
export function removalEntries(body: Record<string, unknown>): Removal[] {
  // `tracks` is the key's name before 2026.
  const list = body.items ?? body.tracks;
  if (list === undefined) throw badRequest('Missing required parameter: items');
  if (!Array.isArray(list) || list.length === 0) throw badRequest('Invalid items: expected a list of { uri }');
  if (list.length > maxItemsPerChange) throw badRequest(`Too many items: at most ${maxItemsPerChange}`);
  const entries = list.map((entry: unknown) => {
    const uri = typeof entry === 'object' && entry !== null ? (entry as { uri?: unknown }).uri : undefined;
    if (typeof uri !== 'string') throw badRequest('Invalid items: expected a list of { uri }');
    return { uri, positions: removalPositions(entry as Record<string, unknown>) };
  });
  const uris = urisParam(
    entries.map((entry) => entry.uri),
    maxItemsPerChange,
    itemTypes,
  );
  return entries.map((entry, index) => {
    const uri = uris[index];
    if (!uri) throw badRequest('Invalid items: expected a list of { uri }');
    return entry.positions === undefined ? { uri } : { uri, positions: entry.positions };
  });
}

/** Whether the item row holds the track or episode. */
function holds(row: store.PositionedItem, uri: ParsedUri): boolean {
  return uri.type === 'track' ? row.track_id === uri.id : row.episode_id === uri.id;
}

/**
 * The item rows that the positional entries name, each checked to hold its entry's item: a position
 * that holds another item (or none) refuses the whole removal.
 */
async function rowsAtPositions(tx: Queryable, playlistId: string, entries: readonly Removal[]): Promise<number[]> {
  const wanted = entries.flatMap((entry) => (entry.positions ?? []).map((position) => ({ uri: entry.uri, position })));
  if (wanted.length === 0) return [];
  const rows = new Map(
    (
      await store.itemsAt(
        tx,
        playlistId,
        wanted.map((entry) => entry.position),
      )
    ).map((row) => [row.position, row]),
  );
  return wanted.map(({ uri, position }) => {
    const row = rows.get(position);
    if (!row || !holds(row, uri)) {
      throw new ApiError(
        400,
        `Invalid positions: position ${String(position)} does not hold spotify:${uri.type}:${uri.id}`,
        'POSITION_MISMATCH',
      );
    }
    return row.id;
  });
}

export function removeItems(db: Database): Handler {
  return async (req, res) => {
    const id = catalogId(req.params.playlist_id);
    const body = bodyOf(req);
    const entries = removalEntries(body);
    const everyCopy = entries.filter((entry) => entry.positions === undefined).map((entry) => entry.uri);
    const ofType = (type: UriType) => [...new Set(everyCopy.filter((uri) => uri.type === type).map((uri) => uri.id))];
    const byPosition = entries.some((entry) => entry.positions !== undefined);
    const options = { snapshotId: optionalSnapshot(body), currentSnapshot: byPosition };
    const snapshotId = await change(db, res, id, options, async (tx) => {
      // Checked before anything is removed: a refused removal changes nothing.
      const rowIds = await rowsAtPositions(tx, id, entries);
      await store.deleteItemRows(tx, id, rowIds);
      if (everyCopy.length > 0) await store.deleteItemsOf(tx, id, ofType('track'), ofType('episode'));
      await store.renumber(tx, id);
    });
    res.status(200).json({ snapshot_id: snapshotId });
  };
}
