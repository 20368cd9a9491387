import { GraphQLError } from 'graphql';
import type { V1Page } from '../../music/v1';

/**
 * Every connection of the schema pages forward with `first` and `after`. The music v1 API pages
 * by offset, so a cursor is an offset, made opaque: clients must not build cursors themselves.
 */

/** The documented bounds of one connection's `first`. */
export interface PageBounds {
  /** Used when `first` is absent. */
  default: number;
  /** The largest `first` allowed (the upstream endpoint's own maximum at most). */
  max: number;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

const cursorPrefix = 'offset:';

export function encodeCursor(offset: number): string {
  return Buffer.from(`${cursorPrefix}${offset}`, 'utf8').toString('base64url');
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The offset a cursor stands for; BAD_USER_INPUT for anything this API did not hand out. */
export function decodeCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const offset = text.startsWith(cursorPrefix) ? Number(text.slice(cursorPrefix.length)) : Number.NaN;
  if (!Number.isSafeInteger(offset) || offset < 0 || encodeCursor(offset) !== cursor) {
    throw badInput('Invalid cursor: pass an endCursor this API returned.');
  }
  return offset;
}

/** The page asked for by `first` and `after`, checked against the connection's bounds. */
export function pageRequest(
  args: { first?: number | null; after?: string | null },
  bounds: PageBounds,
  field: string,
): PageRequest {
  const limit = args.first ?? bounds.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > bounds.max) {
    throw badInput(`${field}: first must be between 1 and ${bounds.max}, got ${String(args.first)}.`);
  }
  const offset = args.after === null || args.after === undefined ? 0 : decodeCursor(args.after) + 1;
  return { limit, offset };
}

/** A connection's page: edges (each with its cursor), nodes, page info and the total. */
export interface Connection<Edge extends { node: unknown }> {
  edges: (Edge & { cursor: string })[];
  nodes: Edge['node'][];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

/**
 * Builds a connection from the edges of one page that started at `request.offset`, in list order:
 * `positions[i]` is edge i's place in the whole list. `received` is how many items the page held
 * (some may have been left out of `edges`), and `total` the size of the whole list when known;
 * without it, a next page is assumed while pages come back full.
 */
function build<Edge extends { node: unknown }>(
  edges: readonly Edge[],
  positions: readonly number[],
  request: PageRequest,
  received: number,
  total: number | undefined,
): Connection<Edge> {
  const withCursors = edges.map((edge, index) => ({
    ...edge,
    cursor: encodeCursor(positions[index] ?? request.offset + index),
  }));
  const end = request.offset + received;
  return {
    edges: withCursors,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: total === undefined ? received >= request.limit : end < total,
      hasPreviousPage: request.offset > 0,
      startCursor: withCursors[0]?.cursor ?? null,
      endCursor: withCursors.at(-1)?.cursor ?? null,
    },
    totalCount: total ?? end,
  };
}

/** A connection over one page of edges that holds every item of the page. */
export function connection<Edge extends { node: unknown }>(
  edges: readonly Edge[],
  request: PageRequest,
  total: number | undefined,
): Connection<Edge> {
  return build(
    edges,
    edges.map((_, index) => request.offset + index),
    request,
    edges.length,
    total,
  );
}

/**
 * A connection from a music v1 paging object, each item turned into an edge by `toEdge`; an item
 * it answers null for (one the upstream could not describe) is left out, and the cursors of the
 * others keep their places in the list.
 */
export function connectionFromPage<Item, Edge extends { node: unknown }>(
  page: V1Page<Item>,
  request: PageRequest,
  toEdge: (item: Item) => Edge | null,
): Connection<Edge> {
  const edges: Edge[] = [];
  const positions: number[] = [];
  const items = page.items ?? [];
  items.forEach((item, index) => {
    const edge = toEdge(item);
    if (edge === null) return;
    edges.push(edge);
    positions.push(request.offset + index);
  });
  return build(edges, positions, request, items.length, page.total);
}
