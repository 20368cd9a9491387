import { gql, type TypedDocumentNode } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, renderHook, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { ViewerProvider, type Viewer } from '../app/viewer';
import { NotificationsProvider } from '../components/Notifications';
import { FollowPlaylistMutation, UnfollowPlaylistMutation, useFollowPlaylist } from './useFollowPlaylist';

interface Playlist {
  __typename: 'Playlist';
  id: string;
  name: string;
  following: boolean | null;
}

interface MyPlaylistsData {
  me: {
    __typename: 'Me';
    id: string;
    playlists: {
      __typename: 'PlaylistConnection';
      totalCount: number;
      edges: { __typename: 'PlaylistEdge'; cursor: string; node: Playlist }[];
      pageInfo: { __typename: 'PageInfo'; hasNextPage: boolean; endCursor: string | null };
    };
  } | null;
}

/** What the sidebar and the library read: the listener's playlists. */
const MyPlaylistsQuery: TypedDocumentNode<MyPlaylistsData, Record<string, never>> = gql`
  query FollowPlaylistTestMine {
    me {
      id
      playlists(first: 50) {
        totalCount
        edges {
          cursor
          node {
            id
            name
            following
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

const playlist = (id: string, name: string, following: boolean): Playlist => ({
  __typename: 'Playlist',
  id,
  name,
  following,
});

const viewer = {
  me: { __typename: 'Me', id: 'demo', displayName: 'Demo', images: [] },
  upstream: { __typename: 'Upstream' },
} as unknown as Viewer;

function setup(mocks: MockLink.MockedResponse[]) {
  const cache = createCache();
  const mine = [playlist('p1', 'Mix', true), playlist('p2', 'Chill', true)];
  cache.writeQuery({
    query: MyPlaylistsQuery,
    data: {
      me: {
        __typename: 'Me',
        id: 'demo',
        playlists: {
          __typename: 'PlaylistConnection',
          totalCount: 60,
          edges: mine.map((node, index) => ({
            __typename: 'PlaylistEdge' as const,
            cursor: `o${String(index)}`,
            node,
          })),
          pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: 'o1' },
        },
      },
    },
  });
  // Someone else's playlist, open on its screen.
  cache.writeQuery({
    query: gql`
      query FollowPlaylistTestSeed($id: ID!) {
        playlist(id: $id) {
          id
          name
          following
        }
      }
    `,
    variables: { id: 'p3' },
    data: { playlist: playlist('p3', 'Road', false) },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider cache={cache} mocks={mocks} mockLinkDefaultOptions={{ delay: 30 }}>
      <ViewerProvider viewer={viewer}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </ViewerProvider>
    </MockedProvider>
  );
  const { result } = renderHook(() => useFollowPlaylist(), { wrapper });
  const mineNow = () => {
    const data = cache.readQuery({ query: MyPlaylistsQuery, optimistic: true })?.me?.playlists;
    return { names: data?.edges.map((edge) => edge.node.name), total: data?.totalCount, end: data?.pageInfo.endCursor };
  };
  return { follow: result, mineNow };
}

const answer = (field: string, typename: string, id: string, following: boolean) => ({
  data: { [field]: { __typename: typename, playlist: { __typename: 'Playlist', id, following } } },
});

describe('following playlists', () => {
  it('puts a followed playlist at the top of the listener’s playlists at once', async () => {
    const { follow, mineNow } = setup([
      {
        request: { query: FollowPlaylistMutation, variables: { input: { playlistId: 'p3' } } },
        result: answer('followPlaylist', 'FollowPlaylistPayload', 'p3', true),
      },
    ]);
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = follow.current({ id: 'p3', name: 'Road' }, true);
    });
    expect(mineNow()).toMatchObject({ names: ['Road', 'Mix', 'Chill'], total: 61 });
    await act(async () => {
      expect(await done).toBe(true);
    });
    expect(mineNow()).toMatchObject({ names: ['Road', 'Mix', 'Chill'], total: 61 });
    expect(await screen.findByText('Saved to your library')).toBeTruthy();
  });

  it('takes an unfollowed (or deleted) playlist out, and the next page follows what is left', async () => {
    const { follow, mineNow } = setup([
      {
        request: { query: UnfollowPlaylistMutation, variables: { input: { playlistId: 'p1' } } },
        result: answer('unfollowPlaylist', 'UnfollowPlaylistPayload', 'p1', false),
      },
    ]);
    await act(async () => {
      expect(await follow.current({ id: 'p1', name: 'Mix' }, false, { done: 'Deleted Mix' })).toBe(true);
    });
    expect(mineNow()).toEqual({ names: ['Chill'], total: 59, end: 'o0' });
    expect(await screen.findByText('Deleted Mix')).toBeTruthy();
  });

  it('offers a step with the message of a deletion: Undo follows it again, back at the top', async () => {
    const { follow, mineNow } = setup([
      {
        request: { query: UnfollowPlaylistMutation, variables: { input: { playlistId: 'p2' } } },
        result: answer('unfollowPlaylist', 'UnfollowPlaylistPayload', 'p2', false),
      },
      {
        request: { query: FollowPlaylistMutation, variables: { input: { playlistId: 'p2' } } },
        result: answer('followPlaylist', 'FollowPlaylistPayload', 'p2', true),
      },
    ]);
    const restore = () => void follow.current({ id: 'p2', name: 'Chill' }, true, { done: 'Restored Chill' });
    await act(async () => {
      const words = {
        done: 'Deleted Chill',
        action: { label: 'Undo', accessibleName: 'Undo deleting Chill', onSelect: restore },
      };
      expect(await follow.current({ id: 'p2', name: 'Chill' }, false, words)).toBe(true);
    });
    expect(mineNow().names).toEqual(['Mix']);
    act(() => {
      screen.getByRole('button', { name: 'Undo deleting Chill' }).click();
    });
    expect(mineNow().names).toEqual(['Chill', 'Mix']);
    expect(await screen.findByText('Restored Chill')).toBeTruthy();
    expect(mineNow()).toMatchObject({ names: ['Chill', 'Mix'], total: 60 });
  });

  it('puts it back when the music service refuses, and says why', async () => {
    const { follow, mineNow } = setup([
      {
        request: { query: UnfollowPlaylistMutation, variables: { input: { playlistId: 'p2' } } },
        result: { errors: [new GraphQLError('Down', { extensions: { code: 'UPSTREAM_UNAVAILABLE' } })] },
      },
    ]);
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = follow.current({ id: 'p2', name: 'Chill' }, false, { doing: 'delete Chill' });
    });
    expect(mineNow().names).toEqual(['Mix']);
    await act(async () => {
      expect(await done).toBe(false);
    });
    expect(mineNow()).toEqual({ names: ['Mix', 'Chill'], total: 60, end: 'o1' });
    expect(await screen.findByText(/The music service is not answering right now/)).toBeTruthy();
  });
});
