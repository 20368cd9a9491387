/**
 * Edits of a paged connection as the Apollo cache stores it (edges, pageInfo, totalCount), for
 * changes made on screen before or without asking the server for the list again.
 *
 * Cursors wrap offsets (docs/decisions/004-paging.md), so they belong to positions, not to items:
 * after a move or a removal, the edge at position i keeps the cursor of position i, and the next
 * page is asked for after the last loaded position. A list that loses an item on screen then
 * neither skips nor repeats an item of its next page.
 */

export interface StoredEdge {
  cursor?: string;
  [field: string]: unknown;
}

export interface StoredPageInfo {
  hasNextPage?: boolean;
  endCursor?: string | null;
  [field: string]: unknown;
}

export interface StoredConnection<Edge extends StoredEdge = StoredEdge> {
  edges?: readonly Edge[];
  pageInfo?: StoredPageInfo;
  totalCount?: number;
  [field: string]: unknown;
}

/** The items in a new order: the one at `from` now at `to`, the others in their order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length || to < 0 || to >= result.length) return result;
  const [moved] = result.splice(from, 1) as [T];
  result.splice(to, 0, moved);
  return result;
}

/**
 * Where the music service must insert an item taken from `from` so that it ends at `to`:
 * `insert_before` counts positions in the list before the move.
 */
export function insertBeforeFor(from: number, to: number): number {
  return to > from ? to + 1 : to;
}

/** The edges with the cursors of the given positions, and the pageInfo pointing after the last. */
function withPositionCursors<Edge extends StoredEdge>(
  connection: StoredConnection<Edge>,
  edges: readonly Edge[],
  cursors: readonly (string | undefined)[],
): StoredConnection<Edge> {
  const placed = edges.map((edge, index) => {
    const cursor = cursors[index] ?? edge.cursor;
    return cursor === edge.cursor ? edge : { ...edge, cursor };
  });
  const pageInfo = connection.pageInfo;
  if (!pageInfo?.hasNextPage) return { ...connection, edges: placed };
  // More is to load: it follows the last loaded position.
  const last = placed[placed.length - 1];
  return { ...connection, edges: placed, pageInfo: { ...pageInfo, endCursor: last?.cursor ?? null } };
}

/** The connection with one edge moved from `from` to `to`; positions keep their cursors. */
export function moveEdge<Edge extends StoredEdge>(
  connection: StoredConnection<Edge>,
  from: number,
  to: number,
): StoredConnection<Edge> {
  const edges = connection.edges ?? [];
  if (from === to || from < 0 || to < 0 || from >= edges.length || to >= edges.length) return connection;
  return withPositionCursors(
    connection,
    moveItem(edges, from, to),
    edges.map((edge) => edge.cursor),
  );
}

export interface Removed<Edge> {
  edge: Edge;
  /** Its position before the removal. */
  position: number;
}

/** The connection without the edges that match, and which ones they were. */
export function removeEdges<Edge extends StoredEdge>(
  connection: StoredConnection<Edge>,
  matches: (edge: Edge) => boolean,
): { connection: StoredConnection<Edge>; removed: Removed<Edge>[] } {
  const edges = connection.edges ?? [];
  const removed: Removed<Edge>[] = [];
  const kept: Edge[] = [];
  edges.forEach((edge, position) => {
    if (matches(edge)) removed.push({ edge, position });
    else kept.push(edge);
  });
  if (removed.length === 0) return { connection, removed };
  const next = withPositionCursors(
    connection,
    kept,
    edges.map((edge) => edge.cursor),
  );
  const totalCount =
    connection.totalCount === undefined ? undefined : Math.max(0, connection.totalCount - removed.length);
  return { connection: totalCount === undefined ? next : { ...next, totalCount }, removed };
}

/**
 * The connection with edges put back at their positions (ascending), as before a removal. The
 * cursors of the positions before that removal come back with them.
 */
export function restoreEdges<Edge extends StoredEdge>(
  connection: StoredConnection<Edge>,
  removed: readonly Removed<Edge>[],
  cursors: readonly (string | undefined)[],
): StoredConnection<Edge> {
  const edges = [...(connection.edges ?? [])];
  for (const { edge, position } of [...removed].sort((a, b) => a.position - b.position)) {
    edges.splice(Math.min(position, edges.length), 0, edge);
  }
  const next = withPositionCursors(connection, edges, cursors);
  return connection.totalCount === undefined ? next : { ...next, totalCount: connection.totalCount + removed.length };
}

/**
 * The connection with edges added at its end. While pages remain to load, the new edges are
 * beyond what is loaded: only the count changes, and they come with the last page.
 */
export function appendEdges<Edge extends StoredEdge>(
  connection: StoredConnection<Edge>,
  added: readonly Edge[],
): StoredConnection<Edge> {
  const totalCount = connection.totalCount === undefined ? undefined : connection.totalCount + added.length;
  const counted = totalCount === undefined ? connection : { ...connection, totalCount };
  if (connection.pageInfo?.hasNextPage) return counted;
  return { ...counted, edges: [...(connection.edges ?? []), ...added] };
}

/** The first edge of each key: a list read page by page may meet an item twice when it changed meanwhile. */
export function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
