import { describe, expect, it } from 'vitest';
import { countOf, formatAgo, formatDate, formatDuration, formatLongDuration, yearOf } from './format';

describe('formats', () => {
  it('writes track lengths as m:ss, and h:mm:ss past an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_729_000)).toBe('1:02:09');
    expect(formatDuration(-5)).toBe('0:00');
  });

  it('writes long spans in words', () => {
    expect(formatLongDuration(45_000)).toBe('45 sec');
    expect(formatLongDuration(35 * 60_000)).toBe('35 min');
    expect(formatLongDuration(80 * 60_000)).toBe('1 hr 20 min');
    expect(formatLongDuration(120 * 60_000)).toBe('2 hr');
  });

  it('counts in singular and plural', () => {
    expect(countOf(1, 'song')).toBe('1 song');
    expect(countOf(2345, 'song')).toBe('2,345 songs');
    expect(countOf(2, 'episode', 'episodes')).toBe('2 episodes');
  });

  it('reads dates of every precision', () => {
    expect(yearOf('2021-05-04')).toBe('2021');
    expect(formatDate('2021-05-04')).toBe('May 4, 2021');
    expect(formatDate('1999')).toBe('Jan 1, 1999');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('says how long ago, then the date past a month', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(formatAgo('2026-03-10T11:59:30Z', now)).toBe('30 seconds ago');
    expect(formatAgo('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatAgo('2026-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatAgo('2025-12-01T12:00:00Z', now)).toBe('Dec 1, 2025');
  });
});
