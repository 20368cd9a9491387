import { describe, expect, it } from 'vitest';
import { summarizeHeap, type HeapSnapshot } from './heap-summary';

/** A snapshot of the shape V8 writes, with the nodes given as [type, name, self size]. */
function snapshotOf(nodes: [string, string, number][]): HeapSnapshot {
  const types = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native'];
  const strings: string[] = [];
  const stringAt = (text: string): number => {
    const at = strings.indexOf(text);
    return at >= 0 ? at : strings.push(text) - 1;
  };
  return {
    snapshot: {
      meta: { node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'detachedness'], node_types: [types] },
    },
    nodes: nodes.flatMap(([type, name, size], id) => [types.indexOf(type), stringAt(name), id, size, 0, 0]),
    strings,
  };
}

describe('summarizeHeap', () => {
  it('groups objects by constructor, closures by function, and strings and code as one group each', () => {
    const summary = summarizeHeap(
      snapshotOf([
        ['object', 'Map', 100],
        ['object', 'Map', 60],
        ['object', 'Buffer', 400],
        ['string', 'a long answer', 300],
        ['string', 'another', 20],
        ['code', 'resolve', 50],
        ['closure', 'resolve', 32],
        ['closure', '', 32],
      ]),
    );
    expect(summary.totalBytes).toBe(994);
    expect(summary.nodes).toBe(8);
    expect(summary.groups).toEqual([
      { name: 'Buffer', bytes: 400, count: 1 },
      { name: '(strings)', bytes: 320, count: 2 },
      { name: 'Map', bytes: 160, count: 2 },
      { name: '(compiled code)', bytes: 50, count: 1 },
      { name: '(anonymous)()', bytes: 32, count: 1 },
      { name: 'resolve()', bytes: 32, count: 1 },
    ]);
  });

  it('refuses what is not a heap snapshot', () => {
    const wrong = { snapshot: { meta: { node_fields: ['id'], node_types: [['object']] } }, nodes: [], strings: [] };
    expect(() => summarizeHeap(wrong)).toThrow('Not a heap snapshot');
  });
});
