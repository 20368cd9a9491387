import { describe, expect, it } from 'vitest';
import { connection, connectionFromPage, decodeCursor, encodeCursor, pageRequest } from './connections';

const bounds = { default: 20, max: 50 };

describe('page requests', () => {
  it('default, bound and continue after a cursor', () => {
    expect(pageRequest({}, bounds, 'tracks')).toEqual({ limit: 20, offset: 0 });
    expect(pageRequest({ first: 5, after: encodeCursor(9) }, bounds, 'tracks')).toEqual({ limit: 5, offset: 10 });
    for (const first of [0, -1, 51, 2.5]) {
      expect(() => pageRequest({ first }, bounds, 'tracks')).toThrow(/tracks: first must be between 1 and 50/);
    }
  });

  it('refuse cursors this API did not hand out', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    for (const cursor of ['', 'abc', Buffer.from('offset:-1').toString('base64url'), 'b2Zmc2V0OjAx']) {
      expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT' } }));
    }
  });
});

describe('connections', () => {
  it('carry cursors by place in the list, and know when more follow', () => {
    const page = connection([{ node: 'a' }, { node: 'b' }], { limit: 2, offset: 4 }, 10);
    expect(page.nodes).toEqual(['a', 'b']);
    expect(page.edges.map((edge) => decodeCursor(edge.cursor))).toEqual([4, 5]);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    expect(page.totalCount).toBe(10);
    expect(connection([], { limit: 2, offset: 0 }, 0).pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: null,
      endCursor: null,
    });
  });

  it('leave out items the upstream could not describe, keeping the others in place', () => {
    const page = connectionFromPage(
      { items: [{ id: 'a' }, null, { id: 'c' }], total: 3 },
      { limit: 3, offset: 0 },
      (item) => (item ? { node: item.id } : null),
    );
    expect(page.nodes).toEqual(['a', 'c']);
    expect(page.edges.map((edge) => decodeCursor(edge.cursor))).toEqual([0, 2]);
    expect(page.pageInfo.hasNextPage).toBe(false);
  });

  it('assume more while pages are full when the upstream gives no total', () => {
    const full = connectionFromPage({ items: [1, 2] }, { limit: 2, offset: 0 }, (n) => ({ node: n }));
    expect(full.pageInfo.hasNextPage).toBe(true);
    const short = connectionFromPage({ items: [3] }, { limit: 2, offset: 2 }, (n) => ({ node: n }));
    expect(short.pageInfo.hasNextPage).toBe(false);
    expect(short.totalCount).toBe(3);
  });
});
