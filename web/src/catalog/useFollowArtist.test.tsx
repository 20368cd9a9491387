import { gql, type TypedDocumentNode } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { ViewerProvider } from '../app/viewer';
import { NotificationsProvider } from '../components/Notifications';
import { viewer as viewerOf } from '../testing/fixtures';
import {
  FollowArtistsMutation,
  UnfollowArtistsMutation,
  updateFollowedArtists,
  useFollowArtist,
} from './useFollowArtist';

interface FollowStateData {
  artist: {
    __typename: 'Artist';
    id: string;
    name: string;
    following: boolean | null;
    followersCount: number | null;
  } | null;
  me: {
    __typename: 'Me';
    id: string;
    followedArtists: {
      __typename: 'ArtistConnection';
      totalCount: number;
      pageInfo: { __typename: 'PageInfo'; hasNextPage: boolean; endCursor: string | null };
      edges: { __typename: 'ArtistEdge'; cursor: string; node: { __typename: 'Artist'; id: string; name: string } }[];
    };
  } | null;
}

/** What the screens read of a follow: the artist's state and the listener's followed artists. */
const FollowStateQuery: TypedDocumentNode<FollowStateData, { id: string }> = gql`
  query FollowArtistTestState($id: ID!) {
    artist(id: $id) {
      id
      name
      following
      followersCount
    }
    me {
      id
      followedArtists(first: 20) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            id
            name
          }
        }
      }
    }
  }
`;

const viewer = viewerOf({ displayName: 'Demo', country: 'GB' });

const kai = { id: 'kaiNakamura00000000000', name: 'Kai Nakamura' };
const moonfall = { id: 'moonfall00000000000000', name: 'Moonfall' };

/** A cache as the screens leave it: the artist (followed or not) and the listener's followed artists. */
function seededCache(following: boolean, followersCount: number | null = 120) {
  const cache = createCache();
  const followed = following ? [moonfall, kai] : [moonfall];
  cache.writeQuery({
    query: FollowStateQuery,
    variables: { id: kai.id },
    data: {
      artist: { __typename: 'Artist', ...kai, following, followersCount },
      me: {
        __typename: 'Me',
        id: 'demo',
        followedArtists: {
          __typename: 'ArtistConnection',
          totalCount: followed.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: 'end' },
          edges: followed.map((artist) => ({
            __typename: 'ArtistEdge' as const,
            cursor: artist.id,
            node: { __typename: 'Artist' as const, ...artist },
          })),
        },
      },
    },
  });
  return cache;
}

function readState(cache: ReturnType<typeof createCache>) {
  const data = cache.readQuery({ query: FollowStateQuery, variables: { id: kai.id }, optimistic: true });
  return {
    following: data?.artist?.following,
    followersCount: data?.artist?.followersCount,
    followed: data?.me?.followedArtists.edges.map((edge) => edge.node.name),
    totalCount: data?.me?.followedArtists.totalCount,
  };
}

function Harness({ follow }: { follow: boolean }) {
  const change = useFollowArtist();
  return (
    <button type="button" onClick={() => void change(kai, follow)}>
      {follow ? 'Follow' : 'Unfollow'}
    </button>
  );
}

function renderHook(cache: ReturnType<typeof createCache>, mocks: MockLink.MockedResponse[], follow: boolean) {
  return render(
    <MockedProvider cache={cache} mocks={mocks}>
      <ViewerProvider viewer={viewer}>
        <NotificationsProvider>
          <Harness follow={follow} />
        </NotificationsProvider>
      </ViewerProvider>
    </MockedProvider>,
  );
}

const input = { input: { artistIds: [kai.id] } };

describe('useFollowArtist', () => {
  it('follows at once on screen, the followed artists and the follower count in step, and keeps it when the service agrees', async () => {
    const cache = seededCache(false);
    renderHook(
      cache,
      [
        {
          request: { query: FollowArtistsMutation, variables: input },
          result: {
            data: {
              followArtists: {
                __typename: 'FollowArtistsPayload',
                artists: [{ __typename: 'Artist', id: kai.id, following: true }],
              },
            },
          },
          delay: 50,
        },
      ],
      true,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    });
    // Before the music service answers.
    expect(readState(cache)).toEqual({
      following: true,
      followersCount: 121,
      followed: ['Kai Nakamura', 'Moonfall'],
      totalCount: 2,
    });
    expect(await screen.findByText('You follow Kai Nakamura')).toBeTruthy();
    expect(readState(cache)).toEqual({
      following: true,
      followersCount: 121,
      followed: ['Kai Nakamura', 'Moonfall'],
      totalCount: 2,
    });
  });

  it('unfollows: the artist leaves the followed artists and loses a follower', async () => {
    const cache = seededCache(true);
    renderHook(
      cache,
      [
        {
          request: { query: UnfollowArtistsMutation, variables: input },
          result: {
            data: {
              unfollowArtists: {
                __typename: 'UnfollowArtistsPayload',
                artists: [{ __typename: 'Artist', id: kai.id, following: false }],
              },
            },
          },
        },
      ],
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByText('You no longer follow Kai Nakamura')).toBeTruthy();
    expect(readState(cache)).toEqual({ following: false, followersCount: 119, followed: ['Moonfall'], totalCount: 1 });
  });

  it('rolls everything back with a message in plain words when the music service refuses', async () => {
    const cache = seededCache(false);
    renderHook(
      cache,
      [
        {
          request: { query: FollowArtistsMutation, variables: input },
          result: {
            errors: [
              new GraphQLError('Too many requests', { extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 7 } }),
            ],
          },
          delay: 30,
        },
      ],
      true,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    });
    expect(readState(cache).following).toBe(true);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('The music service is busy. Try again in 7 seconds.'));
    expect(readState(cache)).toEqual({ following: false, followersCount: 120, followed: ['Moonfall'], totalCount: 1 });
  });

  it('rolls back when the api cannot be reached at all', async () => {
    const cache = seededCache(true, null);
    renderHook(
      cache,
      [{ request: { query: UnfollowArtistsMutation, variables: input }, error: new TypeError('Failed to fetch') }],
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('You seem to be offline'));
    expect(readState(cache)).toEqual({
      following: true,
      followersCount: null,
      followed: ['Moonfall', 'Kai Nakamura'],
      totalCount: 2,
    });
  });
});

describe('updateFollowedArtists', () => {
  it('adds an artist once however often it is told, and counts a follower only for a change', () => {
    const cache = seededCache(true);
    updateFollowedArtists(cache, 'demo', kai.id, true, false);
    updateFollowedArtists(cache, 'demo', kai.id, true, false);
    expect(readState(cache)).toEqual({
      following: true,
      followersCount: 120,
      followed: ['Moonfall', 'Kai Nakamura'],
      totalCount: 2,
    });
  });
});
