import { describe, expect, it } from 'vitest';
import {
  appendEdges,
  insertBeforeFor,
  moveEdge,
  moveItem,
  removeEdges,
  restoreEdges,
  uniqueBy,
  type StoredConnection,
  type StoredEdge,
} from './connections';

interface Edge extends StoredEdge {
  name: string;
}

/** A loaded prefix of a longer list: cursors c0… wrap offsets 0…. */
function connection(names: string[], hasNextPage = true, totalCount = 10): StoredConnection<Edge> {
  return {
    edges: names.map((name, index) => ({ cursor: `c${String(index)}`, name })),
    pageInfo: { hasNextPage, endCursor: `c${String(names.length - 1)}` },
    totalCount,
  };
}

const names = (value: StoredConnection<Edge>) => (value.edges ?? []).map((edge) => edge.name);
const cursors = (value: StoredConnection<Edge>) => (value.edges ?? []).map((edge) => edge.cursor);

describe('reorder math', () => {
  it('moves one item and keeps the others in their order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
  });

  it('leaves the list alone for positions outside it', () => {
    expect(moveItem(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
  });

  it("counts the music service's insert_before in the list before the move", () => {
    // Down: before the item after the target; up: before the target itself.
    expect(insertBeforeFor(0, 2)).toBe(3);
    expect(insertBeforeFor(3, 1)).toBe(1);
    expect(insertBeforeFor(4, 0)).toBe(0);
    expect(insertBeforeFor(0, 4)).toBe(5);
  });

  it('agrees with the music service: taking `from` and inserting it before insert_before lands it at `to`', () => {
    // The music service's reorder of one item (music/src/playlists/body.ts, `reordered`).
    const served = (items: readonly string[], start: number, insertBefore: number) => {
      const rest = items.filter((_, index) => index !== start);
      const at = insertBefore <= start ? insertBefore : Math.max(start, insertBefore - 1);
      return [...rest.slice(0, at), items[start] as string, ...rest.slice(at)];
    };
    const list = ['a', 'b', 'c', 'd', 'e'];
    for (let from = 0; from < list.length; from += 1) {
      for (let to = 0; to < list.length; to += 1) {
        expect(served(list, from, insertBeforeFor(from, to))).toEqual(moveItem(list, from, to));
      }
    }
  });
});

describe('editing a cached connection', () => {
  it('moves an edge while positions keep their cursors', () => {
    const moved = moveEdge(connection(['a', 'b', 'c']), 0, 2);
    expect(names(moved)).toEqual(['b', 'c', 'a']);
    expect(cursors(moved)).toEqual(['c0', 'c1', 'c2']);
    expect(moved.pageInfo?.endCursor).toBe('c2');
  });

  it('removes every matching edge; the next page follows the last position still loaded', () => {
    const { connection: after, removed } = removeEdges(connection(['a', 'b', 'a', 'c']), (edge) => edge.name === 'a');
    expect(names(after)).toEqual(['b', 'c']);
    expect(removed.map(({ edge, position }) => [edge.name, position])).toEqual([
      ['a', 0],
      ['a', 2],
    ]);
    // Two fewer before offset 4: the next page starts at offset 2, after the cursor of offset 1.
    expect(cursors(after)).toEqual(['c0', 'c1']);
    expect(after.pageInfo?.endCursor).toBe('c1');
    expect(after.totalCount).toBe(8);
  });

  it('leaves the connection as it is when nothing matches', () => {
    const before = connection(['a']);
    const { connection: after, removed } = removeEdges(before, () => false);
    expect(after).toBe(before);
    expect(removed).toEqual([]);
  });

  it('starts over from the first page when every loaded edge went', () => {
    const { connection: after } = removeEdges(connection(['a', 'b']), () => true);
    expect(after.edges).toEqual([]);
    expect(after.pageInfo?.endCursor).toBeNull();
  });

  it('puts removed edges back where they were, with their cursors', () => {
    const before = connection(['a', 'b', 'a', 'c']);
    const { connection: after, removed } = removeEdges(before, (edge) => edge.name === 'a');
    const restored = restoreEdges(after, removed, cursors(before));
    expect(names(restored)).toEqual(['a', 'b', 'a', 'c']);
    expect(cursors(restored)).toEqual(['c0', 'c1', 'c2', 'c3']);
    expect(restored.pageInfo?.endCursor).toBe('c3');
    expect(restored.totalCount).toBe(10);
  });

  it('adds at the end of a list loaded to its end', () => {
    const after = appendEdges(connection(['a'], false, 1), [{ cursor: 'new', name: 'b' }]);
    expect(names(after)).toEqual(['a', 'b']);
    expect(after.totalCount).toBe(2);
  });

  it('only counts what is added beyond the pages still to load', () => {
    const after = appendEdges(connection(['a'], true, 5), [{ cursor: 'new', name: 'b' }]);
    expect(names(after)).toEqual(['a']);
    expect(after.totalCount).toBe(6);
  });

  it('keeps the first of items met twice across pages', () => {
    expect(uniqueBy([{ id: 1 }, { id: 2 }, { id: 1 }], (item) => String(item.id))).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
