import type { GraphqlFixture, GraphqlResult } from '../../__fixtures__/graphql';
import { encodeCursor } from '../common/connections';

/** `METHOD /v1/path` of each upstream call, in order. */
export const calls = (result: GraphqlResult): string[] => result.upstream.map((call) => `${call.method} ${call.path}`);

/**
 * The calls that got an answer: a development-mode upstream refuses multi-gets with 403, which
 * the loaders learn from the first one they try in the process.
 */
export const answered = (result: GraphqlResult): string[] =>
  calls({ ...result, upstream: result.upstream.filter((call) => call.status !== 403) });

/** The calls the upstream refused. */
export const refused = (result: GraphqlResult): string[] =>
  calls({ ...result, upstream: result.upstream.filter((call) => call.status === 403) });

export const codes = (result: GraphqlResult): (string | undefined)[] =>
  result.errors.map((error) => error.extensions?.code);

/** The value at `path` in the result's data. */
// oxlint-disable-next-line typescript/no-unnecessary-type-parameters -- the caller names the shape it expects
export function field<T>(result: GraphqlResult, ...path: (string | number)[]): T {
  let value: unknown = result.data;
  for (const key of path) value = (value as Record<string | number, unknown> | null | undefined)?.[key];
  return value as T;
}

/** The cursor of the item at `offset` of any connection. */
export const cursorAt = (offset: number): string => encodeCursor(offset);

/** Ids of `table` in id order (`SELECT id FROM <table> ORDER BY id`), from `offset`. */
export async function idsOf(fixture: GraphqlFixture, table: string, count: number, offset = 0): Promise<string[]> {
  const { rows } = await fixture.db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id LIMIT $1 OFFSET $2`, [
    count,
    offset,
  ]);
  return rows.map((row) => row.id);
}

/** The tracks of an album, in album order. */
export async function tracksOf(fixture: GraphqlFixture, albumId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await fixture.db.query<{ id: string; name: string }>(
    'SELECT id, name FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
    [albumId],
  );
  return rows;
}

/** Runs an operation without signing in. */
export async function anonymous(fixture: GraphqlFixture, query: string): Promise<{ errors?: unknown[] }> {
  const response = await fetch(`${fixture.apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { errors?: unknown[] };
}
