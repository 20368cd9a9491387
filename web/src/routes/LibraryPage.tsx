import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { ListBulletIcon, MagnifyingGlassIcon, PlusIcon, Squares2X2Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { HeartIcon } from '@heroicons/react/24/solid';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { startQuery } from '../app/screens';
import { graphql } from '../__generated__';
import { MediaCard } from '../components/Cards';
import { deferred } from '../components/deferred';
import { Cover } from '../components/Cover';
import { LoadMore } from '../components/LoadMore';
import { EmptyState, ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { countOf } from '../lib/format';
import {
  describeEntry,
  kindLabels,
  libraryShown,
  routeOf,
  sortButtonClass,
  sortLabels,
  sortsFor,
  type KindList,
  type LibraryEntry,
  type LibraryKind,
  type LibraryShown,
} from '../library/library-entries';
import { albumList, artistList, playlistList, showList } from '../library/library-lists';
import type { SortListboxProps } from '../library/SortListbox';
import { useLibraryLayout, useLibraryNarrowing, type LibraryView } from '../library/library-settings';
import { useCreatePlaylist } from '../playlists/useCreatePlaylist';

/** The sort listbox comes after the first screen; until then, a look-alike of its button. */
const SortListbox = deferred<SortListboxProps>(
  () => import('../library/SortListbox'),
  ({ sort }) => (
    <button
      type="button"
      aria-haspopup="listbox"
      aria-label={`Sort by ${sortLabels[sort]}`}
      className={sortButtonClass}
    >
      <span className="whitespace-nowrap">{sortLabels[sort]}</span>
      <ChevronUpDownIcon aria-hidden="true" className="size-4" />
    </button>
  ),
);

// The sidebar reads the same lists with the same page sizes (app/viewer.tsx, app/Sidebar.tsx): a visit
// here after the first screen is answered from the cache.
export const LibraryPageDocument = graphql(`
  query LibraryPage {
    me {
      id
      savedTracks(first: 1) {
        totalCount
      }
      playlists(first: 50) {
        ...LibraryList_playlists
      }
      savedAlbums(first: 50) {
        ...LibraryList_albums
      }
      followedArtists(first: 50) {
        ...LibraryList_artists
      }
      savedShows(first: 50) {
        ...LibraryList_shows
      }
    }
  }
`);

// The next page of one kind, without asking again for the others.
const MorePlaylistsDocument = graphql(`
  query LibraryPageMorePlaylists($after: String!) {
    me {
      id
      playlists(first: 50, after: $after) {
        ...LibraryList_playlists
      }
    }
  }
`);

const MoreAlbumsDocument = graphql(`
  query LibraryPageMoreAlbums($after: String!) {
    me {
      id
      savedAlbums(first: 50, after: $after) {
        ...LibraryList_albums
      }
    }
  }
`);

const MoreArtistsDocument = graphql(`
  query LibraryPageMoreArtists($after: String!) {
    me {
      id
      followedArtists(first: 50, after: $after) {
        ...LibraryList_artists
      }
    }
  }
`);

const MoreShowsDocument = graphql(`
  query LibraryPageMoreShows($after: String!) {
    me {
      id
      savedShows(first: 50, after: $after) {
        ...LibraryList_shows
      }
    }
  }
`);

type View = LibraryView;

/** Sorting or filtering a list needs all of it: up to this many items of a kind are loaded for it. */
const loadAllLimit = 1000;

function LikedSongsCover({ className }: { className: string }) {
  return (
    <span
      className={`flex shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-indigo-700 to-sky-300 ${className}`}
    >
      <HeartIcon aria-hidden="true" className="size-1/3 text-white" />
    </span>
  );
}

/** Liked Songs, pinned at the top of the playlists. */
function LikedSongsEntry({ view, count }: { view: View; count: number }) {
  if (view === 'grid') {
    return (
      <li className="group relative rounded-lg p-3 transition hover:bg-white/5 focus-within:bg-white/5">
        <LikedSongsCover className="aspect-square w-full shadow-lg" />
        <Link
          to="/collection/tracks"
          className="mt-3 block truncate font-semibold after:absolute after:inset-0 hover:underline"
        >
          Liked Songs
        </Link>
        <p className="mt-1 text-sm text-neutral-400">Playlist · {countOf(count, 'song')}</p>
      </li>
    );
  }
  return (
    <li>
      <Link to="/collection/tracks" className="flex items-center gap-3 rounded-md p-2 hover:bg-white/10">
        <LikedSongsCover className="size-12" />
        <span className="min-w-0">
          <span className="block truncate font-medium">Liked Songs</span>
          <span className="block truncate text-sm text-neutral-400">Playlist · {countOf(count, 'song')}</span>
        </span>
      </Link>
    </li>
  );
}

function EntryItem({ entry, view }: { entry: LibraryEntry; view: View }) {
  const shape = entry.kind === 'artists' ? 'round' : 'square';
  if (view === 'grid') {
    return (
      <MediaCard
        to={routeOf(entry)}
        title={entry.name}
        subtitle={describeEntry(entry)}
        images={entry.images}
        shape={shape}
        play={{ uri: entry.uri, target: { contextUri: entry.uri } }}
      />
    );
  }
  return (
    <li>
      <Link to={routeOf(entry)} className="flex items-center gap-3 rounded-md p-2 hover:bg-white/10">
        <Cover images={entry.images} size={48} shape={shape} className="size-12" />
        <span className="min-w-0">
          <span className="block truncate font-medium">{entry.name}</span>
          <span className="block truncate text-sm text-neutral-400">{describeEntry(entry)}</span>
        </span>
      </Link>
    </li>
  );
}

const listClass: Record<View, string> = {
  list: 'flex flex-col',
  grid: 'grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6',
};

interface SectionProps {
  list: KindList;
  entries: LibraryEntry[];
  view: View;
  /** Shown alone (a chip is on): pages load as the listener scrolls. */
  alone: boolean;
  /** Sorted or filtered: the rest of the list is needed, and loads on its own. */
  needsAll: boolean;
  pinned?: ReactNode;
}

function Section({ list, entries, view, alone, needsAll, pinned }: SectionProps) {
  const label = kindLabels[list.kind];
  const loaded = list.entries.length;
  const [failed, setFailed] = useState(false);
  const loadingAll = needsAll && list.hasMore && loaded < loadAllLimit && !failed;
  const { more } = list;
  // One page at a time: the next is asked for once the one before is in.
  const asked = useRef(-1);
  useEffect(() => {
    if (!loadingAll || asked.current === loaded) return;
    asked.current = loaded;
    more().catch(() => setFailed(true));
  }, [loadingAll, loaded, more]);

  return (
    <section aria-label={label} className="px-2 pb-4 md:px-4">
      {!alone && <h2 className="px-2 pt-4 pb-2 text-xl font-bold">{label}</h2>}
      <ul className={listClass[view]}>
        {pinned}
        {entries.map((entry) => (
          <EntryItem key={`${entry.kind}:${entry.id}`} entry={entry} view={view} />
        ))}
      </ul>
      {loadingAll ? (
        <p role="status" className="px-2 py-4 text-sm text-neutral-400">
          Loading all {countOf(list.total, label.toLowerCase().replace(/s$/, ''))}…
        </p>
      ) : (
        <LoadMore
          hasMore={list.hasMore && (!needsAll || failed)}
          onMore={list.more}
          auto={alone}
          label={`Show more ${label.toLowerCase()}`}
        />
      )}
    </section>
  );
}

function LibrarySkeleton() {
  return (
    <LoadingScreen label="Loading your library">
      <div className="space-y-4 p-4 md:p-6">
        <Skeleton className="h-9 w-48" />
        <div className="flex gap-2">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-8 w-20 rounded-full" />
          ))}
        </div>
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex items-center gap-3">
            <Skeleton className="size-12" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    </LoadingScreen>
  );
}

const kinds: LibraryKind[] = ['playlists', 'albums', 'artists', 'shows'];

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, LibraryPageDocument, {});
}

const chip =
  'min-h-11 sm:min-h-0 shrink-0 rounded-full bg-neutral-800 px-3 py-1.5 text-sm font-medium hover:bg-neutral-700 aria-pressed:bg-white aria-pressed:text-black';
const viewButton = 'rounded-md p-3 text-neutral-400 hover:text-white aria-pressed:text-white sm:p-2';

/** The screen's title, and the button that makes a new playlist. */
function LibraryTitle({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 pt-4 md:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Your Library</h1>
      <button
        type="button"
        onClick={onCreate}
        className="flex shrink-0 items-center gap-2 rounded-full bg-white p-3 text-sm sm:p-2 font-semibold text-black hover:scale-105 sm:px-4"
      >
        <PlusIcon aria-hidden="true" className="size-5" />
        <span className="sr-only sm:not-sr-only">Create playlist</span>
      </button>
    </div>
  );
}

/** The chips that narrow the library to one kind, and the one that shows everything again. */
function KindChips({ kind, setKind }: { kind: LibraryKind | null; setKind: (kind: LibraryKind | null) => void }) {
  return (
    <div role="group" aria-label="Show only" className="flex gap-2 overflow-x-auto px-4 pt-4 md:px-6">
      {kinds.map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={kind === each}
          onClick={() => setKind(kind === each ? null : each)}
          className={chip}
        >
          {kindLabels[each]}
        </button>
      ))}
      {kind && (
        <button
          type="button"
          onClick={() => setKind(null)}
          aria-label="Show everything"
          className="shrink-0 rounded-full bg-neutral-800 p-3 sm:p-1.5 hover:bg-neutral-700"
        >
          <XMarkIcon aria-hidden="true" className="size-5" />
        </button>
      )}
    </div>
  );
}

/** The filter by name or creator. */
function LibraryFilter({ filter, setFilter }: { filter: string; setFilter: (filter: string) => void }) {
  return (
    <div className="relative w-full sm:w-auto sm:max-w-xs sm:flex-1">
      <MagnifyingGlassIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-neutral-400"
      />
      <input
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder="Search in Your Library"
        aria-label="Search in Your Library"
        className="w-full rounded-md bg-neutral-800 py-2 pr-2 pl-8 text-sm text-white placeholder:text-neutral-400 focus:ring-2 focus:ring-white focus:outline-none"
      />
    </div>
  );
}

/** List or grid. */
function ViewChoice({ view, chooseView }: { view: View; chooseView: (view: View) => void }) {
  return (
    <div role="group" aria-label="View as" className="flex">
      <button
        type="button"
        aria-pressed={view === 'list'}
        aria-label="List"
        title="List"
        onClick={() => chooseView('list')}
        className={viewButton}
      >
        <ListBulletIcon aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        aria-pressed={view === 'grid'}
        aria-label="Grid"
        title="Grid"
        onClick={() => chooseView('grid')}
        className={viewButton}
      >
        <Squares2X2Icon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

const searchLink = (
  <Link
    to="/search"
    className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
  >
    Search
  </Link>
);

/** Said when nothing at all is saved: where to find something, or make a playlist. */
function EmptyLibrary({ onCreate }: { onCreate: () => void }) {
  return (
    <EmptyState
      title="Your library is empty"
      action={
        <div className="flex flex-wrap justify-center gap-3">
          {searchLink}
          <button
            type="button"
            onClick={onCreate}
            className="rounded-full px-5 py-2 font-semibold ring-1 ring-white/40 hover:ring-white"
          >
            Create playlist
          </button>
        </div>
      }
    >
      Find something to save: search for songs, albums, artists and podcasts, and they will show here.
    </EmptyState>
  );
}

/** Said when the filter matches nothing, with a way to clear it. */
function NothingMatches({ filter, onClear }: { filter: string; onClear: () => void }) {
  return (
    <EmptyState
      title={`Nothing matches “${filter.trim()}”`}
      action={
        <button
          type="button"
          onClick={onClear}
          className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          Clear the filter
        </button>
      }
    >
      Try other words, or look through everything you saved.
    </EmptyState>
  );
}

interface ContentProps {
  shown: LibraryShown;
  kind: LibraryKind | null;
  filter: string;
  view: View;
  likedCount: number;
  onCreate: () => void;
  onClearFilter: () => void;
}

/** The sections shown, or why there is nothing to show. */
function LibraryContent({ shown, kind, filter, view, likedCount, onCreate, onClearFilter }: ContentProps) {
  const { sections, showLiked, nothingShown, stillLoading, needsAll } = shown;
  if (shown.libraryEmpty) return <EmptyLibrary onCreate={onCreate} />;
  if (nothingShown && filter.trim() !== '' && !stillLoading)
    return <NothingMatches filter={filter} onClear={onClearFilter} />;
  if (nothingShown && kind && !stillLoading) {
    return (
      <EmptyState title={`No ${kindLabels[kind].toLowerCase()} yet`} action={searchLink}>
        Find something to save: search, and tap the heart or Follow.
      </EmptyState>
    );
  }
  return sections.map(
    (section) =>
      (section.entries.length > 0 || section.list.hasMore || (section.list.kind === 'playlists' && showLiked)) && (
        <Section
          key={section.list.kind}
          list={section.list}
          entries={section.entries}
          view={view}
          alone={kind !== null}
          needsAll={needsAll}
          pinned={
            section.list.kind === 'playlists' && showLiked ? (
              <LikedSongsEntry view={view} count={likedCount} />
            ) : undefined
          }
        />
      ),
  );
}

/**
 * Your Library: the listener's playlists (Liked Songs first), saved albums, followed artists and
 * podcasts. Chips narrow it to one kind, a filter finds by name or creator, and it sorts by when
 * things were added, by name or by creator, as a list or a grid.
 */
export default function LibraryPage() {
  const { data, error, loading, refetch, fetchMore } = useQuery(LibraryPageDocument, { errorPolicy: 'all' });
  const createPlaylist = useCreatePlaylist();
  const { kind, setKind, filter, setFilter } = useLibraryNarrowing();
  const [{ view, sort: chosenSort }, changeLayout] = useLibraryLayout();
  const me = data?.me;

  if (loading && !me) return <LibrarySkeleton />;
  if (!me) return <ErrorState error={error} doing="load your library" retry={() => void refetch()} level={1} />;

  const likedCount = me.savedTracks.totalCount;
  const lists: Record<LibraryKind, KindList> = {
    playlists: playlistList(me.playlists, (after) => fetchMore({ query: MorePlaylistsDocument, variables: { after } })),
    albums: albumList(me.savedAlbums, (after) => fetchMore({ query: MoreAlbumsDocument, variables: { after } })),
    artists: artistList(me.followedArtists, (after) => fetchMore({ query: MoreArtistsDocument, variables: { after } })),
    shows: showList(me.savedShows, (after) => fetchMore({ query: MoreShowsDocument, variables: { after } })),
  };
  const sorts = sortsFor(kind);
  const sort = sorts.includes(chosenSort) ? chosenSort : 'name';
  const create = () => void createPlaylist();

  return (
    <div className="pb-8">
      <LibraryTitle onCreate={create} />
      <KindChips kind={kind} setKind={setKind} />
      <div className="flex flex-wrap items-center gap-2 px-4 pt-3 pb-2 md:px-6">
        <LibraryFilter filter={filter} setFilter={setFilter} />
        <div className="ml-auto flex items-center gap-1">
          <SortListbox sort={sort} sorts={sorts} onChange={(next) => changeLayout({ sort: next })} />
          <ViewChoice view={view} chooseView={(next) => changeLayout({ view: next })} />
        </div>
      </div>
      <LibraryContent
        shown={libraryShown(lists, { kind, sort, filter, likedCount })}
        kind={kind}
        filter={filter}
        view={view}
        likedCount={likedCount}
        onCreate={create}
        onClearFilter={() => setFilter('')}
      />
    </div>
  );
}
