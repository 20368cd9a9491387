import { describe, expect, it } from 'vitest';
import { MemoryEntityCache } from './entity-cache';

describe('the in-process catalog cache', () => {
  it('is bounded by the bytes of its values, not by their count', async () => {
    const cache = new MemoryEntityCache({ maxBytes: 1000 });
    const small = { id: 's' };
    const large = { id: 'l', name: 'x'.repeat(80) };
    await cache.setMany(Array.from({ length: 40 }, (_, index) => [`small:${String(index)}`, small] as const));
    expect(cache.size).toBe(40);
    // Eleven large values (about 100 bytes of JSON each) push out the least recently used.
    await cache.setMany(Array.from({ length: 11 }, (_, index) => [`large:${String(index)}`, large] as const));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(await cache.getMany(['small:0', 'large:10'])).toEqual([undefined, large]);
  });

  it('keeps no value larger than a tenth of its bound', async () => {
    const cache = new MemoryEntityCache({ maxBytes: 1000 });
    await cache.setMany([['big', { name: 'x'.repeat(200) }]]);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
