import { describe, expect, it } from 'vitest';
import { cursorPage, offsetPage, stringQuery } from './paging';

const endpoint = 'http://127.0.0.1:4100/v1/albums/4aawyAB9vmqN3uQ7FjRGTy/tracks';

describe('offset pages', () => {
  it('link to the next and previous pages, keeping the other parameters', () => {
    const page = offsetPage(endpoint, { market: 'SE' }, ['c', 'd'], { limit: 2, offset: 2 }, 5);
    expect(page).toEqual({
      href: `${endpoint}?market=SE&offset=2&limit=2`,
      items: ['c', 'd'],
      limit: 2,
      next: `${endpoint}?market=SE&offset=4&limit=2`,
      offset: 2,
      previous: `${endpoint}?market=SE&offset=0&limit=2`,
      total: 5,
    });
  });

  it('end with no next page and start with no previous one', () => {
    expect(offsetPage(endpoint, {}, ['e'], { limit: 2, offset: 4 }, 5).next).toBeNull();
    expect(offsetPage(endpoint, {}, ['a', 'b'], { limit: 2, offset: 0 }, 5).previous).toBeNull();
    expect(offsetPage(endpoint, {}, [], { limit: 10, offset: 1000 }, 5000, 1000).next).toBeNull();
    // A page of none would name itself as the next one.
    expect(offsetPage(endpoint, {}, [], { limit: 0, offset: 0 }, 5).next).toBeNull();
  });
});

describe('cursor pages', () => {
  it('carry the cursor of the last item', () => {
    const page = cursorPage('http://127.0.0.1:4100/v1/me/following', { type: 'artist' }, ['x'], 1, 3, 'abc');
    expect(page.next).toBe('http://127.0.0.1:4100/v1/me/following?type=artist&after=abc&limit=1');
    expect(page.cursors).toEqual({ after: 'abc' });
    expect(cursorPage(endpoint, {}, [], 1, 0, null, null)).toMatchObject({
      next: null,
      cursors: { after: null, before: null },
    });
  });

  it('keep only string query parameters', () => {
    expect(stringQuery({ a: '1', b: ['1', '2'], c: { d: 1 } })).toEqual({ a: '1' });
  });
});
