import type { SearchType } from '../__generated__/graphql';

/**
 * The search screen keeps what it shows in its address, so that a search can be shared, reloaded
 * and gone back to: `/search?q=words&type=albums`. `focus=1` asks for the box to be focused (the `/`
 * shortcut); it is dropped once honoured.
 */

/** The views of a search: everything at once, or one type alone. */
export const searchTabs = ['all', 'tracks', 'artists', 'albums', 'playlists', 'shows', 'episodes'] as const;
export type SearchTab = (typeof searchTabs)[number];

/** The names of the views, as the tabs show them. */
export const tabLabels: Record<SearchTab, string> = {
  all: 'All',
  tracks: 'Songs',
  artists: 'Artists',
  albums: 'Albums',
  playlists: 'Playlists',
  shows: 'Podcasts',
  episodes: 'Episodes',
};

/** The longest query the api accepts (`search(query:)`: 1 to 500 characters). */
export const maxQueryLength = 500;

export interface SearchLocation {
  /** The query as the address has it, already normalised; empty when there is none. */
  query: string;
  tab: SearchTab;
  focus: boolean;
}

const isTab = (value: string | null): value is SearchTab => searchTabs.some((tab) => tab === value);

/** A query as it is searched: spaces at the ends dropped, runs of spaces made one, at most 500 characters. */
export function normalizeQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, maxQueryLength).trim();
}

/** Reads the search screen's address (`location.search`, with or without its `?`). */
export function readSearchLocation(search: string): SearchLocation {
  const params = new URLSearchParams(search);
  const query = normalizeQuery(params.get('q') ?? '');
  const type = params.get('type');
  return { query, tab: query && isTab(type) ? type : 'all', focus: params.get('focus') === '1' };
}

/** The address of a search: `/search` alone without a query; the type only when it is not "all". */
export function searchHref(query: string, tab: SearchTab = 'all'): string {
  const q = normalizeQuery(query);
  if (!q) return '/search';
  const params = new URLSearchParams({ q });
  if (tab !== 'all') params.set('type', tab);
  return `/search?${params.toString()}`;
}

/** What the api is asked for in each view, and how many of each type. */
export function searchRequest(tab: SearchTab): { types: SearchType[]; first: number } {
  switch (tab) {
    case 'all':
      return { types: ['TRACK', 'ARTIST', 'ALBUM', 'PLAYLIST', 'SHOW', 'EPISODE'], first: 6 };
    case 'tracks':
      return { types: ['TRACK'], first: 10 };
    case 'artists':
      return { types: ['ARTIST'], first: 10 };
    case 'albums':
      return { types: ['ALBUM'], first: 10 };
    case 'playlists':
      return { types: ['PLAYLIST'], first: 10 };
    case 'shows':
      return { types: ['SHOW'], first: 10 };
    case 'episodes':
      return { types: ['EPISODE'], first: 10 };
  }
}
