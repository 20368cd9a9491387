import { describe, expect, it } from 'vitest';
import { selectSmallest, TextIndexBuilder, Tier, type TextIndex } from './engine';
import { parseQuery } from './query';

/** Tracks: name, artist, album; popularity. */
const records: [name: string, artist: string, album: string, popularity: number][] = [
  ['Midnight City', 'The Quiet Hours', 'Echoes', 40], // 0
  ['Midnight', 'Ada Stone', 'Night Songs', 10], // 1
  ['Midnight', 'The Quiet Hours', 'Echoes', 70], // 2
  ['City of Midnight', 'Ada Stone', 'Night Songs', 90], // 3
  ['Midnights', 'Lunar Choir', 'Moon', 50], // 4
  ['River Song', 'The Quiet Hours', 'Midnight Tapes', 99], // 5
  ['Beatles Forever', 'Ada Stone', 'Tribute', 20], // 6
  ['Café Rêve', 'Zoë', 'Paris', 30], // 7
];

function index(): TextIndex {
  const builder = new TextIndexBuilder(3);
  for (const [name, artist, album, popularity] of records) builder.add(popularity, [[name], [artist], [album]]);
  return builder.build();
}

const search = (text: TextIndex, q: string, fieldWords?: [number, string[]][], accept?: (o: number) => boolean) => {
  const result = text.search({ words: parseQuery(q).words, fieldWords, accept });
  return { ordinals: [...result.ordinals], tiers: [...result.tiers] };
};

describe('the text index', () => {
  it('ranks exact names, then name prefixes, then name words, then other fields, popularity breaking ties', () => {
    const result = search(index(), 'midnight ');
    // Exact names (2 more popular than 1), then the name that begins with it, then words in the name,
    // then a match in the album only.
    expect(result.ordinals).toEqual([2, 1, 0, 3, 5]);
    expect(result.tiers).toEqual([Tier.ExactName, Tier.ExactName, Tier.NamePrefix, Tier.NameWords, Tier.Words]);
  });

  it('lets the last word match the beginning of a word, ranked after whole words', () => {
    const result = search(index(), 'midnight');
    // "Midnights" begins with the word as typed: a name prefix, as "Midnight City" is.
    expect(result.ordinals).toEqual([2, 1, 4, 0, 3, 5]);
    expect(result.tiers.slice(0, 4)).toEqual([Tier.ExactName, Tier.ExactName, Tier.NamePrefix, Tier.NamePrefix]);
    const partial = search(index(), 'midn');
    expect(partial.ordinals.slice(0, 4)).toEqual([2, 4, 1, 0]);
    expect(partial.tiers).toEqual([...Array<number>(4).fill(Tier.NamePrefix), Tier.Prefix, Tier.Prefix]);
  });

  it('answers a single letter, the names that begin with it first', () => {
    const result = search(index(), 'm');
    // The four names that begin with "m", then the names holding a word that does.
    expect(result.ordinals.slice(0, 5)).toEqual([2, 4, 1, 0, 3]);
    expect(result.tiers.slice(0, 4)).toEqual(Array<number>(4).fill(Tier.NamePrefix));
    expect(search(index(), 'ri').ordinals[0]).toBe(5);
  });

  it('needs every word (AND), in any field', () => {
    expect(search(index(), 'quiet midnight ').ordinals).toEqual([2, 0, 5]);
    expect(search(index(), 'ada city ').ordinals).toEqual([3]);
    expect(search(index(), 'midnight nothingness ').ordinals).toEqual([]);
  });

  it('forgives typos when nothing matches as typed, one typo before two', () => {
    const result = search(index(), 'midnigth ');
    // The names that are the word, misspelt, first; then names holding it; two typos last.
    expect(result.ordinals).toEqual([2, 1, 0, 3, 5, 4]);
    expect(result.tiers.slice(0, 4)).toEqual(Array<number>(4).fill(Tier.Typo));
    expect(search(index(), 'beatels ').ordinals).toEqual([6]);
    expect(search(index(), 'rvier snog ').ordinals).toEqual([5]);
    // Quoted words take no typos.
    expect(search(index(), '"beatels"').ordinals).toEqual([]);
  });

  it('ignores case and accents', () => {
    expect(search(index(), 'CAFE REVE').ordinals).toEqual([7]);
    expect(search(index(), 'zoe').ordinals).toEqual([7]);
    expect(search(index(), 'cafe reve').tiers).toEqual([Tier.ExactName]);
  });

  it('restricts filter words to their field and applies conditions', () => {
    expect(search(index(), '', [[1, ['quiet', 'hours']]]).ordinals).toEqual([5, 2, 0]);
    expect(search(index(), 'midnight ', [[2, ['echoes']]]).ordinals).toEqual([2, 0]);
    expect(search(index(), 'midnight ', [[1, ['stone']]], (ordinal) => ordinal !== 1).ordinals).toEqual([3]);
    // No words: every accepted record, most popular first.
    expect(search(index(), '', [], (ordinal) => ordinal < 3).ordinals).toEqual([2, 0, 1]);
  });
});

describe('keeping only the best results', () => {
  it('ranks the best `keep` as the whole ranking does, and counts every match', () => {
    const text = index();
    for (const q of ['midnight', 'midnight ', 'the ', 'midnigth ', '']) {
      const whole = text.search({ words: parseQuery(q).words });
      for (const keep of [0, 1, 2, 3, 5, 100]) {
        const best = text.search({ words: parseQuery(q).words }, keep);
        expect([...best.ordinals]).toEqual([...whole.ordinals].slice(0, keep));
        expect([...best.tiers]).toEqual([...whole.tiers].slice(0, keep));
        expect(best.total).toBe(whole.ordinals.length);
      }
    }
  });

  it('selects the smallest keys of any order, in place', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const orders: ((n: number) => number[])[] = [
      (n) => Array.from({ length: n }, (_, i) => i),
      (n) => Array.from({ length: n }, (_, i) => n - i),
      (n) => Array.from({ length: n }, (_, i) => i * 1000 + Math.floor(random() * 1000)).sort(() => random() - 0.5),
      (n) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? i : n * 2 - i)),
    ];
    for (const make of orders) {
      for (const n of [1, 2, 3, 10, 257, 5000]) {
        const values = make(n);
        const sorted = [...values].sort((a, b) => a - b);
        for (const k of [1, Math.floor(n / 2) || 1, n - 1 || 1, n]) {
          const keys = Float64Array.from(values);
          selectSmallest(keys, k);
          expect([...keys.subarray(0, k)].sort((a, b) => a - b)).toEqual(sorted.slice(0, k));
          expect([...keys].sort((a, b) => a - b)).toEqual(sorted);
        }
      }
    }
  });
});
