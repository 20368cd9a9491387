import { describe, expect, it } from 'vitest';
import type { CatalogStore } from '../catalog/reads';
import { TrackSpecs } from './specs';
import { trackFeatures } from './__fixtures__/tracks';

/** A store that records each query's ids. */
function countingStore(fail = false): CatalogStore & { queries: string[][] } {
  const queries: string[][] = [];
  const store = {
    queries,
    audioFeatures: (ids: readonly string[]) => {
      queries.push([...ids]);
      if (fail) return Promise.reject(new Error('store down'));
      return Promise.resolve(new Map(ids.filter((id) => id !== 'unknown').map((id) => [id, trackFeatures(id)])));
    },
  };
  return store as unknown as CatalogStore & { queries: string[][] };
}

describe('TrackSpecs', () => {
  it('reads the ids asked for together in one query, and keeps what it read', async () => {
    const store = countingStore();
    const specs = new TrackSpecs(store, 2);
    const [a, b, again, unknown] = await Promise.all([
      specs.get('a'),
      specs.get('b'),
      specs.get('a'),
      specs.get('unknown'),
    ]);
    expect(store.queries).toEqual([['a', 'b', 'unknown']]);
    expect(a).toMatchObject({ seed: 'a', durationMs: 180_000, tempo: 120 });
    expect(again).toBe(a);
    expect(b?.seed).toBe('b');
    expect(unknown).toBeNull();
    expect(await specs.get('a')).toBe(a);
    expect(store.queries).toHaveLength(1);
    // A capacity of two: reading c forgets b, the least recently used.
    await specs.get('c');
    await specs.get('a');
    await specs.get('b');
    expect(store.queries).toEqual([['a', 'b', 'unknown'], ['c'], ['b']]);
  });

  it('fails every request of a batch when the store fails, and tries again later', async () => {
    const specs = new TrackSpecs(countingStore(true));
    const results = await Promise.allSettled([specs.get('a'), specs.get('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(specs.get('a')).rejects.toThrow('store down');
  });
});
