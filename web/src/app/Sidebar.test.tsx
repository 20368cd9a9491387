import type { MockLink } from '@apollo/client/testing';
import { MockLink as Mocks } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createCache } from '../apollo';
import { NotificationsProvider } from '../components/Notifications';
import { testViewer } from '../search/test-support';
import { Sidebar } from './Sidebar';
import { SidebarLibraryDocument } from './SidebarLibraryRows';
import { ViewerProvider, type Me } from './viewer';

const pageInfo = { __typename: 'PageInfo', hasNextPage: false, endCursor: null };

const playlists = {
  __typename: 'PlaylistConnection',
  totalCount: 1,
  edges: [
    {
      __typename: 'PlaylistEdge',
      cursor: 'p0',
      node: {
        __typename: 'Playlist',
        id: 'road',
        uri: 'spotify:playlist:road',
        name: 'Road Songs',
        collaborative: false,
        images: [],
        owner: { __typename: 'User', id: 'demo', displayName: 'Demo Listener' },
      },
    },
  ],
  pageInfo,
};

const connection = (typename: string, edges: object[]) => ({
  __typename: typename,
  totalCount: edges.length,
  edges,
  pageInfo,
});

const library = (albums: object[]) => ({
  me: {
    __typename: 'Me',
    id: 'demo',
    savedTracks: { __typename: 'SavedTrackConnection', totalCount: 12 },
    savedAlbums: connection('SavedAlbumConnection', albums),
    followedArtists: connection('ArtistConnection', [
      {
        __typename: 'ArtistEdge',
        cursor: 'r0',
        node: { __typename: 'Artist', id: 'lamps', uri: 'spotify:artist:lamps', name: 'The Lamps', images: [] },
      },
    ]),
    savedShows: connection('SavedShowConnection', [
      {
        __typename: 'SavedShowEdge',
        cursor: 's0',
        addedAt: '2026-02-01T00:00:00Z',
        node: {
          __typename: 'Show',
          id: 'hour',
          uri: 'spotify:show:hour',
          name: 'The Sound Hour',
          publisher: 'Graphonic Radio',
          images: [],
        },
      },
    ]),
  },
});

const album = {
  __typename: 'SavedAlbumEdge',
  cursor: 'a0',
  addedAt: '2026-03-01T00:00:00Z',
  node: {
    __typename: 'Album',
    id: 'night',
    uri: 'spotify:album:night',
    name: 'Night Roads',
    images: [],
    artists: [{ __typename: 'Artist', id: 'lamps', name: 'The Lamps' }],
  },
};

function renderSidebar(mocks: MockLink.MockedResponse[], path = '/') {
  const viewer = testViewer();
  const me = { ...viewer.me, playlists: playlists as unknown as Me['playlists'] };
  const location = memoryLocation({ path });
  render(
    <MockedProvider link={new Mocks(mocks)} cache={createCache()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ViewerProvider viewer={{ ...viewer, me }}>
          <NotificationsProvider>
            <Sidebar />
          </NotificationsProvider>
        </ViewerProvider>
      </Router>
    </MockedProvider>,
  );
}

const answer = (data: object): MockLink.MockedResponse => ({
  request: { query: SidebarLibraryDocument },
  result: { data },
});

/** The rows' names and subtitles, in order. */
const rows = () =>
  within(screen.getByRole('list', { name: 'Saved in Your Library' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Your Library in the sidebar', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('lists every kind with its subtitle, Liked Songs first, and marks the page shown', async () => {
    renderSidebar([answer(library([album]))], '/album/night');
    const region = screen.getByRole('region', { name: 'Your Library' });
    expect(within(region).getByRole('heading', { name: 'Your Library' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Night Roads/ })).toBeTruthy();
    expect(rows()).toEqual([
      'Liked SongsPlaylist · 12 songs',
      'Road SongsPlaylist · Demo Listener',
      'Night RoadsAlbum · The Lamps',
      'The LampsArtist',
      'The Sound HourPodcast · Graphonic Radio',
    ]);
    expect(screen.getByRole('link', { name: /Night Roads/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /Night Roads/ }).getAttribute('href')).toBe('/album/night');
    expect(screen.getByRole('link', { name: /Road Songs/ }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: /The Sound Hour/ }).getAttribute('href')).toBe('/show/hour');
  });

  it('narrows to one kind with a chip, remembers it, and clears it with a second click', async () => {
    renderSidebar([answer(library([album]))]);
    await screen.findByRole('link', { name: /Night Roads/ });
    const albums = screen.getByRole('button', { name: 'Albums' });
    expect(albums.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(albums);
    expect(screen.getByRole('button', { name: 'Albums' }).getAttribute('aria-pressed')).toBe('true');
    expect(rows()).toEqual(['Night RoadsAlbum · The Lamps']);
    // One at a time: the other chips step aside.
    expect(screen.queryByRole('button', { name: 'Artists' })).toBeNull();
    expect(localStorage.getItem('graphonic.sidebar.kind')).toBe('albums');

    fireEvent.click(screen.getByRole('button', { name: 'Albums' }));
    expect(screen.getByRole('button', { name: 'Artists' }).getAttribute('aria-pressed')).toBe('false');
    expect(rows()).toHaveLength(5);
    expect(localStorage.getItem('graphonic.sidebar.kind')).toBeNull();
  });

  it('starts with the chip chosen before, and says plainly when its kind is empty', async () => {
    localStorage.setItem('graphonic.sidebar.kind', 'albums');
    renderSidebar([answer(library([]))]);
    expect(await screen.findByText(/No albums yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Albums' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show everything' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('is one Tab stop, whose rows the arrow keys move between', async () => {
    renderSidebar([answer(library([album]))]);
    await screen.findByRole('link', { name: /Night Roads/ });
    const links = within(screen.getByRole('list', { name: 'Saved in Your Library' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1']);
    links[0]?.focus();
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(links[4]);
    // Tab comes back to the row last focused.
    await waitFor(() => expect(links[4]?.getAttribute('tabindex')).toBe('0'));
    expect(links[0]?.getAttribute('tabindex')).toBe('-1');
  });

  it('shows skeletons while loading, and an error with a retry', async () => {
    renderSidebar([
      { request: { query: SidebarLibraryDocument }, error: new Error('Network down') },
      answer(library([album])),
    ]);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('We could not load your library.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Night Roads/ })).toBeTruthy();
  });
});
