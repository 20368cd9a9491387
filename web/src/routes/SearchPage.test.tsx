import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { SearchPageQueryVariables } from '../__generated__/graphql';
import { renderScreen } from '../search/test-support';
import { holdOperations, type HeldOperations } from '../testing/held-link';
import { searchDelayMs } from '../search/useDebouncedQuery';
import SearchPage, { SearchPageQueryDocument } from './SearchPage';

const image = { __typename: 'Image', url: 'https://images.test/cover.png', width: 300 } as const;

const track = (n: number, word: string) => ({
  __typename: 'Track',
  id: `${word}-t${String(n)}`,
  uri: `spotify:track:${word}-t${String(n)}`,
  name: `${word} song ${String(n)}`,
  durationMs: 200_000,
  explicit: false,
  saved: false,
  trackNumber: 1,
  isPlayable: true,
  album: { __typename: 'Album', id: `${word}-al${String(n)}`, name: `${word} record ${String(n)}`, images: [image] },
  artists: [{ __typename: 'Artist', id: 'singer', name: 'The Singers' }],
});

const artist = (n: number, word: string) => ({
  __typename: 'Artist',
  id: `${word}-ar${String(n)}`,
  uri: `spotify:artist:${word}-ar${String(n)}`,
  name: `${word} band ${String(n)}`,
  images: [image],
});

const album = (n: number, word: string) => ({
  __typename: 'Album',
  id: `${word}-al${String(n)}`,
  uri: `spotify:album:${word}-al${String(n)}`,
  name: `${word} record ${String(n)}`,
  releaseDate: '2020-05-01',
  images: [image],
  artists: [{ __typename: 'Artist', id: 'singer', name: 'The Singers' }],
});

const playlist = (n: number, word: string) => ({
  __typename: 'Playlist',
  id: `${word}-pl${String(n)}`,
  uri: `spotify:playlist:${word}-pl${String(n)}`,
  name: `${word} mix ${String(n)}`,
  images: [image],
  owner: { __typename: 'User', id: 'editor', displayName: 'The Editors' },
});

const show = (n: number, word: string) => ({
  __typename: 'Show',
  id: `${word}-sh${String(n)}`,
  uri: `spotify:show:${word}-sh${String(n)}`,
  name: `${word} talk ${String(n)}`,
  publisher: 'Talkers',
  images: [image],
});

const episode = (n: number, word: string) => ({
  __typename: 'Episode',
  id: `${word}-ep${String(n)}`,
  uri: `spotify:episode:${word}-ep${String(n)}`,
  name: `${word} episode ${String(n)}`,
  releaseDate: '2024-02-03',
  durationMs: 1_800_000,
  images: [image],
  show: { __typename: 'Show', id: `${word}-sh1`, name: `${word} talk 1` },
});

/** One page of a connection: `count` items from `offset`, out of `total`. */
function page<T>(
  typename: string,
  make: (n: number, word: string) => T,
  word: string,
  { offset = 0, count, total }: { offset?: number; count: number; total: number },
) {
  const items = Array.from({ length: count }, (_, index) => make(offset + index + 1, word));
  return {
    __typename: `${typename}Connection`,
    totalCount: total,
    edges: items.map((node, index) => ({
      __typename: `${typename}Edge`,
      cursor: `${word}-${String(offset + index)}`,
      node,
    })),
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage: offset + count < total,
      endCursor: count > 0 ? `${word}-${String(offset + count - 1)}` : null,
    },
  };
}

const none = { tracks: null, artists: null, albums: null, playlists: null, shows: null, episodes: null };

/** What "All" finds for a word: six of each type, more of each behind "Show all". */
function everything(word: string, count = 6) {
  return {
    search: {
      __typename: 'SearchResults',
      tracks: page('Track', track, word, { count, total: count * 4 }),
      artists: page('Artist', artist, word, { count, total: count * 4 }),
      albums: page('Album', album, word, { count, total: count * 4 }),
      playlists: page('Playlist', playlist, word, { count, total: count * 4 }),
      shows: page('Show', show, word, { count, total: count * 4 }),
      episodes: page('Episode', episode, word, { count, total: count * 4 }),
    },
  };
}

type Variables = SearchPageQueryVariables;

function searchMock(
  matches: (variables: Variables) => boolean,
  data: Record<string, unknown>,
  delay = 10,
): MockLink.MockedResponse {
  return {
    request: { query: SearchPageQueryDocument, variables: (variables: Variables) => matches(variables) },
    result: { data },
    delay,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** The types asked for, as a list: `TRACK,ARTIST`. */
const typesOf = (variables: Variables) => [variables.types].flat().join();

const isAll = (word: string) => (variables: Variables) =>
  variables.searching && variables.query === word && typesOf(variables).split(',').length === 6 && !variables.after;

/** The search screen at an address. */
function renderSearch(
  path: string,
  mocks: MockLink.MockedResponse[],
  { browse = false, hold }: { browse?: boolean; hold?: HeldOperations } = {},
) {
  return renderScreen(<SearchPage />, { path, mocks, features: { browse }, ...(hold ? { hold: hold.link } : {}) });
}

const box = () => screen.getByRole('searchbox', { name: 'What do you want to listen to?' });
const pause = (ms: number) => act(() => new Promise((done) => setTimeout(done, ms)));

describe('the search screen', () => {
  it('searches what is typed once typing pauses, and puts it in the address', async () => {
    const { current } = renderSearch('/search', [searchMock(isAll('love'), everything('love'))]);
    expect(screen.getByRole('heading', { name: 'Find something to play' })).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'lo' } });
    fireEvent.change(box(), { target: { value: 'love' } });
    await pause(searchDelayMs / 2);
    expect(current()).toBe('/search');
    await waitFor(() => expect(current()).toBe('/search?q=love'));
    // The typed word's songs, with the top result beside them.
    expect(await screen.findByRole('heading', { name: 'Top result' })).toBeTruthy();
    const songs = screen.getByRole('list', { name: 'Songs for “love”' });
    expect(within(songs).getAllByRole('listitem')).toHaveLength(4);
    const top = screen.getByRole('region', { name: 'Top result' });
    expect(within(top).getByRole('link', { name: 'love band 1' }).getAttribute('href')).toBe('/artist/love-ar1');
  });

  it('keeps the last results, dimmed, while the next query loads', async () => {
    const hold = holdOperations(['SearchPage']);
    hold.release('SearchPage');
    const { current } = renderSearch(
      '/search?q=love',
      [searchMock(isAll('love'), everything('love')), searchMock(isAll('lovely'), everything('lovely'))],
      { hold },
    );
    await screen.findByRole('list', { name: 'Songs for “love”' });
    fireEvent.change(box(), { target: { value: 'lovely' } });
    // Typed but not yet searched: the box says it is at work.
    expect(screen.getByRole('search').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(current()).toBe('/search?q=lovely'));
    expect(screen.getByRole('search').getAttribute('aria-busy')).toBe('true');
    // The old results stay on screen, marked busy, with no skeleton in their place.
    expect(screen.getByRole('list', { name: 'Songs for “love”' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'All' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Searching…')).toBeTruthy();
    hold.release('SearchPage');
    expect(await screen.findByRole('list', { name: 'Songs for “lovely”' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'All' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('search').getAttribute('aria-busy')).toBe('false');
  });

  it('switches to one type in the address, and loads more of it', async () => {
    const firstPage = {
      search: { __typename: 'SearchResults', ...none, tracks: page('Track', track, 'love', { count: 10, total: 15 }) },
    };
    const nextPage = {
      search: {
        __typename: 'SearchResults',
        ...none,
        tracks: page('Track', track, 'love', { offset: 10, count: 5, total: 15 }),
      },
    };
    const { current } = renderSearch('/search?q=love', [
      searchMock(isAll('love'), everything('love')),
      searchMock((v) => v.query === 'love' && typesOf(v) === 'TRACK' && !v.after, firstPage),
      searchMock((v) => v.query === 'love' && typesOf(v) === 'TRACK' && v.after === 'love-9', nextPage),
    ]);
    await screen.findByRole('heading', { name: 'Top result' });
    fireEvent.click(screen.getByRole('tab', { name: 'Songs' }));
    await waitFor(() => expect(current()).toBe('/search?q=love&type=tracks'));
    expect(screen.getByRole('tab', { name: 'Songs' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Songs for “love”' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
    expect(screen.queryByRole('heading', { name: 'Top result' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'More songs' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Songs for “love”' })).getAllByRole('listitem')).toHaveLength(15),
    );
    // The last page is in: nothing more to load.
    expect(screen.queryByRole('button', { name: 'More songs' })).toBeNull();
    expect(screen.getByText('love song 15')).toBeTruthy();
  });

  it('opens a shared address on its type, and follows the address back to "All"', async () => {
    const artists = {
      search: { __typename: 'SearchResults', ...none, artists: page('Artist', artist, 'blue', { count: 3, total: 3 }) },
    };
    const { location, current } = renderSearch('/search?q=blue&type=artists', [
      searchMock((v) => v.query === 'blue' && typesOf(v) === 'ARTIST', artists),
      searchMock(isAll('blue'), everything('blue')),
    ]);
    expect(box()).toHaveProperty('value', 'blue');
    expect(screen.getByRole('tab', { name: 'Artists' }).getAttribute('aria-selected')).toBe('true');
    const grid = await screen.findByRole('list', { name: 'Artists for “blue”' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    // No "load more" when the music service has no more.
    expect(screen.queryByRole('button', { name: 'More artists' })).toBeNull();

    act(() => {
      location.navigate('/search?q=blue');
    });
    expect(current()).toBe('/search?q=blue');
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Top result' })).toBeTruthy();
  });

  it('says so when nothing matched, with a next step', async () => {
    const nothing = {
      search: {
        __typename: 'SearchResults',
        tracks: page('Track', track, 'x', { count: 0, total: 0 }),
        artists: page('Artist', artist, 'x', { count: 0, total: 0 }),
        albums: page('Album', album, 'x', { count: 0, total: 0 }),
        playlists: page('Playlist', playlist, 'x', { count: 0, total: 0 }),
        shows: page('Show', show, 'x', { count: 0, total: 0 }),
        episodes: page('Episode', episode, 'x', { count: 0, total: 0 }),
      },
    };
    renderSearch('/search?q=zzqx', [searchMock(isAll('zzqx'), nothing)]);
    expect(await screen.findByRole('heading', { name: 'No results found for “zzqx”' })).toBeTruthy();
    expect(screen.getByText('Check the spelling, or try fewer or different words.')).toBeTruthy();
  });

  it('explains a failure in plain words and tries again', async () => {
    const failure: MockLink.MockedResponse = {
      request: { query: SearchPageQueryDocument, variables: (v: Variables) => v.query === 'love' },
      result: { errors: [new GraphQLError('upstream down', { extensions: { code: 'UPSTREAM_UNAVAILABLE' } })] },
      delay: 10,
    };
    renderSearch('/search?q=love', [failure, searchMock(isAll('love'), everything('love'))]);
    expect(await screen.findByText('We could not search the catalog.')).toBeTruthy();
    expect(screen.queryByText('upstream down')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Top result' })).toBeTruthy();
  });

  it('shows the browse categories without a query, where the music service has them', async () => {
    const categories = {
      categories: {
        __typename: 'CategoryConnection',
        edges: ['Jazz', 'Rock'].map((name) => ({
          __typename: 'CategoryEdge',
          cursor: name,
          node: { __typename: 'Category', id: name.toLowerCase(), name, icons: [image] },
        })),
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'Rock' },
      },
    };
    renderSearch('/search', [searchMock((v) => !v.searching && v.browse, categories)], { browse: true });
    const tiles = await screen.findByRole('list', { name: 'Browse all' });
    expect(within(tiles).getByRole('link', { name: 'Jazz' }).getAttribute('href')).toBe('/category/jazz');
  });

  it('puts the cursor in the box when asked by the address, then forgets the request', async () => {
    const { current } = renderSearch('/search?focus=1', []);
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(current()).toBe('/search');
  });
});
