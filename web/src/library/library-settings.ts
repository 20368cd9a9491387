import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { kindLabels, type LibraryKind, type LibrarySort } from './library-entries';

export type LibraryView = 'list' | 'grid';

/** How the listener likes Your Library laid out: kept in this browser, as Spotify keeps it. */
export interface LibraryLayout {
  view: LibraryView;
  sort: LibrarySort;
}

const layoutKey = 'graphonic.library';
/** Where the view alone was kept before the sort was kept beside it. */
const formerViewKey = 'graphonic.library.view';

const defaultLayout: LibraryLayout = { view: 'list', sort: 'recent' };

const isView = (value: unknown): value is LibraryView => value === 'list' || value === 'grid';
const isSort = (value: unknown): value is LibrarySort => value === 'recent' || value === 'name' || value === 'creator';

/** The layout kept in `storage`; what is missing or not understood falls back to the default. */
export function readLayout(storage: Pick<Storage, 'getItem'>): LibraryLayout {
  try {
    const kept: unknown = JSON.parse(storage.getItem(layoutKey) ?? 'null');
    const record = typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : {};
    const formerView = storage.getItem(formerViewKey);
    return {
      view: isView(record.view) ? record.view : isView(formerView) ? formerView : defaultLayout.view,
      sort: isSort(record.sort) ? record.sort : defaultLayout.sort,
    };
  } catch {
    // Storage may be off, or hold something of another version: the default then.
    return defaultLayout;
  }
}

export function saveLayout(storage: Pick<Storage, 'setItem'>, layout: LibraryLayout): void {
  try {
    storage.setItem(layoutKey, JSON.stringify(layout));
  } catch {
    // Storage may be off or full: the choice then lasts for this visit.
  }
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The layout, read once, and a setter that keeps each change. */
export function useLibraryLayout(): [LibraryLayout, (change: Partial<LibraryLayout>) => void] {
  const [layout, setLayout] = useState<LibraryLayout>(() => {
    const storage = browserStorage();
    return storage ? readLayout(storage) : defaultLayout;
  });
  const change = useCallback((next: Partial<LibraryLayout>) => {
    setLayout((current) => {
      const changed = { ...current, ...next };
      const storage = browserStorage();
      if (storage) saveLayout(storage, changed);
      return changed;
    });
  }, []);
  return [layout, change];
}

const isKind = (value: string | null): value is LibraryKind => value !== null && Object.hasOwn(kindLabels, value);

/**
 * What the listener narrowed Your Library to (a kind, a filter): in the address, so that a reload, Back and a
 * shared link keep it. Each change replaces the address rather than adding to the history.
 */
export function useLibraryNarrowing(): {
  kind: LibraryKind | null;
  filter: string;
  setKind: (kind: LibraryKind | null) => void;
  setFilter: (filter: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('show');
  const set = useCallback(
    (name: string, value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true, state: window.history.state as unknown },
      ),
    [setParams],
  );
  return {
    kind: isKind(kindParam) ? kindParam : null,
    filter: params.get('filter') ?? '',
    setKind: useCallback((kind: LibraryKind | null) => set('show', kind ?? ''), [set]),
    setFilter: useCallback((filter: string) => set('filter', filter), [set]),
  };
}

const sidebarKindKey = 'graphonic.sidebar.kind';

/** The kind the sidebar was narrowed to, kept in `storage`; none when nothing (or nothing understood) is kept. */
export function readSidebarKind(storage: Pick<Storage, 'getItem'>): LibraryKind | null {
  try {
    const kept = storage.getItem(sidebarKindKey);
    return isKind(kept) ? kept : null;
  } catch {
    return null;
  }
}

export function saveSidebarKind(storage: Pick<Storage, 'setItem' | 'removeItem'>, kind: LibraryKind | null): void {
  try {
    if (kind) storage.setItem(sidebarKindKey, kind);
    else storage.removeItem(sidebarKindKey);
  } catch {
    // Storage may be off or full: the choice then lasts for this visit.
  }
}

/**
 * What the sidebar's chips narrow it to: kept in this browser, as the library's layout is, rather than in
 * the address, since the sidebar stays the same on every screen.
 */
export function useSidebarKind(): [LibraryKind | null, (kind: LibraryKind | null) => void] {
  const [kind, setKind] = useState<LibraryKind | null>(() => {
    const storage = browserStorage();
    return storage ? readSidebarKind(storage) : null;
  });
  const choose = useCallback((next: LibraryKind | null) => {
    setKind(next);
    const storage = browserStorage();
    if (storage) saveSidebarKind(storage, next);
  }, []);
  return [kind, choose];
}
