import { print } from 'graphql';
import {
  AlbumPageDocument,
  ArtistPageDocument,
  HomeDocument,
  LibraryPageDocument,
  PlaylistPageDocument,
  SearchPageDocument,
} from '../../web/src/__generated__/graphql';
import { searchRequest } from '../../web/src/search/url';

/**
 * The operations of the benchmark: the web client's own screen queries, as codegen writes them
 * down from the screens (web/src/__generated__/graphql.ts), so that a change to a screen's query
 * changes what the benchmark measures. The benchmark (`npm run bench -w api`, `bench:scale`) and
 * its test (operations.test.ts) share them; the figures in docs/performance.md describe the
 * screens people use.
 *
 * Each operation is a screen's document and the variables the screen gives it, built from the
 * few ids a screen starts from (`ScreenIds`). The playlist screen shows 100 items in two pages of
 * 50: the second page is the same query `after` the first page's `endCursor`, as the screen asks
 * for it when scrolled. The artist screen asks for top tracks and related artists (the screen
 * leaves them out where the upstream lacks them; the api then answers FEATURE_UNAVAILABLE without
 * a call once it knows), and the search screen for its "all" view.
 */

/** The ids the screens start from: what a listener clicked on or typed. */
export interface ScreenIds {
  /** A playlist of 100 tracks that the listener owns. */
  playlistId: string;
  albumId: string;
  artistId: string;
  /** What the listener typed into the search box. */
  searchText: string;
}

export type OperationName =
  | 'HomeScreen'
  | 'PlaylistScreen'
  | 'PlaylistScreenMore'
  | 'AlbumScreen'
  | 'ArtistScreen'
  | 'LibraryScreen'
  | 'SearchScreen';

export interface BenchOperation {
  name: OperationName;
  /** What the screen shows, for the benchmark's table. */
  title: string;
  document: string;
  /**
   * The variables, from the screen's ids and, for an operation that continues another one, that
   * operation's answer (`previous`).
   */
  variables: (ids: ScreenIds, previous: Partial<Record<OperationName, unknown>>) => Record<string, unknown>;
}

/** The end cursor of the first page of the playlist screen, to continue from. */
function playlistEndCursor(previous: unknown): string {
  const cursor = (previous as { playlist?: { items?: { pageInfo?: { endCursor?: unknown } } } } | undefined)?.playlist
    ?.items?.pageInfo?.endCursor;
  if (typeof cursor !== 'string') throw new Error('PlaylistScreenMore continues PlaylistScreen: run that first.');
  return cursor;
}

/** The client's document of each operation of the benchmark. */
export const screenDocuments = {
  HomeScreen: HomeDocument,
  PlaylistScreen: PlaylistPageDocument,
  PlaylistScreenMore: PlaylistPageDocument,
  AlbumScreen: AlbumPageDocument,
  ArtistScreen: ArtistPageDocument,
  LibraryScreen: LibraryPageDocument,
  SearchScreen: SearchPageDocument,
} as const satisfies Record<OperationName, unknown>;

const screens: Omit<BenchOperation, 'document'>[] = [
  { name: 'HomeScreen', title: 'home', variables: () => ({}) },
  {
    name: 'PlaylistScreen',
    title: 'playlist, items 1-50',
    variables: (ids) => ({ id: ids.playlistId, after: null }),
  },
  {
    name: 'PlaylistScreenMore',
    title: 'playlist, items 51-100',
    variables: (ids, previous) => ({
      id: ids.playlistId,
      after: playlistEndCursor(previous.PlaylistScreen),
    }),
  },
  { name: 'AlbumScreen', title: 'album', variables: (ids) => ({ id: ids.albumId }) },
  {
    name: 'ArtistScreen',
    title: 'artist',
    variables: (ids) => ({ id: ids.artistId, topTracks: true, related: true }),
  },
  { name: 'LibraryScreen', title: 'library', variables: () => ({}) },
  {
    name: 'SearchScreen',
    title: 'search',
    variables: (ids) => ({ query: ids.searchText, ...searchRequest('all'), searching: true, browse: false }),
  },
];

/** Every operation of the benchmark, in the order it runs them (a continuation after what it continues). */
export const benchOperations: readonly BenchOperation[] = screens.map((screen) => ({
  ...screen,
  document: print(screenDocuments[screen.name]),
}));
