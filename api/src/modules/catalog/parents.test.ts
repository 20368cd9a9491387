import { describe, expect, it } from 'vitest';
import type { TrackParent, V1Track } from '../../music/v1';
import { embeddedPage } from './resolvers';
import { checkCatalogId, loadEach, sourceOf, trackShape } from './parents';

const full = { id: 'full', name: 'Full', album: { id: 'album' } } as unknown as V1Track;

describe('sourceOf', () => {
  const load = (): Promise<V1Track> => Promise.resolve(full);

  it('reads the parent when it has the field or is full', async () => {
    const simplified: TrackParent = { id: 's', name: 'Simplified', duration_ms: 1 };
    expect(await sourceOf(simplified, 'duration_ms', trackShape, load)).toBe(simplified);
    const withoutPopularity = { id: 'f', name: 'F', album: {} } as unknown as V1Track;
    expect(await sourceOf<TrackParent, V1Track>(withoutPopularity, 'popularity', trackShape, load)).toBe(
      withoutPopularity,
    );
  });

  it('fetches the full object for a field only full objects have, unless the upstream gives none', async () => {
    const simplified: TrackParent = { id: 's', name: 'Simplified' };
    expect(await sourceOf(simplified, 'popularity', trackShape, load)).toBe(full);
    expect(await sourceOf(simplified, 'popularity', trackShape, load, true)).toBe(simplified);
    // The album is not an extended field: it is fetched even then.
    expect(await sourceOf(simplified, 'album', trackShape, load, true)).toBe(full);
  });

  it('reads a field both shapes have from a simplified parent that lacks it, but fetches for a bare id', async () => {
    const simplified: TrackParent = { id: 's', name: 'Simplified' };
    expect(await sourceOf(simplified, 'preview_url', trackShape, load)).toBe(simplified);
    expect(await sourceOf({ id: 's' }, 'preview_url', trackShape, load)).toBe(full);
  });
});

describe('embeddedPage', () => {
  const embedded = { items: [1, 2, 3, 4, 5], offset: 0, limit: 5, total: 8 };

  it('slices the page asked for out of the embedded first page', () => {
    expect(embeddedPage(embedded, { offset: 1, limit: 3 })).toEqual({ items: [2, 3, 4], total: 8 });
    expect(embeddedPage(embedded, { offset: 0, limit: 5 })).toEqual({ items: [1, 2, 3, 4, 5], total: 8 });
  });

  it('gives up when the page reaches past the embedded items of a longer list', () => {
    expect(embeddedPage(embedded, { offset: 3, limit: 3 })).toBeUndefined();
    expect(embeddedPage({ ...embedded, offset: 5 }, { offset: 0, limit: 1 })).toBeUndefined();
    expect(embeddedPage(undefined, { offset: 0, limit: 1 })).toBeUndefined();
  });

  it('answers any page of a list the embedded page holds entirely', () => {
    const whole = { items: [1, 2], offset: 0, total: 2 };
    expect(embeddedPage(whole, { offset: 1, limit: 50 })).toEqual({ items: [2], total: 2 });
    expect(embeddedPage(whole, { offset: 5, limit: 50 })).toEqual({ items: [], total: 2 });
  });
});

describe('catalog ids', () => {
  it('accepts 22 base62 characters only', () => {
    expect(checkCatalogId('0123456789abcdefABCDEF', 'track')).toBe('0123456789abcdefABCDEF');
    for (const id of ['', 'short', 'spotify:track:0123456789abcdefABCDEF', '0123456789abcdefABCDE-']) {
      expect(() => checkCatalogId(id, 'track')).toThrow(/not a catalog id/);
    }
  });

  it('fails a malformed id in its place only', async () => {
    const results = await Promise.allSettled(
      loadEach(['0123456789abcdefABCDEF', 'bad'], 'tracks', (id) => Promise.resolve(id.length)),
    );
    expect(results[0]).toEqual({ status: 'fulfilled', value: 22 });
    expect(results[1]?.status).toBe('rejected');
  });
});
