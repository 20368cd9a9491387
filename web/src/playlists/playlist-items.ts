import type { ApolloCache, Reference } from '@apollo/client';
import type { ModifierDetails } from '@apollo/client/cache';
import {
  appendEdges,
  moveEdge,
  removeEdges,
  restoreEdges,
  type Removed,
  type StoredConnection,
  type StoredEdge,
} from '../library/connections';

/** A playlist item's edge as the cache keeps it. */
export type ItemEdge = StoredEdge & { node?: Reference; addedAt?: string | null };
export type ItemsConnection = StoredConnection<ItemEdge>;

export type PlayableType = 'Track' | 'Episode';

/** A track or an episode, by what the cache and the music service know it by. */
export interface PlayableRef {
  __typename: PlayableType;
  id: string;
  uri: string;
}

/**
 * Drops the cached items and version of a playlist, so that a screen showing them reads them again
 * from the music service: after a change was refused because the playlist changed elsewhere.
 */
export function reloadCachedItems(cache: ApolloCache, playlistId: string): void {
  const id = cache.identify({ __typename: 'Playlist', id: playlistId });
  if (!id) return;
  cache.evict({ id, fieldName: 'items' });
  cache.evict({ id, fieldName: 'snapshotId' });
  cache.gc();
}

/** Changes the cached items of a playlist, when they are in the cache. */
export function modifyItems(
  cache: ApolloCache,
  playlistId: string,
  change: (items: ItemsConnection, details: ModifierDetails) => ItemsConnection | ModifierDetails['DELETE'],
): void {
  const id = cache.identify({ __typename: 'Playlist', id: playlistId });
  if (!id) return;
  cache.modify({
    id,
    fields: { items: (value, details) => change(value as ItemsConnection, details) as never },
  });
}

/** Moves the item at `from` to `to` in the cached items. */
export function moveCachedItem(cache: ApolloCache, playlistId: string, from: number, to: number): void {
  modifyItems(cache, playlistId, (items) => moveEdge(items, from, to));
}

export interface Removal {
  removed: Removed<ItemEdge>[];
  /** The cursors of the positions before the removal, to put the items back where they were. */
  cursors: (string | undefined)[];
}

/**
 * Removes an item from the cached items: the copy at `position` when given (and when it holds that
 * item), else every copy; says which ones went from where.
 */
export function removeCachedItem(
  cache: ApolloCache,
  playlistId: string,
  item: PlayableRef,
  position?: number,
): Removal {
  const removal: Removal = { removed: [], cursors: [] };
  modifyItems(cache, playlistId, (items, { toReference }) => {
    const reference = toReference({ __typename: item.__typename, id: item.id });
    const edges = items.edges ?? [];
    const result = removeEdges(
      items,
      (edge) => edge.node?.__ref === reference?.__ref && (position === undefined || edges.indexOf(edge) === position),
    );
    removal.removed = result.removed;
    removal.cursors = (items.edges ?? []).map((edge) => edge.cursor);
    return result.connection;
  });
  return removal;
}

/** Puts removed items back at their positions in the cached items. */
export function restoreCachedItems(cache: ApolloCache, playlistId: string, removal: Removal, addedAt: string): void {
  const removed = removal.removed.map(({ edge, position }) => ({ edge: { ...edge, addedAt }, position }));
  modifyItems(cache, playlistId, (items) => restoreEdges(items, removed, removal.cursors));
}

let added = 0;

/**
 * Adds items at the end of the cached items. When one of them is not in the cache (it was added
 * from a list that did not load it), the cached items are dropped instead, to load again when shown.
 */
export function appendCachedItems(
  cache: ApolloCache,
  playlistId: string,
  items: readonly PlayableRef[],
  addedAt: string,
): void {
  modifyItems(cache, playlistId, (connection, { toReference, canRead, DELETE }) => {
    const edges: ItemEdge[] = [];
    for (const item of items) {
      const node = toReference({ __typename: item.__typename, id: item.id });
      if (!node || !canRead(node)) return DELETE;
      added += 1;
      edges.push({ __typename: 'PlaylistItemEdge', cursor: `added-${String(added)}`, addedAt, node });
    }
    return appendEdges(connection, edges);
  });
}

/** Reads a track or episode URI: `spotify:track:<id>`. */
export function playableOf(uri: string): PlayableRef | null {
  const [scheme, kind, id] = uri.split(':');
  if (scheme !== 'spotify' || !id) return null;
  if (kind === 'track') return { __typename: 'Track', id, uri };
  if (kind === 'episode') return { __typename: 'Episode', id, uri };
  return null;
}

export interface Length {
  /** Milliseconds: the sum of the loaded items, or an estimate for the whole playlist. */
  ms: number;
  /** True when not every item is loaded and `ms` is estimated from the loaded ones. */
  approximate: boolean;
}

/**
 * How long a playlist plays. With every item loaded, the exact sum; otherwise the loaded items'
 * average times the playlist's count, marked approximate ("about 3 hr 20 min").
 */
export function playlistLength(durations: readonly number[], totalCount: number): Length {
  const sum = durations.reduce((total, duration) => total + duration, 0);
  if (durations.length === 0 || durations.length >= totalCount) return { ms: sum, approximate: false };
  return { ms: Math.round((sum / durations.length) * totalCount), approximate: true };
}
