import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../search/test-support';
import ProfilePage, { ProfilePageQueryDocument, ProfilePagePlaylistsQueryDocument } from './ProfilePage';

const playlist = (id: string, owner: string, isPublic: boolean) => ({
  __typename: 'PlaylistEdge',
  cursor: `cursor-${id}`,
  node: {
    __typename: 'Playlist',
    id,
    uri: `spotify:playlist:${id}`,
    name: `Playlist ${id}`,
    public: isPublic,
    images: [],
    owner: { __typename: 'User', id: owner, displayName: owner === 'demo' ? 'Demo Listener' : 'Editors' },
  },
});

const connection = (edges: ReturnType<typeof playlist>[], hasNextPage: boolean, totalCount: number) => ({
  __typename: 'PlaylistConnection',
  totalCount,
  edges,
  pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
});

const empty = (typename: string) => ({
  __typename: typename,
  totalCount: 0,
  edges: [],
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
});

function profile(playlists: ReturnType<typeof connection>) {
  return {
    me: {
      __typename: 'Me',
      id: 'demo',
      displayName: 'Demo Listener',
      images: [],
      followersCount: 3,
      followedArtists: { ...empty('ArtistConnection'), totalCount: 7 },
      topArtists: empty('ArtistConnection'),
      topTracks: empty('TrackConnection'),
      playlists,
    },
  };
}

describe("the listener's profile", () => {
  it('shows their public playlists only, and finds the rest of them page by page', async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: ProfilePageQueryDocument },
        result: {
          data: profile(
            connection(
              [
                playlist('mine', 'demo', true),
                playlist('followed', 'editors', true),
                playlist('hidden', 'demo', false),
              ],
              true,
              4,
            ),
          ),
        },
      },
      {
        request: { query: ProfilePagePlaylistsQueryDocument, variables: { after: 'cursor-hidden' } },
        result: {
          data: {
            me: { __typename: 'Me', id: 'demo', playlists: connection([playlist('later', 'demo', true)], false, 4) },
          },
        },
      },
    ];
    renderScreen(<ProfilePage />, { path: '/profile', mocks });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Listener' })).toBeTruthy();
    // How many are public is not known while playlists remain unread.
    expect(screen.getByText('3 followers · 7 following')).toBeTruthy();
    const shared = screen.getByRole('region', { name: 'Public playlists' });
    expect(within(shared).getAllByRole('listitem')).toHaveLength(1);
    expect(within(shared).getByRole('link', { name: 'Playlist mine' })).toBeTruthy();
    expect(screen.getByText(/Play some music this month/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Devices' }).getAttribute('href')).toBe('/devices');
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/auth/signout');

    fireEvent.click(screen.getByRole('button', { name: 'More playlists' }));
    await waitFor(() => expect(within(shared).getAllByRole('listitem')).toHaveLength(2));
    expect(within(shared).getByRole('link', { name: 'Playlist later' })).toBeTruthy();
    expect(screen.getByText('2 public playlists · 3 followers · 7 following')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More playlists' })).toBeNull();
  });

  it('says where public playlists would show when there are none', async () => {
    const mocks: MockLink.MockedResponse[] = [
      {
        request: { query: ProfilePageQueryDocument },
        result: { data: profile(connection([playlist('followed', 'editors', true)], false, 1)) },
      },
    ];
    renderScreen(<ProfilePage />, { path: '/profile', mocks });
    expect(await screen.findByText(/Playlists you make public show here/)).toBeTruthy();
    expect(screen.getByText('0 public playlists · 3 followers · 7 following')).toBeTruthy();
  });

  it('heads the screen with what failed when the profile cannot be loaded', async () => {
    const mocks: MockLink.MockedResponse[] = [
      { request: { query: ProfilePageQueryDocument }, error: new Error('Failed to fetch') },
    ];
    renderScreen(<ProfilePage />, { path: '/profile', mocks });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load your profile.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
