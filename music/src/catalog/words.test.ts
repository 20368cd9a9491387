import { describe, expect, it } from 'vitest';
import { nouns, plural } from './words';

describe('the catalogue words', () => {
  it('makes nouns plural as English spells them', () => {
    expect(plural('River')).toBe('Rivers');
    expect(plural('Compass')).toBe('Compasses');
    expect(plural('City')).toBe('Cities');
    expect(plural('Valley')).toBe('Valleys');
    expect(plural('Wolf')).toBe('Wolves');
    expect(plural('Echo')).toBe('Echoes');
    expect(plural('Radio')).toBe('Radios');
  });

  it('never doubles a closing letter or leaves an "ys" after a consonant in any plural it names', () => {
    for (const noun of nouns) {
      const many = plural(noun);
      expect(many).not.toMatch(/sss$|[^aeiou]ys$|fs$/);
      expect(many.startsWith(noun.slice(0, -1))).toBe(true);
    }
  });
});
