import { describe, expect, it } from 'vitest';
import { foldName, nameScore, pickTopResult } from './topResult';

const candidate = (name: string) => ({ name, value: name });

describe('the top result', () => {
  it('compares names without case, accents or punctuation', () => {
    expect(foldName('  Beyoncé!  ')).toBe('beyonce');
    expect(foldName('AC/DC')).toBe('ac dc');
    expect(nameScore('beyonce', 'Beyoncé')).toBe(3);
    expect(nameScore('love', 'Love You')).toBe(2);
    expect(nameScore('love', 'Endless Love')).toBe(1);
    expect(nameScore('love', 'Blue Moon')).toBe(0);
    expect(nameScore('', 'Blue Moon')).toBe(0);
  });

  it('prefers the name that matches best, whatever its type', () => {
    const artist = candidate('The Blue Angels');
    const track = candidate('Blue');
    expect(pickTopResult('blue', [artist, track])?.value).toBe('Blue');
  });

  it('keeps the order given on a tie, and skips the types that found nothing', () => {
    expect(pickTopResult('love', [null, candidate('Love Me'), candidate('Love You')])?.value).toBe('Love Me');
    expect(pickTopResult('zzz', [undefined, candidate('Night Drive'), candidate('Slow Morning')])?.value).toBe(
      'Night Drive',
    );
  });

  it('has none when nothing was found', () => {
    expect(pickTopResult('love', [null, undefined])).toBeUndefined();
  });
});
