import { describe, expect, it, vi } from 'vitest';
import {
  describeEntry,
  kindList,
  libraryShown,
  matchesFilter,
  mergeRecent,
  routeOf,
  sortEntries,
  sortsFor,
  type KindList,
  type LibraryEntry,
} from './library-entries';

function entry(name: string, order: number, extra: Partial<LibraryEntry> = {}): LibraryEntry {
  return {
    kind: 'albums',
    id: name,
    uri: `spotify:album:${name}`,
    name,
    creator: null,
    images: [],
    addedAt: null,
    order,
    ...extra,
  };
}

describe('the library’s order and filter', () => {
  const entries = [
    entry('beta', 0, { creator: 'Zed', addedAt: '2026-03-01T00:00:00Z' }),
    entry('Alpha', 1, { creator: 'Émile', addedAt: '2026-05-01T00:00:00Z' }),
    entry('gamma 10', 2, { creator: 'Amy', addedAt: null }),
    entry('gamma 9', 3, { creator: 'Amy', addedAt: null }),
  ];
  const names = (list: LibraryEntry[]) => list.map((each) => each.name);

  it('sorts by when things were added, newest first, else in the music service’s order', () => {
    expect(names(sortEntries(entries, 'recent'))).toEqual(['Alpha', 'beta', 'gamma 10', 'gamma 9']);
  });

  it('sorts by name ignoring case, with numbers in number order', () => {
    expect(names(sortEntries(entries, 'name'))).toEqual(['Alpha', 'beta', 'gamma 9', 'gamma 10']);
  });

  it('sorts by creator, then by name', () => {
    expect(names(sortEntries(entries, 'creator'))).toEqual(['gamma 9', 'gamma 10', 'Alpha', 'beta']);
  });

  it('offers no creator order for artists', () => {
    expect(sortsFor('artists')).toEqual(['recent', 'name']);
    expect(sortsFor(null)).toEqual(['recent', 'name', 'creator']);
  });

  it('finds by name or creator, ignoring case and accents', () => {
    expect(matchesFilter(entries[1] as LibraryEntry, 'emile')).toBe(true);
    expect(matchesFilter(entries[1] as LibraryEntry, 'ALPH')).toBe(true);
    expect(matchesFilter(entries[1] as LibraryEntry, 'gamma')).toBe(false);
    expect(matchesFilter(entries[1] as LibraryEntry, '  ')).toBe(true);
  });

  it('links each kind to its screen and says what it is', () => {
    expect(routeOf({ kind: 'shows', id: 's1' })).toBe('/show/s1');
    expect(routeOf({ kind: 'playlists', id: 'p1' })).toBe('/playlist/p1');
    expect(describeEntry({ kind: 'playlists', creator: 'Demo' })).toBe('Playlist · Demo');
    expect(describeEntry({ kind: 'artists', creator: null })).toBe('Artist');
  });
});

describe('a kind’s list', () => {
  const page = {
    totalCount: 3,
    pageInfo: { hasNextPage: true, endCursor: 'c2' },
    edges: [
      {
        addedAt: '2026-05-01T00:00:00Z',
        node: { id: 'a', uri: 'spotify:show:a', name: 'A', images: [], publisher: 'P' },
      },
      {
        addedAt: '2026-04-01T00:00:00Z',
        node: { id: 'b', uri: 'spotify:show:b', name: 'B', images: [], publisher: 'Q' },
      },
    ],
  };

  it('makes an entry of each edge, in the music service’s order, with its kind, creator and save time', () => {
    const list = kindList(
      'shows',
      page,
      ({ node, addedAt }) => ({ node, creator: node.publisher, addedAt }),
      () => Promise.resolve(),
    );
    expect(list.entries).toEqual([
      {
        kind: 'shows',
        id: 'a',
        uri: 'spotify:show:a',
        name: 'A',
        creator: 'P',
        images: [],
        addedAt: '2026-05-01T00:00:00Z',
        order: 0,
      },
      {
        kind: 'shows',
        id: 'b',
        uri: 'spotify:show:b',
        name: 'B',
        creator: 'Q',
        images: [],
        addedAt: '2026-04-01T00:00:00Z',
        order: 1,
      },
    ]);
    expect(list).toMatchObject({ kind: 'shows', total: 3, hasMore: true });
  });

  it('loads more after the page’s end cursor, or from the start when it has none', async () => {
    const more = vi.fn(() => Promise.resolve());
    const itemOf = ({ node }: (typeof page.edges)[number]) => ({ node, creator: null, addedAt: null });
    await kindList('artists', page, itemOf, more).more();
    await kindList('artists', { ...page, pageInfo: { hasNextPage: false, endCursor: null } }, itemOf, more).more();
    expect(more.mock.calls).toEqual([['c2'], ['']]);
  });
});

describe('the kinds in one list, most recently added first', () => {
  const list = (kind: KindList['kind'], entries: LibraryEntry[]): KindList => ({
    kind,
    entries,
    total: entries.length,
    hasMore: false,
    more: () => Promise.resolve(),
  });

  it('goes by the time saved where both are known, and keeps each kind in its own order', () => {
    const albums = list('albums', [
      entry('new album', 0, { addedAt: '2026-05-01T00:00:00Z' }),
      entry('old album', 1, { addedAt: '2026-01-01T00:00:00Z' }),
    ]);
    const shows = list('shows', [entry('show', 0, { kind: 'shows', addedAt: '2026-03-01T00:00:00Z' })]);
    const playlists = list('playlists', [
      entry('first playlist', 0, { kind: 'playlists' }),
      entry('second playlist', 1, { kind: 'playlists' }),
    ]);
    const artists = list('artists', [entry('artist', 0, { kind: 'artists' })]);
    expect(mergeRecent([playlists, albums, artists, shows]).map((each) => each.name)).toEqual([
      'first playlist',
      'new album',
      'artist',
      'show',
      'second playlist',
      'old album',
    ]);
  });

  it('is empty for empty lists', () => {
    expect(mergeRecent([list('albums', []), list('artists', [])])).toEqual([]);
  });
});

describe('what Your Library shows', () => {
  const listOf = (kind: KindList['kind'], entries: LibraryEntry[], hasMore = false): KindList => ({
    kind,
    entries,
    total: entries.length,
    hasMore,
    more: () => Promise.resolve(),
  });
  const lists = {
    playlists: listOf('playlists', []),
    albums: listOf('albums', [entry('Blue', 0), entry('Amber', 1)]),
    artists: listOf('artists', [], true),
    shows: listOf('shows', []),
  };

  it('shows every kind, sorted, with Liked Songs first, when nothing narrows it', () => {
    const shown = libraryShown(lists, { kind: null, sort: 'name', filter: '', likedCount: 3 });
    expect(shown.sections.map((section) => section.list.kind)).toEqual(['playlists', 'albums', 'artists', 'shows']);
    expect(shown.sections[1]?.entries.map((each) => each.name)).toEqual(['Amber', 'Blue']);
    expect(shown).toMatchObject({ showLiked: true, libraryEmpty: false, nothingShown: false, needsAll: true });
    expect(shown.stillLoading).toBe(true);
  });

  it('narrows to a kind and a filter, and says when nothing matches', () => {
    const shown = libraryShown(lists, { kind: 'albums', sort: 'recent', filter: 'zzz', likedCount: 0 });
    expect(shown.sections.map((section) => section.list.kind)).toEqual(['albums']);
    expect(shown).toMatchObject({ showLiked: false, nothingShown: true, stillLoading: false });
  });

  it('says the library is empty when nothing is saved, Liked Songs included', () => {
    const empty = { ...lists, albums: listOf('albums', []), artists: listOf('artists', []) };
    expect(libraryShown(empty, { kind: null, sort: 'recent', filter: '', likedCount: 0 }).libraryEmpty).toBe(true);
  });
});
