import { describe, expect, it } from 'vitest';
import { Bounded } from './bounded';

describe('Bounded', () => {
  it('keeps at most its size, dropping the oldest entry first', () => {
    const cache = new Bounded<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
  });
});
