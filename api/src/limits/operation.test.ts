import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pageSizeError } from '../security/page-bounds';
import { measureOperation } from './operation';
import { testSdl } from './test-schema';

const schema = buildSchema(testSdl);

function measure(query: string, variables?: Record<string, unknown>) {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  return measureOperation({ schema, document, operation, variables });
}

function pageSizeMessage(query: string, variables?: Record<string, unknown>): string | null {
  const { pageSize } = measure(query, variables);
  return pageSize ? pageSizeError(pageSize).message : null;
}

describe('measureOperation', () => {
  it('measures depth, aliases, root fields, cost and page sizes together, fragments and variables applied', () => {
    const query = `query($n: Int) { a: albums(first: $n) { edges { node { ...Parts } } } version }
      fragment Parts on Album { b: artists { name } tracks(first: 60) { edges { cursor } } }`;
    expect(measure(query, { n: 4 })).toEqual({
      depth: 6,
      introspectionDepth: 0,
      aliases: 2,
      rootFields: 2,
      // albums (1) + 4 × (artists (1) + tracks (1)); edges and node are the page itself.
      cost: 1 + 4 * 2,
      pageSize: expect.objectContaining({
        field: 'Album.tracks',
        argument: 'first',
        bounds: { min: 2, max: 50 },
        value: 60,
      }) as unknown,
    });
  });

  it('reads page-size bounds from @pageSize only, whatever a description says', () => {
    expect(pageSizeMessage('{ album(id: "a") { tracks(first: 1) { edges { cursor } } } }')).toBe(
      'Album.tracks: first must be between 2 and 50, got 1.',
    );
    expect(pageSizeMessage('{ album(id: "a") { tracks(first: 51) { edges { cursor } } } }')).toBe(
      'Album.tracks: first must be between 2 and 50, got 51.',
    );
    // "How many tracks, from 1 to 5." without the directive bounds nothing.
    expect(pageSizeMessage('{ search(q: "x", limit: 500) { name } }')).toBeNull();
    expect(pageSizeMessage('{ albums(first: 50) { totalCount } }')).toBeNull();
  });

  it('takes no page size from a skipped selection, but still counts its depth and cost', () => {
    const query = `query($s: Boolean!) {
      albums(first: 500) @include(if: $s) { edges { node { artists { name } } } }
    }`;
    expect(measure(query, { s: false })).toMatchObject({ depth: 5, cost: 1 + 500 * 1, pageSize: null });
    expect(pageSizeMessage(query, { s: true })).toBe('Query.albums: first must be between 1 and 50, got 500.');
  });

  it('finds a page size in a fragment measured once, when a later spread of it is included', () => {
    const query = `query($s: Boolean!) {
      albums(first: 5) { edges { node { ...Tracks @include(if: $s) } } }
      album(id: "a") { ...Tracks }
    }
    fragment Tracks on Album { tracks(first: 99) { edges { cursor } } }`;
    expect(pageSizeMessage(query, { s: false })).toBe('Album.tracks: first must be between 2 and 50, got 99.');
  });
});
