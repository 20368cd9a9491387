import { describe, expect, it } from 'vitest';
import { isEmptyQuery, parseQuery } from './query';

describe('search queries', () => {
  it('reads plain words, the last one as a prefix unless the query ends in a space', () => {
    const query = parseQuery('Midnight  Ci');
    expect(query.words).toEqual([
      { text: 'midnight', exact: false, prefix: false },
      { text: 'ci', exact: false, prefix: true },
    ]);
    expect(parseQuery('midnight ').words.at(-1)?.prefix).toBe(false);
  });

  it('reads quoted phrases as exact words', () => {
    expect(parseQuery('"quiet hours" live').words).toEqual([
      { text: 'quiet', exact: true, prefix: false },
      { text: 'hours', exact: true, prefix: false },
      { text: 'live', exact: false, prefix: true },
    ]);
    expect(parseQuery('"unclosed phrase').words.map((word) => word.exact)).toEqual([true, true]);
  });

  it('reads field filters, quoted or not', () => {
    const query = parseQuery(
      'love artist:"The Quiet Hours" album:Echoes track:rain genre:Hip-Hop year:1999-1990 tag:new TAG:hipster upc:600000000007 isrc:qzgra2600001',
    );
    expect(query.words.map((word) => word.text)).toEqual(['love']);
    expect(query.artist).toEqual(['the', 'quiet', 'hours']);
    expect(query.album).toEqual(['echoes']);
    expect(query.track).toEqual(['rain']);
    expect(query.genres).toEqual(['hip hop']);
    expect(query.years).toEqual([{ from: 1990, to: 1999 }]);
    expect(query.tags).toEqual(['new', 'hipster']);
    expect(query.upc).toEqual(['600000000007']);
    expect(query.isrc).toEqual(['QZGRA2600001']);
  });

  it('gives an invalid year a range nothing is in, ignores unknown tags, reads unknown fields as words', () => {
    expect(parseQuery('year:nineties').years).toEqual([{ from: 1, to: 0 }]);
    expect(parseQuery('year:2001').years).toEqual([{ from: 2001, to: 2001 }]);
    expect(parseQuery('tag:old').tags).toEqual([]);
    expect(parseQuery('mood:calm').words.map((word) => word.text)).toEqual(['mood', 'calm']);
  });

  it('knows an empty query', () => {
    expect(isEmptyQuery(parseQuery('  '))).toBe(true);
    expect(isEmptyQuery(parseQuery('tag:old'))).toBe(true);
    expect(isEmptyQuery(parseQuery('tag:new'))).toBe(false);
  });
});
