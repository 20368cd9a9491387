import { describe, expect, it } from 'vitest';
import { ByteLru, ChunkStore, type ChunkRenderer } from './chunks';
import type { RenderTask } from './pool';
import type { AudioSpec } from './synth';

const spec = { seed: 'chunked', durationMs: 60_000 } as AudioSpec;

/** A renderer whose jobs finish when the test says so. */
function manualRenderer(): ChunkRenderer & {
  jobs: { task: RenderTask; signal?: AbortSignal; finish: () => void }[];
} {
  const jobs: { task: RenderTask; signal?: AbortSignal; finish: () => void }[] = [];
  return {
    jobs,
    run: (task, signal) =>
      new Promise((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
        jobs.push({ task, signal, finish: () => resolve(new Uint8Array(100).fill(task.chunk)) });
      }),
  };
}

describe('ByteLru', () => {
  it('keeps at most its bytes, dropping the least recently used first', () => {
    const cache = new ByteLru(250);
    cache.set('a', new Uint8Array(100));
    cache.set('b', new Uint8Array(100));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', new Uint8Array(100));
    expect(cache.bytes).toBe(200);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    // Replacing counts the new size once; something larger than the whole cache is not kept.
    cache.set('a', new Uint8Array(50));
    expect(cache.bytes).toBe(150);
    cache.set('huge', new Uint8Array(251));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(150);
    expect(cache.size).toBe(2);
  });

  it('keeps nothing with no room', () => {
    const cache = new ByteLru(0);
    cache.set('a', new Uint8Array(1));
    expect(cache.size).toBe(0);
  });
});

describe('ChunkStore', () => {
  it('renders a chunk once for every request waiting for it, then serves it from the cache', async () => {
    const renderer = manualRenderer();
    const store = new ChunkStore(renderer, new ByteLru(1000));
    const first = store.get(spec, 'tag', 3);
    const second = store.get(spec, 'tag', 3);
    expect(renderer.jobs).toHaveLength(1);
    renderer.jobs[0]?.finish();
    expect(await first).toBe(await second);
    expect(await store.get(spec, 'tag', 3)).toBe(await first);
    expect(renderer.jobs).toHaveLength(1);
    expect(store.cache.bytes).toBe(100);
    // Another file or another chunk is another job.
    void store.get(spec, 'other', 3);
    void store.get(spec, 'tag', 4);
    expect(renderer.jobs).toHaveLength(3);
  });

  it('gives a job up only when every request waiting for it has gone away', async () => {
    const renderer = manualRenderer();
    const store = new ChunkStore(renderer, new ByteLru(1000));
    const a = new AbortController();
    const b = new AbortController();
    const first = store.get(spec, 'tag', 0, a.signal).catch((error: unknown) => error);
    const second = store.get(spec, 'tag', 0, b.signal).catch((error: unknown) => error);
    a.abort(new Error('a left'));
    expect(await first).toEqual(new Error('a left'));
    expect(renderer.jobs[0]?.signal?.aborted).toBe(false);
    b.abort(new Error('b left'));
    expect(await second).toEqual(new Error('b left'));
    expect(renderer.jobs[0]?.signal?.aborted).toBe(true);
    // A later request starts anew.
    const later = store.get(spec, 'tag', 0);
    expect(renderer.jobs).toHaveLength(2);
    renderer.jobs[1]?.finish();
    expect((await later).length).toBe(100);
  });

  it('passes a refusal on and caches nothing', async () => {
    const refusing: ChunkRenderer = { run: () => Promise.reject(new Error('busy')) };
    const store = new ChunkStore(refusing, new ByteLru(1000));
    await expect(store.get(spec, 'tag', 0)).rejects.toThrow('busy');
    await expect(store.get(spec, 'tag', 0)).rejects.toThrow('busy');
    expect(store.cache.size).toBe(0);
  });
});
