/**
 * The cross-request cache of catalog entities (tracks, albums, artists, shows, episodes),
 * keyed by type and id. Only catalog data goes here; user data never does. The api asks the
 * upstream without a market, so the answers are in the listener's own country (Spotify relinks
 * tracks by it): a deployment whose listeners span countries would add the country to the key.
 * In process by default; a shared implementation (Redis) has the same interface.
 */
export interface EntityCache {
  /** The cached values in key order, `undefined` where there is none. */
  getMany(keys: readonly string[]): Promise<unknown[]>;
  setMany(entries: readonly (readonly [key: string, value: unknown])[]): Promise<void>;
}

export function entityKey(type: string, id: string): string {
  return `${type}:${id}`;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** A bounded in-process cache: least recently used entries go first, every entry expires. */
export class MemoryEntityCache implements EntityCache {
  private readonly entries = new Map<string, Entry>();
  hits = 0;
  misses = 0;

  constructor(private readonly options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) {}

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  getMany(keys: readonly string[]): Promise<unknown[]> {
    const now = this.now;
    return Promise.resolve(
      keys.map((key) => {
        const entry = this.entries.get(key);
        if (!entry || entry.expiresAt <= now) {
          if (entry) this.entries.delete(key);
          this.misses += 1;
          return undefined;
        }
        // Re-insert to mark it recently used.
        this.entries.delete(key);
        this.entries.set(key, entry);
        this.hits += 1;
        return entry.value;
      }),
    );
  }

  setMany(entries: readonly (readonly [key: string, value: unknown])[]): Promise<void> {
    const expiresAt = this.now + (this.options.ttlMs ?? 10 * 60 * 1000);
    const max = this.options.maxEntries ?? 50_000;
    for (const [key, value] of entries) {
      this.entries.delete(key);
      this.entries.set(key, { value, expiresAt });
    }
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return Promise.resolve();
  }

  get size(): number {
    return this.entries.size;
  }
}
