import { skipToken, useQuery } from '@apollo/client/react';
import { HeartIcon } from '@heroicons/react/24/solid';
import { useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { graphql } from '../__generated__';
import { Cover } from '../components/Cover';
import { ErrorState } from '../components/States';
import { countOf } from '../lib/format';
import { rowFor } from '../lib/rows';
import {
  describeEntry,
  mergeRecent,
  routeOf,
  type KindList,
  type LibraryEntry,
  type LibraryKind,
} from '../library/library-entries';
import { albumList, artistList, playlistList, showList } from '../library/library-lists';
import { NavLink } from './NavLink';
import { RowsSkeleton } from './Sidebar';
import { useViewer } from './viewer';

/**
 * What the sidebar adds to the viewer's playlists (app/viewer.tsx): the rest of Your Library, in one
 * request, with the library screen's fragments and page sizes, so that the screen then reads it all from
 * the cache. The changes made elsewhere (a save, a follow, a new or deleted playlist) edit these lists
 * in the cache, and the sidebar shows them at once.
 */
export const SidebarLibraryDocument = graphql(`
  query SidebarLibrary {
    me {
      id
      savedTracks(first: 1) {
        totalCount
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

/** The desktop's width (Tailwind's `md`): below it the sidebar is not shown, and asks for nothing. */
const desktopQuery = '(min-width: 48rem)';

function subscribeDesktop(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(desktopQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDesktop = () => typeof window.matchMedia !== 'function' || window.matchMedia(desktopQuery).matches;

/** Whether the window is as wide as the desktop layout. */
export function useDesktop(): boolean {
  return useSyncExternalStore(subscribeDesktop, isDesktop, () => true);
}

const rowClass = (active: boolean) =>
  `flex items-center gap-3 rounded-md p-2 hover:bg-white/5 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none ${active ? 'bg-white/10' : ''}`;

/** How a row takes part in the list's one Tab stop: reached by Tab when it is the row last focused. */
interface Roving {
  tabIndex: number;
  onFocus: () => void;
}

function LikedSongsRow({ count, roving }: { count: number | null; roving: Roving }) {
  return (
    <li>
      <NavLink to="/collection/tracks" className={rowClass} {...roving}>
        <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-indigo-700 to-sky-300">
          <HeartIcon aria-hidden="true" className="size-5 text-white" />
        </span>
        <span className="min-w-0">
          <span className="block truncate font-medium">Liked Songs</span>
          <span className="block truncate text-sm text-neutral-400">
            {count === null ? 'Playlist' : `Playlist · ${countOf(count, 'song')}`}
          </span>
        </span>
      </NavLink>
    </li>
  );
}

function EntryRow({ entry, roving }: { entry: LibraryEntry; roving: Roving }) {
  return (
    <li>
      <NavLink to={routeOf(entry)} className={rowClass} {...roving}>
        <Cover
          images={entry.images}
          size={48}
          shape={entry.kind === 'artists' ? 'round' : 'square'}
          className="size-12"
        />
        <span className="min-w-0">
          <span className="block truncate font-medium">{entry.name}</span>
          <span className="block truncate text-sm text-neutral-400">{describeEntry(entry)}</span>
        </span>
      </NavLink>
    </li>
  );
}

const kinds: LibraryKind[] = ['playlists', 'albums', 'artists', 'shows'];

const emptyWords: Record<LibraryKind, string> = {
  playlists: 'No playlists yet. Create one with the plus button.',
  albums: 'No albums yet. Albums you save show here.',
  artists: 'No artists yet. Artists you follow show here.',
  shows: 'No podcasts yet. Podcasts you save show here.',
};

/** The rows of Your Library: loading, failed, empty or the entries, Liked Songs first. */
export default function LibraryRows({ kind }: { kind: LibraryKind | null }) {
  const { me } = useViewer();
  const desktop = useDesktop();
  const { data, error, loading, refetch } = useQuery(
    SidebarLibraryDocument,
    desktop ? { errorPolicy: 'all' } : skipToken,
  );
  // The list is one Tab stop, as a track list is: the arrow keys, Home and End move between its rows.
  const [focusRow, setFocusRow] = useState(0);
  const rest = data?.me;
  // A phone has no sidebar: nothing to ask for.
  if (!desktop) return null;
  if (!rest) {
    if (loading) return <RowsSkeleton />;
    return <ErrorState error={error} doing="load your library" retry={() => void refetch()} />;
  }
  const lists: Record<LibraryKind, KindList> = {
    playlists: playlistList(me.playlists),
    albums: albumList(rest.savedAlbums),
    artists: artistList(rest.followedArtists),
    shows: showList(rest.savedShows),
  };
  const shown = kind ? [lists[kind]] : kinds.map((each) => lists[each]);
  const entries = mergeRecent(shown);
  const withLiked = kind === null || kind === 'playlists';
  const more = shown.some((list) => list.hasMore);
  const rowCount = entries.length + (withLiked ? 1 : 0);
  const tabStop = Math.min(focusRow, Math.max(0, rowCount - 1));
  const roving = (index: number): Roving => ({
    tabIndex: index === tabStop ? 0 : -1,
    onFocus: () => setFocusRow(index),
  });
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLElement>(':scope > li > a[tabindex]')];
    const index = links.indexOf(event.target as HTMLElement);
    const next = index < 0 ? null : rowFor(event.key, index, links.length);
    if (next === null) return;
    event.preventDefault();
    links[next]?.focus();
  };
  const first = withLiked ? 1 : 0;
  return (
    <>
      <ul aria-label="Saved in Your Library" className="min-h-0 flex-1 overflow-y-auto" onKeyDown={onKeyDown}>
        {withLiked && <LikedSongsRow count={rest.savedTracks.totalCount} roving={roving(0)} />}
        {entries.map((entry, index) => (
          <EntryRow key={`${entry.kind}:${entry.id}`} entry={entry} roving={roving(first + index)} />
        ))}
        {more && (
          <li>
            <Link
              to={kind ? `/library?show=${kind}` : '/library'}
              className="block rounded-md p-2 text-sm font-semibold text-neutral-400 hover:text-white"
            >
              Show all in Your Library
            </Link>
          </li>
        )}
      </ul>
      {kind && entries.length === 0 && !withLiked && (
        <p className="px-2 py-4 text-sm text-neutral-400">{emptyWords[kind]}</p>
      )}
    </>
  );
}
