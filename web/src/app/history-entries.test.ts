import { describe, expect, it } from 'vitest';
import {
  HistoryEntries,
  rememberedEntries,
  stampOf,
  stampProperty,
  withStamp,
  type HistoryLike,
} from './history-entries';

/** A tab's history, as far as the tracker sees it: entries with their states, and where the tab stands. */
class FakeHistory implements HistoryLike {
  entries: unknown[] = [null];
  position = 0;
  get state(): unknown {
    return this.entries[this.position];
  }
  replaceState(data: unknown): void {
    this.entries[this.position] = structuredClone(data);
  }
  pushState(data: unknown): void {
    this.entries = [...this.entries.slice(0, this.position + 1), structuredClone(data)];
    this.position += 1;
  }
  go(delta: number): void {
    this.position += delta;
  }
}

class FakeStorage {
  items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('stamps', () => {
  it('are added beside what the state holds, and read back only when well formed', () => {
    const state = withStamp({ editDetails: true }, { index: 2, key: 'k' });
    expect(state).toEqual({ editDetails: true, [stampProperty]: { index: 2, key: 'k' } });
    expect(stampOf(state)).toEqual({ index: 2, key: 'k' });
    expect(stampOf(null)).toBeNull();
    expect(stampOf({ [stampProperty]: { index: -1, key: 'k' } })).toBeNull();
    expect(stampOf({ [stampProperty]: { index: 1.5, key: 'k' } })).toBeNull();
    expect(stampOf({ [stampProperty]: 'nonsense' })).toBeNull();
  });
});

describe('HistoryEntries', () => {
  it('leads nowhere from a page just opened, and stamps its entry', () => {
    const history = new FakeHistory();
    const entries = new HistoryEntries(history, new FakeStorage());
    expect(entries.canGoBack).toBe(false);
    expect(entries.canGoForward).toBe(false);
    expect(stampOf(history.state)?.index).toBe(0);
  });

  it('follows pushes, Back and Forward, and forgets what was ahead once a new entry is pushed', () => {
    const history = new FakeHistory();
    const entries = new HistoryEntries(history, new FakeStorage());
    history.pushState(null);
    entries.pushed();
    history.pushState(null);
    entries.pushed();
    expect(entries.current.index).toBe(2);
    expect([entries.canGoBack, entries.canGoForward]).toEqual([true, false]);

    history.go(-1);
    entries.popped();
    expect(entries.current.index).toBe(1);
    expect([entries.canGoBack, entries.canGoForward]).toEqual([true, true]);
    history.go(-1);
    entries.popped();
    expect([entries.canGoBack, entries.canGoForward]).toEqual([false, true]);

    history.pushState(null);
    entries.pushed();
    expect(entries.current.index).toBe(1);
    expect([entries.canGoBack, entries.canGoForward]).toEqual([true, false]);
  });

  it('keeps the stamp of an entry whose state is replaced', () => {
    const history = new FakeHistory();
    const entries = new HistoryEntries(history, new FakeStorage());
    history.pushState({ editDetails: true });
    entries.pushed();
    const stamp = entries.current;
    history.replaceState(null);
    entries.replaced();
    expect(stampOf(history.state)).toEqual(stamp);
    history.replaceState({ ...(history.state as object), editDetails: false });
    entries.replaced();
    expect(history.state).toEqual({ editDetails: false, [stampProperty]: stamp });
  });

  it('remembers each entry’s scroll position, apart from another entry at the same index', () => {
    const history = new FakeHistory();
    const entries = new HistoryEntries(history, new FakeStorage());
    entries.saveScroll(2_000);
    history.pushState(null);
    entries.pushed();
    expect(entries.savedScroll()).toBe(0);
    entries.saveScroll(300.4);
    history.go(-1);
    entries.popped();
    expect(entries.savedScroll()).toBe(2_000);
    // A new entry where the old second one was: it starts at the top.
    history.pushState(null);
    entries.pushed();
    expect(entries.savedScroll()).toBe(0);
  });

  it('finds its place and its way forward again after a reload', () => {
    const history = new FakeHistory();
    const storage = new FakeStorage();
    const before = new HistoryEntries(history, storage);
    before.saveScroll(120);
    history.pushState(null);
    before.pushed();
    history.go(-1);
    before.popped();

    const after = new HistoryEntries(history, storage);
    expect(after.current).toEqual(before.current);
    expect([after.canGoBack, after.canGoForward]).toEqual([false, true]);
    expect(after.savedScroll()).toBe(120);
  });

  it('counts an entry the browser made itself (a #fragment) as pushed', () => {
    const history = new FakeHistory();
    const entries = new HistoryEntries(history, new FakeStorage());
    history.pushState(null);
    expect(entries.popped()).toBe(false);
    expect(entries.current.index).toBe(1);
    expect(stampOf(history.state)?.index).toBe(1);
    expect([entries.canGoBack, entries.canGoForward]).toEqual([true, false]);
    history.go(-1);
    expect(entries.popped()).toBe(true);
    expect([entries.canGoBack, entries.canGoForward]).toEqual([false, true]);
  });

  it('keeps the positions of the latest entries only, and survives storage that refuses', () => {
    const history = new FakeHistory();
    const storage = new FakeStorage();
    const entries = new HistoryEntries(history, storage);
    entries.saveScroll(50);
    for (let step = 0; step < rememberedEntries; step++) {
      history.pushState(null);
      entries.pushed();
      entries.saveScroll(step + 1);
    }
    const stored = JSON.parse(storage.getItem('graphonic.history') ?? '{}') as { scroll: unknown[] };
    expect(stored.scroll).toHaveLength(rememberedEntries);

    const refusing = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const fresh = new HistoryEntries(new FakeHistory(), refusing);
    expect(() => fresh.saveScroll(10)).not.toThrow();
    expect(fresh.canGoForward).toBe(false);
  });
});
