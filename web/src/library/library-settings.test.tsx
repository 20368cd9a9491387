import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { readLayout, readSidebarKind, saveLayout, saveSidebarKind, useLibraryNarrowing } from './library-settings';

function storageOf(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('the library layout kept in the browser', () => {
  it('reads back what was saved: the view and the sort', () => {
    const storage = storageOf({});
    saveLayout(storage, { view: 'grid', sort: 'creator' });
    expect(readLayout(storage)).toEqual({ view: 'grid', sort: 'creator' });
  });

  it('starts as a list by recently added, and keeps a view saved on its own before', () => {
    expect(readLayout(storageOf({}))).toEqual({ view: 'list', sort: 'recent' });
    expect(readLayout(storageOf({ 'graphonic.library.view': 'grid' }))).toEqual({ view: 'grid', sort: 'recent' });
  });

  it('falls back to the default for what it does not understand, or when storage refuses', () => {
    expect(readLayout(storageOf({ 'graphonic.library': '{"view":"table","sort":"loudest"}' }))).toEqual({
      view: 'list',
      sort: 'recent',
    });
    expect(readLayout(storageOf({ 'graphonic.library': 'not json' }))).toEqual({ view: 'list', sort: 'recent' });
    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readLayout(refusing)).toEqual({ view: 'list', sort: 'recent' });
    expect(() => saveLayout(refusing, { view: 'grid', sort: 'name' })).not.toThrow();
  });
});

describe("the sidebar's chip kept in the browser", () => {
  it('reads back the kind chosen, and nothing once it is cleared', () => {
    const storage = storageOf({});
    expect(readSidebarKind(storage)).toBeNull();
    saveSidebarKind(storage, 'albums');
    expect(readSidebarKind(storage)).toBe('albums');
    saveSidebarKind(storage, null);
    expect(storage.map.has('graphonic.sidebar.kind')).toBe(false);
    expect(readSidebarKind(storage)).toBeNull();
  });

  it('ignores a kind it does not know', () => {
    expect(readSidebarKind(storageOf({ 'graphonic.sidebar.kind': 'radio' }))).toBeNull();
    expect(readSidebarKind(storageOf({ 'graphonic.sidebar.kind': 'toString' }))).toBeNull();
  });
});

describe('what Your Library is narrowed to', () => {
  function render(path: string) {
    const location = memoryLocation({ path, record: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    );
    return { ...renderHook(() => useLibraryNarrowing(), { wrapper }), location };
  }

  it('reads the kind and the filter from the address, ignoring a kind it does not know', () => {
    expect(render('/library?show=albums&filter=deep').result.current).toMatchObject({
      kind: 'albums',
      filter: 'deep',
    });
    expect(render('/library?show=everything').result.current).toMatchObject({ kind: null, filter: '' });
  });

  it('puts each change in the address in place of the last, and leaves it clean when cleared', () => {
    const { result, location } = render('/library');
    act(() => result.current.setKind('shows'));
    act(() => result.current.setFilter('talk'));
    expect(result.current).toMatchObject({ kind: 'shows', filter: 'talk' });
    expect(location.history.at(-1)).toBe('/library?show=shows&filter=talk');
    act(() => result.current.setKind(null));
    act(() => result.current.setFilter(''));
    expect(location.history.at(-1)).toBe('/library');
    // Replaced, not added: Back leaves the library rather than stepping through each keystroke.
    expect(location.history).toHaveLength(1);
  });
});
