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
  /** The length of the value's JSON: what the bound counts. */
  bytes: number;
}

export interface MemoryEntityCacheOptions {
  /** The bound: the values' JSON, in bytes (a character counts one). Default 48 MiB. */
  maxBytes?: number;
  /** A bound on the entries besides (tests). */
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * A bounded in-process cache: least recently used entries go first, every entry expires. It is
 * bounded by the size of what it holds (each value's JSON, measured once as it is stored), not by
 * a count of entries, whose sizes differ a hundredfold (an episode against a full album).
 */
export class MemoryEntityCache implements EntityCache {
  private readonly entries = new Map<string, Entry>();
  private held = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly options: MemoryEntityCacheOptions = {}) {}

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  getMany(keys: readonly string[]): Promise<unknown[]> {
    const now = this.now;
    return Promise.resolve(
      keys.map((key) => {
        const entry = this.entries.get(key);
        if (!entry || entry.expiresAt <= now) {
          if (entry) this.remove(key, entry);
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
    const maxEntries = this.options.maxEntries ?? Number.POSITIVE_INFINITY;
    const maxBytes = this.options.maxBytes ?? 48 * 1024 * 1024;
    for (const [key, value] of entries) {
      const previous = this.entries.get(key);
      if (previous) this.remove(key, previous);
      // JSON.stringify answers undefined for undefined, whatever its type says.
      const text = JSON.stringify(value) as string | undefined;
      const bytes = text === undefined ? 0 : text.length;
      // A value larger than a tenth of the bound would push out too much else: not kept.
      if (bytes > maxBytes / 10) continue;
      this.entries.set(key, { value, expiresAt, bytes });
      this.held += bytes;
    }
    for (const [key, oldest] of this.entries) {
      if (this.held <= maxBytes && this.entries.size <= maxEntries) break;
      this.remove(key, oldest);
    }
    return Promise.resolve();
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the values' JSON held now. */
  get bytes(): number {
    return this.held;
  }
}
