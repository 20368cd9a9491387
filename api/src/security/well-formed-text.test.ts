import { describe, expect, it } from 'vitest';
import { firstMalformedText } from './well-formed-text';

const lone = '\ud83d';

describe('firstMalformedText', () => {
  it('finds a lone surrogate at any depth and says where', () => {
    expect(firstMalformedText({ id: `abc${lone}` })).toBe('$id');
    expect(firstMalformedText({ input: { playlistId: 'p', uris: ['a', `b${lone}`] } })).toBe('$input.uris[1]');
    expect(firstMalformedText({ id: '\udc00x' })).toBe('$id');
  });

  it('accepts well-formed text, pairs of surrogates (emoji) included, and values that are not text', () => {
    expect(firstMalformedText(undefined)).toBeNull();
    expect(firstMalformedText({ id: '😀 𝕏 漢字 é', n: 5, b: true, none: null, list: [[['ok']]] })).toBeNull();
  });

  it('walks variables nested far deeper than the stack could recurse', () => {
    let value: unknown = lone;
    for (let level = 0; level < 100_000; level += 1) value = [value];
    expect(firstMalformedText({ ids: value })).toMatch(/^\$ids(\[0\])+$/);
  });
});
