import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkIds, parseUris, uriOf } from './uris';

const code = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error instanceof GraphQLError ? error.extensions.code : error;
  }
  return undefined;
};

describe('parseUris', () => {
  const types = new Set(['track', 'episode']);

  it('parses URIs of the allowed types, in order', () => {
    expect(parseUris(['spotify:track:a1', 'spotify:episode:B2'], types, { min: 1, max: 5 }, 'f')).toEqual([
      { type: 'track', id: 'a1', uri: 'spotify:track:a1' },
      { type: 'episode', id: 'B2', uri: 'spotify:episode:B2' },
    ]);
  });

  it('refuses other types, malformed URIs and counts outside the bounds', () => {
    const bounds = { min: 1, max: 2 };
    expect(code(() => parseUris(['spotify:album:a1'], types, bounds, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => parseUris(['spotify:track:'], types, bounds, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => parseUris(['track:a1'], types, bounds, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => parseUris(['spotify:track:a b'], types, bounds, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => parseUris([], types, bounds, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => parseUris(['spotify:track:a', 'spotify:track:b', 'spotify:track:c'], types, bounds, 'f'))).toBe(
      'BAD_USER_INPUT',
    );
    expect(parseUris([], types, { min: 0, max: 2 }, 'f')).toEqual([]);
  });
});

describe('checkIds', () => {
  it('accepts 1 to max ids and refuses the rest', () => {
    expect(code(() => checkIds(['a1', 'b2'], 2, 'f'))).toBeUndefined();
    expect(code(() => checkIds([], 2, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => checkIds(['a', 'b', 'c'], 2, 'f'))).toBe('BAD_USER_INPUT');
    expect(code(() => checkIds(['a,b'], 2, 'f'))).toBe('BAD_USER_INPUT');
  });
});

describe('uriOf', () => {
  it('prefers the URI the upstream gave, else builds one from the id', () => {
    expect(uriOf({ id: 'x', uri: 'spotify:track:x' }, 'track')).toBe('spotify:track:x');
    expect(uriOf({ id: 'x' }, 'album')).toBe('spotify:album:x');
  });
});
