/**
 * Spotify's paging objects. `href`, `next` and `previous` are absolute URLs of the same
 * endpoint, with every other query parameter kept, so a client can follow them as they are.
 */

export interface OffsetPage<T> {
  href: string;
  items: T[];
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total: number;
}

export interface CursorPage<T> {
  href: string;
  items: T[];
  limit: number;
  next: string | null;
  cursors: { after: string | null; before?: string | null };
  total: number;
}

function withParams(base: string, query: Record<string, string>, changes: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

/** Keeps a request's string query parameters (Express may hand arrays or objects for odd input). */
export function stringQuery(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * An offset page. `endpoint` is the absolute URL of the endpoint without a query string;
 * `query` the request's other parameters.
 */
export function offsetPage<T>(
  endpoint: string,
  query: Record<string, string>,
  items: T[],
  page: { limit: number; offset: number },
  total: number,
  maxOffset = Number.POSITIVE_INFINITY,
): OffsetPage<T> {
  const { limit, offset } = page;
  const href = withParams(endpoint, query, { offset: String(offset), limit: String(limit) });
  const nextOffset = offset + limit;
  // A page of none has no next: it would name this page again.
  const next =
    limit > 0 && nextOffset < total && nextOffset <= maxOffset
      ? withParams(endpoint, query, { offset: String(nextOffset), limit: String(limit) })
      : null;
  const previous =
    offset > 0
      ? withParams(endpoint, query, { offset: String(Math.max(0, offset - limit)), limit: String(limit) })
      : null;
  return { href, items, limit, next, offset, previous, total };
}

/** A cursor page: `after` is the cursor of the last item when more follow. */
export function cursorPage<T>(
  endpoint: string,
  query: Record<string, string>,
  items: T[],
  limit: number,
  total: number,
  after: string | null,
  before?: string | null,
): CursorPage<T> {
  return {
    href: withParams(endpoint, query, { limit: String(limit) }),
    items,
    limit,
    next: after === null ? null : withParams(endpoint, query, { after, before: undefined, limit: String(limit) }),
    cursors: before === undefined ? { after } : { after, before },
    total,
  };
}
