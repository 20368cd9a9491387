import type { ImageData } from '../components/Cover';

/** The kinds of things a library holds, as its filter chips name them. */
export type LibraryKind = 'playlists' | 'albums' | 'artists' | 'shows';

export const kindLabels: Record<LibraryKind, string> = {
  playlists: 'Playlists',
  albums: 'Albums',
  artists: 'Artists',
  shows: 'Podcasts',
};

export type LibrarySort = 'recent' | 'name' | 'creator';

export const sortLabels: Record<LibrarySort, string> = {
  recent: 'Recently added',
  name: 'Alphabetical',
  creator: 'Creator',
};

/** The sorts that apply to a kind (or to all kinds): artists have no creator. */
export function sortsFor(kind: LibraryKind | null): LibrarySort[] {
  return kind === 'artists' ? ['recent', 'name'] : ['recent', 'name', 'creator'];
}

/** One thing in the library, whatever its kind, as a row or a card shows it. */
export interface LibraryEntry {
  kind: LibraryKind;
  id: string;
  uri: string;
  name: string;
  /** Who made it: a playlist's owner, an album's artists, a podcast's publisher; null for artists. */
  creator: string | null;
  images: readonly ImageData[];
  /** When it was saved, where the music service says (albums, podcasts). */
  addedAt: string | null;
  /** Its place in the music service's own order (most recently added first). */
  order: number;
}

/** One kind's part of the library: its loaded entries, how many there are, and how to load more. */
export interface KindList {
  kind: LibraryKind;
  entries: LibraryEntry[];
  total: number;
  hasMore: boolean;
  more: () => Promise<unknown>;
}

/** What a kind's list item gives an entry: the thing itself, who made it, and when it was saved. */
export interface KindItem {
  node: { id: string; uri: string; name: string; images: readonly ImageData[] };
  creator: string | null;
  addedAt: string | null;
}

/**
 * One kind's list from a page of the music service's list of it (`connection`): `itemOf` reads
 * each edge, and `more` loads the page after `after` (the connection's end cursor).
 */
export function kindList<Edge>(
  kind: LibraryKind,
  connection: {
    edges: readonly Edge[];
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  },
  itemOf: (edge: Edge) => KindItem,
  more: (after: string) => Promise<unknown>,
): KindList {
  return {
    kind,
    entries: connection.edges.map((edge, order) => {
      const { node, creator, addedAt } = itemOf(edge);
      return { kind, id: node.id, uri: node.uri, name: node.name, creator, images: node.images, addedAt, order };
    }),
    total: connection.totalCount,
    hasMore: connection.pageInfo.hasNextPage,
    more: () => more(connection.pageInfo.endCursor ?? ''),
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The entries in the chosen order; ties keep the music service's order. */
export function sortEntries(entries: readonly LibraryEntry[], sort: LibrarySort): LibraryEntry[] {
  const byOrder = (a: LibraryEntry, b: LibraryEntry) => a.order - b.order;
  const compare: Record<LibrarySort, (a: LibraryEntry, b: LibraryEntry) => number> = {
    recent: (a, b) => (a.addedAt && b.addedAt ? b.addedAt.localeCompare(a.addedAt) : 0) || byOrder(a, b),
    name: (a, b) => collator.compare(a.name, b.name) || byOrder(a, b),
    creator: (a, b) =>
      collator.compare(a.creator ?? a.name, b.creator ?? b.name) || collator.compare(a.name, b.name) || byOrder(a, b),
  };
  return [...entries].sort(compare[sort]);
}

/** Whether an entry's name or creator holds the text, ignoring case and accents. */
export function matchesFilter(entry: { name: string; creator: string | null }, text: string): boolean {
  const wanted = fold(text.trim());
  if (wanted === '') return true;
  return fold(entry.name).includes(wanted) || (entry.creator !== null && fold(entry.creator).includes(wanted));
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Where an entry's screen is. */
export function routeOf(entry: Pick<LibraryEntry, 'kind' | 'id'>): string {
  const paths: Record<LibraryKind, string> = {
    playlists: 'playlist',
    albums: 'album',
    artists: 'artist',
    shows: 'show',
  };
  return `/${paths[entry.kind]}/${entry.id}`;
}

/** The line under an entry's name: "Playlist · Demo Listener". */
export function describeEntry(entry: Pick<LibraryEntry, 'kind' | 'creator'>): string {
  const kinds: Record<LibraryKind, string> = {
    playlists: 'Playlist',
    albums: 'Album',
    artists: 'Artist',
    shows: 'Podcast',
  };
  return entry.creator ? `${kinds[entry.kind]} · ${entry.creator}` : kinds[entry.kind];
}

/** The look of the sort button, the same before and after its listbox has loaded. */
export const sortButtonClass =
  'flex min-h-11 sm:min-h-0 items-center gap-1 rounded-md px-2 py-2 text-sm text-neutral-300 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none';

const kindOrder: readonly LibraryKind[] = ['playlists', 'albums', 'artists', 'shows'];

/**
 * The kinds' entries in one list, most recently added first, as the sidebar shows them. Each kind keeps
 * the music service's own order (most recent first). Between kinds, two entries whose saving time is
 * known go by it; otherwise by their place in their own list, so that the newest of each kind come
 * first; ties go playlists, albums, artists, podcasts.
 */
export function mergeRecent(lists: readonly KindList[]): LibraryEntry[] {
  const heads = lists.map((list) => ({ kind: list.kind, entries: list.entries, next: 0 }));
  const before = (a: LibraryEntry, b: LibraryEntry) => {
    if (a.addedAt && b.addedAt && a.addedAt !== b.addedAt) return a.addedAt > b.addedAt;
    if (a.order !== b.order) return a.order < b.order;
    return kindOrder.indexOf(a.kind) < kindOrder.indexOf(b.kind);
  };
  const merged: LibraryEntry[] = [];
  for (;;) {
    let best: (typeof heads)[number] | null = null;
    for (const head of heads) {
      const entry = head.entries[head.next];
      if (!entry) continue;
      const bestEntry = best?.entries[best.next];
      if (!bestEntry || before(entry, bestEntry)) best = head;
    }
    const chosen = best?.entries[best.next];
    if (!best || !chosen) return merged;
    merged.push(chosen);
    best.next += 1;
  }
}

/** What Your Library shows of its lists, narrowed to a kind and a filter and sorted. */
export interface LibraryShown {
  sections: { list: KindList; entries: LibraryEntry[] }[];
  /** Whether Liked Songs stands first among the playlists. */
  showLiked: boolean;
  /** Whether the listener saved nothing at all. */
  libraryEmpty: boolean;
  /** Whether nothing is shown (with what has been read so far). */
  nothingShown: boolean;
  /** Whether every entry must be read to show them rightly: sorted otherwise than by when they were added, or filtered. */
  needsAll: boolean;
  /** Whether entries that may yet match are still to be read. */
  stillLoading: boolean;
}

const allKinds: readonly LibraryKind[] = ['playlists', 'albums', 'artists', 'shows'];

export function libraryShown(
  lists: Record<LibraryKind, KindList>,
  {
    kind,
    sort,
    filter,
    likedCount,
  }: { kind: LibraryKind | null; sort: LibrarySort; filter: string; likedCount: number },
): LibraryShown {
  const needsAll = sort !== 'recent' || filter.trim() !== '';
  const sections = (kind ? [kind] : allKinds).map((each) => ({
    list: lists[each],
    entries: sortEntries(
      lists[each].entries.filter((entry) => matchesFilter(entry, filter)),
      sort,
    ),
  }));
  const showLiked =
    (kind === null || kind === 'playlists') && matchesFilter({ name: 'Liked Songs', creator: null }, filter);
  return {
    sections,
    showLiked,
    libraryEmpty: likedCount === 0 && allKinds.every((each) => lists[each].total === 0),
    nothingShown: !showLiked && sections.every((section) => section.entries.length === 0),
    needsAll,
    stillLoading: needsAll && sections.some((section) => section.list.hasMore),
  };
}
