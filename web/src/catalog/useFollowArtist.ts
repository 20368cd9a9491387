import type { ApolloCache, Reference } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql, makeFragmentData } from '../__generated__';
import { useViewer } from '../app/viewer';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';

/** An artist's follow state: what a change answers with, and what the cache knew before it. */
export const FollowStateFragment = graphql(`
  fragment FollowState_artist on Artist {
    id
    following
  }
`);

export const FollowArtistsMutation = graphql(`
  mutation FollowArtists($input: FollowArtistsInput!) {
    followArtists(input: $input) {
      artists {
        id
        ...FollowState_artist
      }
    }
  }
`);

export const UnfollowArtistsMutation = graphql(`
  mutation UnfollowArtists($input: UnfollowArtistsInput!) {
    unfollowArtists(input: $input) {
      artists {
        id
        ...FollowState_artist
      }
    }
  }
`);

interface Connection {
  edges?: readonly { node?: Reference }[];
  totalCount?: number;
}

/**
 * Keeps the listener's followed artists in step with a follow or an unfollow: the artist joins the
 * top of the list or leaves it, and the artist's follower count moves by one when it changed.
 */
export function updateFollowedArtists(
  cache: ApolloCache,
  meId: string,
  artistId: string,
  following: boolean,
  changed: boolean,
): void {
  const artistRef = cache.identify({ __typename: 'Artist', id: artistId });
  const meRef = cache.identify({ __typename: 'Me', id: meId });
  if (!artistRef || !meRef) return;
  cache.modify({
    id: meRef,
    fields: {
      followedArtists: (value: unknown, { toReference, readField }) => {
        const existing = value as Connection;
        const edges = existing.edges ?? [];
        const has = edges.some((edge) => edge.node && readField('id', edge.node) === artistId);
        if (following === has) return existing;
        const nextEdges = following
          ? [
              { __typename: 'ArtistEdge', cursor: '', node: toReference({ __typename: 'Artist', id: artistId }) },
              ...edges,
            ]
          : edges.filter((edge) => !edge.node || readField('id', edge.node) !== artistId);
        return {
          ...existing,
          edges: nextEdges,
          totalCount: Math.max(0, (existing.totalCount ?? edges.length) + (following ? 1 : -1)),
        };
      },
    },
  });
  if (!changed) return;
  cache.modify({
    id: artistRef,
    fields: {
      followersCount: (count: unknown) =>
        typeof count === 'number' ? Math.max(0, count + (following ? 1 : -1)) : count,
    },
  });
}

/**
 * Follows or unfollows an artist, at once on screen (the button, the follower count, the listener's
 * followed artists), rolled back with a message when the music service refuses.
 */
export function useFollowArtist(): (artist: { id: string; name: string }, follow: boolean) => Promise<void> {
  const { me } = useViewer();
  const client = useApolloClient();
  const notify = useNotify();
  const [followMutation] = useMutation(FollowArtistsMutation);
  const [unfollowMutation] = useMutation(UnfollowArtistsMutation);

  return useCallback(
    async ({ id, name }: { id: string; name: string }, follow: boolean) => {
      const before = client.cache.readFragment({
        fragment: FollowStateFragment,
        id: client.cache.identify({ __typename: 'Artist', id }),
      });
      // A second click before the first answer must not count the listener twice.
      const changed = before?.following !== follow;
      const artists = [
        {
          __typename: 'Artist' as const,
          id,
          ...makeFragmentData({ __typename: 'Artist', id, following: follow }, FollowStateFragment),
        },
      ];
      const options = {
        variables: { input: { artistIds: [id] } },
        update: (cache: ApolloCache) => updateFollowedArtists(cache, me.id, id, follow, changed),
      };
      try {
        if (follow) {
          await followMutation({
            ...options,
            optimisticResponse: {
              __typename: 'Mutation',
              followArtists: { __typename: 'FollowArtistsPayload', artists },
            },
          });
        } else {
          await unfollowMutation({
            ...options,
            optimisticResponse: {
              __typename: 'Mutation',
              unfollowArtists: { __typename: 'UnfollowArtistsPayload', artists },
            },
          });
        }
        notify(follow ? `You follow ${name}` : `You no longer follow ${name}`);
      } catch (error) {
        notify(friendlyMessage(error, follow ? `follow ${name}` : `unfollow ${name}`), 'error');
      }
    },
    [client, me.id, notify, followMutation, unfollowMutation],
  );
}
