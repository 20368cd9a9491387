/**
 * The upstream's answers kept for the listener who asked, so that a screen seen again costs only what
 * changed (decision 043). An entry is the parsed answer with what tells whether it is still right:
 *
 * - its entity tag (`ETag`), sent back as `If-None-Match`; a 304 reuses the parsed answer as it is;
 * - or, for a page of a playlist's items answered without a tag, the playlist's `snapshot_id`: the
 *   items are those of that snapshot for as long as the playlist has it;
 * - or a time until which it is used without asking (the listener's profile and top items), kept
 *   with the token it was read with, so that a refreshed token reads it again.
 *
 * Keys start with the scope of whoever asked (a listener, or a third-party token): one listener's
 * answer is never found under another's key. The bound is in bytes: the size of the answer's JSON
 * text as received, the most honest measure of what its parsed form holds; the least recently used
 * entries go first, and an answer larger than a tenth of the bound is not kept at all.
 */

/** How long the listener's profile is used without asking again (a refreshed token asks at once). */
export const profileFreshMs = 5 * 60_000;
/** How long the listener's top artists and tracks are (the upstream computes them over weeks). */
export const topItemsFreshMs = 5 * 60_000;

export interface KeptAnswer {
  value: unknown;
  /** The answer's JSON text, in bytes. */
  bytes: number;
  etag?: string;
  /** The playlist snapshot a page of items belongs to, when its answer carried no entity tag. */
  snapshot?: string;
  /** Until when (ms since the epoch) it is used without asking the upstream, with `token`. */
  freshUntil?: number;
  /** A digest of the access token it was read with (answers used without asking only). */
  token?: string;
}

export interface AnswerCacheOptions {
  /** The bound, in bytes of the answers' JSON. Default 64 MiB. */
  maxBytes?: number;
  now?: () => number;
}

export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer>();
  private held = 0;
  readonly maxBytes: number;
  private readonly clock: () => number;

  constructor(options: AnswerCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.clock = options.now ?? Date.now;
  }

  now(): number {
    return this.clock();
  }

  /** The entry under `key`, marked recently used. */
  get(key: string): KeptAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: KeptAnswer): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes / 10) return;
    this.entries.set(key, entry);
    this.held += entry.bytes;
    for (const [oldest, kept] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= kept.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** Forgets every answer kept. */
  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** What it holds: entries, and bytes of their answers' JSON. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.held };
  }
}
