import { buildSchema, getIntrospectionQuery, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { measureOperation } from './operation';
import { testSdl } from './test-schema';

const schema = buildSchema(testSdl);

function cost(query: string, variables?: Record<string, unknown>, operationName?: string): number {
  const document = parse(query);
  const operation = getOperationAST(document, operationName);
  if (!operation) throw new Error('no operation');
  return measureOperation({ schema, document, operation, variables }).cost;
}

describe('the cost of an operation', () => {
  it('charges 1 for an object field and nothing for scalars', () => {
    expect(cost('{ version }')).toBe(0);
    expect(cost('{ upstream { name } }')).toBe(1);
    expect(cost('{ album(id: "a") { id name genres } }')).toBe(1);
    expect(cost('{ album(id: "a") { name artists { name } } }')).toBe(2);
  });

  it('multiplies a connection by `first`, or by its default from the SDL when absent', () => {
    // albums (1) + 20 × (the edges and node are the page itself, artists costs 1 per album)
    expect(cost('{ albums { edges { node { name artists { name } } } pageInfo { hasNextPage } totalCount } }')).toBe(
      1 + 20 * 1,
    );
    expect(cost('{ albums(first: 5) { edges { node { artists { name } } } } }')).toBe(1 + 5 * 1);
    expect(cost('{ albums(first: 5) { edges { node { name } } } }')).toBe(1);
  });

  it('multiplies nested pages', () => {
    const query =
      '{ albums(first: 10) { edges { node { tracks(first: 30) { edges { node { album { name } } } } } } } }';
    expect(cost(query)).toBe(1 + 10 * (1 + 30 * 1));
  });

  it('multiplies a list by `limit`, and leaves a list without a size argument at 1', () => {
    expect(cost('{ search(q: "x") { album { name } } }')).toBe(1 + 10 * 1);
    expect(cost('{ search(q: "x", limit: 3) { album { name } } }')).toBe(1 + 3 * 1);
    expect(cost('{ unsized { album { name } } }')).toBe(1 + 1);
  });

  it('multiplies a list asked for by ids by how many ids it names', () => {
    expect(cost('{ tracks(ids: ["a", "b", "c"]) { album { name } } }')).toBe(1 + 3 * 1);
    expect(cost('query ($ids: [ID!]!) { tracks(ids: $ids) { album { name } } }', { ids: ['a', 'b'] })).toBe(1 + 2);
  });

  it('reads weights and multipliers from the @cost directive', () => {
    expect(cost('{ recommendations(seed: "s") { name } }')).toBe(3);
    expect(cost('{ recommendations(seed: "s") { album { name } } }')).toBe(3 + 5 * 1);
    expect(cost('{ recommendations(seed: "s", count: 7) { album { name } } }')).toBe(3 + 7 * 1);
    expect(cost('{ featured { artists { name } } }')).toBe(0 + 1);
    expect(cost('mutation { play(id: "t") }')).toBe(2);
  });

  it('uses the variables of the request, then the variable default, then the argument default', () => {
    const query = 'query($n: Int) { albums(first: $n) { edges { node { artists { name } } } } }';
    expect(cost(query, { n: 40 })).toBe(1 + 40);
    expect(cost(query, {})).toBe(1 + 20);
    expect(cost(query, { n: null })).toBe(1 + 20);
    expect(cost('query($n: Int = 7) { albums(first: $n) { edges { node { artists { name } } } } }', {})).toBe(1 + 7);
    // A value that is not an integer fails coercion later; here it falls back to the default.
    expect(cost(query, { n: 'many' })).toBe(1 + 20);
    expect(cost(query, { n: -5 })).toBe(1 + 0);
  });

  it('follows named and inline fragments, and selections on each type of an interface', () => {
    const query = `
      query {
        albums(first: 4) { edges { node { ...AlbumParts } } }
        node(id: "x") { id ... on Album { artists { name } } ... on Track { album { name } } }
      }
      fragment AlbumParts on Album { ...ArtistParts ... on Album { tracks(first: 2) { edges { node { album { id } } } } } }
      fragment ArtistParts on Album { artists { name } }
    `;
    expect(cost(query)).toBe(1 + 4 * (1 + (1 + 2 * 1)) + (1 + 1 + 1));
  });

  it('charges nothing for introspection', () => {
    expect(cost(getIntrospectionQuery())).toBe(0);
    expect(cost('{ __typename __type(name: "Album") { name fields { name } } }')).toBe(0);
  });

  it('costs the selected operation only', () => {
    const document = 'query A { upstream { name } } query B { album(id: "a") { artists { name } } }';
    expect(cost(document, {}, 'A')).toBe(1);
    expect(cost(document, {}, 'B')).toBe(2);
  });

  it('measures a document that spreads fragments exponentially in linear time', () => {
    const levels = 40;
    const fragments = Array.from(
      { length: levels },
      (_, level) =>
        `fragment F${level} on Album { ${level === levels - 1 ? 'artists { name }' : `...F${level + 1} a${level}: artists { ...F${level + 1} }`} }`,
    );
    const query = `{ album(id: "a") { ...F0 } } ${fragments.join(' ')}`;
    const started = performance.now();
    const value = cost(query);
    expect(performance.now() - started).toBeLessThan(500);
    expect(value).toBeGreaterThan(2 ** 30);
  });

  it('ends on cyclic fragments, which validation refuses anyway', () => {
    expect(
      cost('{ album(id: "a") { ...A } } fragment A on Album { artists { name } ...B } fragment B on Album { ...A }'),
    ).toBe(2);
  });
});
