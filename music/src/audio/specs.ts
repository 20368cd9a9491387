import type { CatalogStore } from '../catalog/reads';
import { specFromFeatures, type AudioSpec } from './synth';

interface Waiter {
  resolve: (spec: AudioSpec | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Tracks' audio specs, read from the catalog's audio features. A player makes several range
 * requests per track, and a burst of listeners many at once: the features of the ids asked for
 * in the same turn of the event loop are read in one query, and the specs of the most recently
 * played tracks are kept (they never change once seeded), so that audio requests hardly touch
 * the store.
 */
export class TrackSpecs {
  private readonly known = new Map<string, AudioSpec>();
  private batch: Map<string, Waiter[]> | null = null;

  constructor(
    private readonly store: CatalogStore,
    private readonly capacity = 10_000,
  ) {}

  /** The track's spec, or null when there is no such track. */
  get(id: string): Promise<AudioSpec | null> {
    const known = this.known.get(id);
    if (known !== undefined) {
      this.remember(id, known);
      return Promise.resolve(known);
    }
    if (!this.batch) {
      const batch = new Map<string, Waiter[]>();
      this.batch = batch;
      setImmediate(() => {
        this.batch = null;
        void this.load(batch);
      });
    }
    const waiting = this.batch.get(id) ?? [];
    this.batch.set(id, waiting);
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  private async load(batch: Map<string, Waiter[]>): Promise<void> {
    let found: Awaited<ReturnType<CatalogStore['audioFeatures']>>;
    try {
      found = await this.store.audioFeatures([...batch.keys()]);
    } catch (error) {
      for (const waiter of [...batch.values()].flat()) waiter.reject(error);
      return;
    }
    for (const [id, waiting] of batch) {
      const features = found.get(id);
      const spec = features ? specFromFeatures(features) : null;
      if (spec) this.remember(id, spec);
      for (const waiter of waiting) waiter.resolve(spec);
    }
  }

  /** Keeps the spec as the most recently used (last), forgetting the least recently used past the capacity. */
  private remember(id: string, spec: AudioSpec): void {
    this.known.delete(id);
    this.known.set(id, spec);
    if (this.known.size > this.capacity) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
  }
}
