import { describe, expect, it } from 'vitest';
import { albumTypeName, discsOf, followersText, formatReleaseDate } from './release';

describe('formatReleaseDate', () => {
  it('says as much as the precision allows', () => {
    expect(formatReleaseDate('2002', 'YEAR')).toBe('2002');
    expect(formatReleaseDate('2002-10', 'MONTH')).toBe('October 2002');
    expect(formatReleaseDate('2002-10-03', 'DAY')).toBe('October 3, 2002');
  });

  it('never moves a date across a day boundary, whatever the time zone', () => {
    expect(formatReleaseDate('1999-12-31', 'DAY')).toBe('December 31, 1999');
    expect(formatReleaseDate('2000-01-01', 'DAY')).toBe('January 1, 2000');
  });

  it('shows a date it cannot read as given', () => {
    expect(formatReleaseDate('soon', 'DAY')).toBe('soon');
    expect(formatReleaseDate('2002-13-45', 'DAY')).toBe('2002-13-45');
  });
});

describe('discsOf', () => {
  const track = (id: string, discNumber: number) => ({ id, discNumber });

  it('keeps a one-disc album whole, each track at its place in the album', () => {
    const discs = discsOf([track('a', 1), track('b', 1)]);
    expect(discs).toHaveLength(1);
    expect(discs[0]?.tracks.map((entry) => [entry.item.id, entry.position])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('splits discs, counting places across them as the album plays', () => {
    const discs = discsOf([track('a', 1), track('b', 1), track('c', 2), track('d', 2)]);
    expect(discs.map((disc) => disc.number)).toEqual([1, 2]);
    expect(discs[1]?.tracks.map((entry) => [entry.item.id, entry.position])).toEqual([
      ['c', 2],
      ['d', 3],
    ]);
  });

  it('has no discs without tracks', () => {
    expect(discsOf([])).toEqual([]);
  });
});

describe('names', () => {
  it('names album types and counts followers', () => {
    expect(albumTypeName('SINGLE')).toBe('Single');
    expect(followersText(1)).toBe('1 follower');
    expect(followersText(3731)).toBe('3,731 followers');
  });
});
