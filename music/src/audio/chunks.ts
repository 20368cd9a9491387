import type { RenderTask } from './pool';
import type { AudioSpec } from './synth';

/**
 * Rendered chunks, kept in memory up to a number of bytes and dropped least recently used first.
 * A chunk is 48 KiB, so the default 64 MiB keeps about two hours of audio.
 */
export class ByteLru {
  private readonly entries = new Map<string, Uint8Array>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Uint8Array): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.total -= previous.length;
    }
    if (value.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.total += value.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= bytes.length;
    }
  }
}

/** What renders chunks: the pool of render threads (or a stand-in in tests). */
export interface ChunkRenderer {
  run(task: RenderTask, signal?: AbortSignal): Promise<Uint8Array>;
}

interface Pending {
  promise: Promise<Uint8Array>;
  /** Requests waiting for it; when every one has gone away, a job that has not started is dropped. */
  waiters: number;
  controller: AbortController;
}

/**
 * Chunks of MP3 files: from the cache, or rendered by the pool. Requests for a chunk that is
 * being rendered wait for that one job instead of starting another, so a player's overlapping
 * range requests, or many listeners of one track, cost one rendering.
 */
export class ChunkStore {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly pool: ChunkRenderer,
    readonly cache: ByteLru,
  ) {}

  /**
   * Chunk `chunk` of the file `fingerprint` names (rendered from `spec`). Rejects with the pool's
   * PoolBusyError when it is full, and with the signal's reason when the request goes away.
   */
  get(spec: AudioSpec, fingerprint: string, chunk: number, signal?: AbortSignal): Promise<Uint8Array> {
    const key = `${fingerprint}/${chunk}`;
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.pending.get(key);
    if (!pending) {
      const controller = new AbortController();
      const promise: Promise<Uint8Array> = this.pool
        .run({ spec, chunk }, controller.signal)
        .then((bytes) => {
          this.cache.set(key, bytes);
          return bytes;
        })
        .finally(() => this.forget(key, promise));
      pending = { promise, waiters: 0, controller };
      this.pending.set(key, pending);
    }
    return this.wait(key, pending, signal);
  }

  /** Later requests for the chunk start anew (a job given up, or one that has ended). */
  private forget(key: string, promise: Promise<Uint8Array>): void {
    if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
  }

  private wait(key: string, pending: Pending, signal: AbortSignal | undefined): Promise<Uint8Array> {
    pending.waiters += 1;
    if (!signal) return pending.promise;
    return new Promise<Uint8Array>((resolve, reject) => {
      const leave = (): void => {
        pending.waiters -= 1;
        if (pending.waiters === 0) {
          this.forget(key, pending.promise);
          pending.controller.abort(signal.reason);
        }
        reject(signal.reason as Error);
      };
      if (signal.aborted) {
        leave();
        return;
      }
      signal.addEventListener('abort', leave, { once: true });
      pending.promise.then(
        (bytes) => {
          signal.removeEventListener('abort', leave);
          resolve(bytes);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
