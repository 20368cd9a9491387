import { describe, expect, it } from 'vitest';
import { entityTagMatches } from './entity-tags';

describe('entityTagMatches', () => {
  it('matches a listed tag, weak or strong, and any tag for *', () => {
    expect(entityTagMatches('"a"', '"a"')).toBe(true);
    expect(entityTagMatches('"other", W/"a"', '"a"')).toBe(true);
    expect(entityTagMatches('"a"', 'W/"a"')).toBe(true);
    expect(entityTagMatches(' * ', '"a"')).toBe(true);
  });

  it('does not match without the header, or with other tags only', () => {
    expect(entityTagMatches(undefined, '"a"')).toBe(false);
    expect(entityTagMatches('', '"a"')).toBe(false);
    expect(entityTagMatches('"b", W/"c"', '"a"')).toBe(false);
    expect(entityTagMatches('"a-br"', '"a"')).toBe(false);
  });
});
