import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { selectsOnly } from './selection';

const schema = buildSchema(`
  type Track { id: ID! uri: String! name: String! saved: Boolean album: Album }
  type Album { id: ID! name: String! }
  type Query { tracks: [Track!]! }
`);

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
