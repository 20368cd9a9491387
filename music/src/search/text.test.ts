import { describe, expect, it } from 'vitest';
import { allowedTypos, editDistance, normalize, soundsLike, Vocabulary, words } from './text';

describe('search text', () => {
  it('normalises case, accents, ampersands and apostrophes', () => {
    expect(normalize('Beyoncé')).toBe('beyonce');
    expect(normalize('MÖTLEY CRÜE')).toBe('motley crue');
    expect(normalize('Straße Øre')).toBe('strasse ore');
    expect(words("Don't Stop & Go-Go (feat. Zoë)")).toEqual(['dont', 'stop', 'and', 'go', 'go', 'feat', 'zoe']);
    expect(words('  ')).toEqual([]);
  });

  it('measures edit distance with swaps as one edit, and gives up past the bound', () => {
    expect(editDistance('beatles', 'beatels', 2)).toBe(1);
    expect(editDistance('midnight', 'midnigth', 2)).toBe(1);
    expect(editDistance('river', 'rivers', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
    expect(editDistance('same', 'same', 0)).toBe(0);
  });

  it('allows no typo in short words, one in middling ones and two in long ones', () => {
    expect(allowedTypos('sun')).toBe(0);
    expect(allowedTypos('rain')).toBe(1);
    expect(allowedTypos('beatels')).toBe(2);
  });

  it('finds terms by prefix and near a misspelt word', () => {
    const vocabulary = new Vocabulary();
    for (const term of ['midnight', 'midday', 'middle', 'river', 'rivers', 'beatles', 'battles']) vocabulary.add(term);
    expect(vocabulary.add('river')).toBe(vocabulary.id('river'));
    expect(vocabulary.size).toBe(7);
    expect(vocabulary.withPrefix('mid').map((id) => vocabulary.term(id))).toEqual(['midday', 'middle', 'midnight']);
    expect(vocabulary.withPrefix('zz')).toEqual([]);
    const near = [...vocabulary.near('beatels')].map(([id, distance]) => [vocabulary.term(id), distance]);
    expect(near).toEqual(expect.arrayContaining([['beatles', 1]]));
    expect(near.map(([term]) => term)).not.toContain('midnight');
    expect([...vocabulary.near('rivers').keys()].map((id) => vocabulary.term(id))).toEqual(['river']);
    expect(vocabulary.near('sun').size).toBe(0);
    vocabulary.add('sunlight');
    expect(vocabulary.withPrefix('sun').map((id) => vocabulary.term(id))).toEqual(['sunlight']);
  });

  it('hears spellings that sound alike, beyond what typos reach', () => {
    expect(editDistance('midnite', 'midnight', 2)).toBe(3);
    expect(soundsLike('midnite')).toBe(soundsLike('midnight'));
    expect(soundsLike('tonite')).toBe(soundsLike('tonight'));
    expect(soundsLike('thru')).toBe(soundsLike('through'));
    expect(soundsLike('fone')).toBe(soundsLike('phone'));
    expect(soundsLike('kool')).toBe(soundsLike('cool'));
    expect(soundsLike('river')).not.toBe(soundsLike('rover'));
    const vocabulary = new Vocabulary();
    for (const term of ['midnight', 'middle', 'light', 'lighthouse', 'sun']) vocabulary.add(term);
    const near = (word: string) => [...vocabulary.near(word)].map(([id, distance]) => [vocabulary.term(id), distance]);
    expect(near('midnite')).toEqual([['midnight', 1]]);
    expect(near('lite')).toEqual([['light', 1]]);
    // Short words carry no typo and no other spelling: "sun" finds only "sun".
    expect(near('sn')).toEqual([]);
  });
});
