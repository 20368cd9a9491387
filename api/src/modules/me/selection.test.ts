import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { childFields, itemsSelect, selectsField, selectsOnly } from './selection';

const schema = buildSchema(`
  type Track { id: ID! uri: String! name: String! saved: Boolean album: Album }
  type Album { id: ID! name: String! }
  type TrackEdge { node: Track! }
  type TrackConnection { edges: [TrackEdge!]! nodes: [Track!]! }
  type Query { tracks: [Track!]! page: TrackConnection }
`);

/** What `look` answers inside the resolver of `field` for `document`. */
async function lookAhead<T>(
  document: string,
  field: 'tracks' | 'page',
  look: (info: GraphQLResolveInfo) => T,
  variables?: Record<string, unknown>,
): Promise<T> {
  let answer: { value: T } | undefined;
  const result = await graphql({
    schema,
    source: document,
    variableValues: variables,
    rootValue: {
      [field]: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        answer = { value: look(info) };
        return field === 'tracks' ? [] : null;
      },
    },
  });
  expect(result.errors).toBeUndefined();
  if (!answer) throw new Error(`${field} was not resolved`);
  return answer.value;
}

/** Whether `document`'s `tracks` field selects only `fields`. */
async function check(document: string, fields: string[]): Promise<boolean> {
  let answer: boolean | undefined;
  const result = await graphql({
    schema,
    source: document,
    rootValue: {
      tracks: (_args: unknown, _context: unknown, info: GraphQLResolveInfo) => {
        answer = selectsOnly(info, new Set(fields));
        return [];
      },
    },
  });
  expect(result.errors).toBeUndefined();
  if (answer === undefined) throw new Error('tracks was not resolved');
  return answer;
}

describe('selectsOnly', () => {
  const identity = ['__typename', 'id', 'uri', 'saved'];

  it('is true when every selected field is allowed', async () => {
    expect(await check('{ tracks { __typename id saved } }', identity)).toBe(true);
  });

  it('is false when any other field is selected', async () => {
    expect(await check('{ tracks { id name } }', identity)).toBe(false);
  });

  it('is false for an allowed name with its own selections', async () => {
    expect(await check('{ tracks { id album { id } } }', [...identity, 'album'])).toBe(false);
  });

  it('looks into inline fragments and named fragments', async () => {
    expect(await check('{ tracks { ... on Track { id } ...T } } fragment T on Track { saved }', identity)).toBe(true);
    expect(await check('{ tracks { ...T } } fragment T on Track { id name }', identity)).toBe(false);
  });

  it('reads every occurrence of the field', async () => {
    expect(await check('{ tracks { id } tracks { name } }', identity)).toBe(false);
  });
});

describe('looking ahead', () => {
  const names = (info: GraphQLResolveInfo) => childFields(info).map((field) => field.name.value);

  it('lists the fields selected on the objects, fragments expanded, in document order', async () => {
    expect(
      await lookAhead(
        '{ tracks { id ...T ... on Track { album { id } } } } fragment T on Track { name saved }',
        'tracks',
        names,
      ),
    ).toEqual(['id', 'name', 'saved', 'album']);
  });

  it('leaves out what @skip and @include leave out', async () => {
    const document = 'query($yes: Boolean!) { tracks { id saved @include(if: $yes) name @skip(if: $yes) } }';
    expect(await lookAhead(document, 'tracks', names, { yes: true })).toEqual(['id', 'saved']);
    expect(await lookAhead(document, 'tracks', names, { yes: false })).toEqual(['id', 'name']);
  });

  it('tells whether a field is selected, on the objects or on the items of a connection', async () => {
    expect(await lookAhead('{ tracks { id saved } }', 'tracks', (info) => selectsField(info, 'saved'))).toBe(true);
    expect(await lookAhead('{ tracks { id album { name } } }', 'tracks', (info) => selectsField(info, 'name'))).toBe(
      false,
    );
    const saved = (info: GraphQLResolveInfo) => itemsSelect(info, 'saved');
    expect(await lookAhead('{ page { nodes { id saved } } }', 'page', saved)).toBe(true);
    expect(await lookAhead('{ page { edges { node { ...T } } } } fragment T on Track { saved }', 'page', saved)).toBe(
      true,
    );
    expect(await lookAhead('{ page { edges { node { id } } nodes { name } } }', 'page', saved)).toBe(false);
  });
});
