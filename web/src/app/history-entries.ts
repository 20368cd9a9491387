/**
 * Where the tab stands in its history within the app, and how far each screen was scrolled.
 *
 * Each history entry the app makes carries a stamp in `history.state` (its index and a key of its own),
 * so that Back and Forward know which entry they land on: the browser keeps the state of each entry, and
 * across a reload. How far forward the app's entries reach, and each entry's scroll position, are kept in
 * the tab's session storage, where a reload finds them too.
 */

/** The property of `history.state` that holds the stamp; the rest of the state is left as it is. */
export const stampProperty = 'graphonicEntry';

const storageKey = 'graphonic.history';

/** At most this many entries keep a scroll position: the oldest are forgotten first. */
export const rememberedEntries = 100;

export interface EntryStamp {
  /** 0 for the first entry of the app in this tab, one more for each entry pushed after it. */
  index: number;
  /** Tells apart two entries that had the same index at different times (after Back, then a new link). */
  key: string;
}

interface Stored {
  /** The index of the furthest entry that Forward can reach. */
  last: number;
  /** Scroll positions by entry key, oldest first. */
  scroll: [string, number][];
}

/** The stamp of an entry's state, when it has one. */
export function stampOf(state: unknown): EntryStamp | null {
  if (typeof state !== 'object' || state === null) return null;
  const stamp: unknown = (state as Record<string, unknown>)[stampProperty];
  if (typeof stamp !== 'object' || stamp === null) return null;
  const { index, key } = stamp as Record<string, unknown>;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || typeof key !== 'string') return null;
  return { index, key };
}

/** The entry's state with this stamp added, keeping whatever else the state holds. */
export function withStamp(state: unknown, stamp: EntryStamp): Record<string, unknown> {
  const rest = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...rest, [stampProperty]: stamp };
}

/** What of the History API the tracker uses (the browser's own, or a stand-in in tests). */
export interface HistoryLike {
  readonly state: unknown;
  replaceState: (data: unknown, unused: string) => void;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

let counter = 0;
const newKey = () => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Follows the tab's history as the app moves through it: told of each push, replace and pop, it keeps
 * the current entry stamped and says whether Back and Forward lead anywhere within the app.
 */
export class HistoryEntries {
  private stored: Stored;
  current: EntryStamp;

  constructor(
    private readonly history: HistoryLike,
    private readonly storage: StorageLike,
  ) {
    this.stored = this.read();
    const stamp = stampOf(history.state);
    if (stamp) {
      this.current = stamp;
      if (this.stored.last < stamp.index) this.stored.last = stamp.index;
    } else {
      // A fresh entry (the app opened from a link or the address bar): nothing of the app's before it
      // that Back would lead to, and nothing after it.
      this.current = { index: 0, key: newKey() };
      this.stored.last = 0;
      this.stamp();
    }
    this.write();
  }

  get canGoBack(): boolean {
    return this.current.index > 0;
  }

  get canGoForward(): boolean {
    return this.current.index < this.stored.last;
  }

  /** A new entry after the current one: the entries that were ahead of it are gone. */
  pushed(): void {
    this.current = { index: this.current.index + 1, key: newKey() };
    this.stored.last = this.current.index;
    this.stamp();
    this.write();
  }

  /** The current entry was replaced, perhaps with a state of its own: it stays the same entry. */
  replaced(): void {
    const stamp = stampOf(this.history.state);
    if (stamp?.key === this.current.key && stamp.index === this.current.index) return;
    this.stamp();
  }

  /**
   * Back or Forward landed on another entry: true. Or the browser made a new entry of its own (a link to a
   * #fragment, such as "Skip to content"): false, and it counts as pushed.
   */
  popped(): boolean {
    const stamp = stampOf(this.history.state);
    if (!stamp) {
      this.pushed();
      return false;
    }
    this.current = stamp;
    if (this.stored.last < stamp.index) {
      this.stored.last = stamp.index;
      this.write();
    }
    return true;
  }

  /** Remembers how far the current entry's screen is scrolled. */
  saveScroll(top: number): void {
    const { key } = this.current;
    const scroll = this.stored.scroll.filter(([other]) => other !== key);
    scroll.push([key, Math.max(0, Math.round(top))]);
    this.stored.scroll = scroll.slice(-rememberedEntries);
    this.write();
  }

  /** How far the current entry's screen was scrolled when it was left; 0 for an entry never scrolled. */
  savedScroll(): number {
    const { key } = this.current;
    return this.stored.scroll.find(([other]) => other === key)?.[1] ?? 0;
  }

  private stamp(): void {
    this.history.replaceState(withStamp(this.history.state, this.current), '');
  }

  private read(): Stored {
    try {
      const value: unknown = JSON.parse(this.storage.getItem(storageKey) ?? 'null');
      if (typeof value === 'object' && value !== null) {
        const { last, scroll } = value as Record<string, unknown>;
        return {
          last: typeof last === 'number' && Number.isInteger(last) && last >= 0 ? last : 0,
          scroll: Array.isArray(scroll)
            ? scroll.filter(
                (pair): pair is [string, number] =>
                  Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number',
              )
            : [],
        };
      }
    } catch {
      // Unreadable (or storage refused): start afresh.
    }
    return { last: 0, scroll: [] };
  }

  private write(): void {
    try {
      this.storage.setItem(storageKey, JSON.stringify(this.stored));
    } catch {
      // Storage full or refused: positions are then kept for this page only, in memory.
    }
  }
}
