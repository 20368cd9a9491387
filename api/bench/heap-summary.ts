/**
 * Reads a V8 heap snapshot (`.heapsnapshot`, as `--heapsnapshot-signal` or `v8.writeHeapSnapshot` write
 * it) into what holds the memory: the self size of every node, grouped as the heap profiler's summary
 * groups them (objects by constructor, closures by function, and strings, code, arrays and the engine's
 * own structures each as one group).
 */

/** The parts of a snapshot this reads. */
export interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  name: string;
  /** Bytes the group's nodes hold themselves (not what they keep alive through others). */
  bytes: number;
  count: number;
}

export interface HeapSummary {
  totalBytes: number;
  nodes: number;
  /** The groups, the largest first. */
  groups: HeapGroup[];
}

/** Node types named by what they are rather than by a constructor. */
const byType: Record<string, string> = {
  string: '(strings)',
  'concatenated string': '(strings)',
  'sliced string': '(strings)',
  code: '(compiled code)',
  array: '(internal arrays)',
  hidden: '(engine internals)',
  'object shape': '(object shapes)',
  number: '(heap numbers)',
  bigint: '(heap numbers)',
  symbol: '(symbols)',
  synthetic: '(roots)',
};

export function summarizeHeap(heap: HeapSnapshot): HeapSummary {
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  if (!Array.isArray(types)) throw new Error('Not a heap snapshot: its node types are not listed.');
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  if (typeAt < 0 || nameAt < 0 || sizeAt < 0) throw new Error('Not a heap snapshot: a node has no type, name or size.');
  const groups = new Map<string, HeapGroup>();
  let totalBytes = 0;
  for (let at = 0; at < heap.nodes.length; at += stride) {
    const type = String(types[heap.nodes[at + typeAt] ?? -1] ?? 'unknown');
    const bytes = heap.nodes[at + sizeAt] ?? 0;
    const name =
      byType[type] ??
      (type === 'closure'
        ? `${heap.strings[heap.nodes[at + nameAt] ?? -1] || '(anonymous)'}()`
        : heap.strings[heap.nodes[at + nameAt] ?? -1] || `(${type})`);
    const group = groups.get(name) ?? { name, bytes: 0, count: 0 };
    group.bytes += bytes;
    group.count += 1;
    groups.set(name, group);
    totalBytes += bytes;
  }
  return {
    totalBytes,
    nodes: heap.nodes.length / stride,
    groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name)),
  };
}
