import type { ApolloCache, Reference } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useViewer } from '../app/viewer';
import { useNotify, type NoticeAction } from '../components/Notifications';
import { removeEdges, type StoredConnection, type StoredEdge } from '../library/connections';
import { friendlyMessage } from '../lib/errors';

export const FollowPlaylistMutation = graphql(`
  mutation FollowPlaylist($input: FollowPlaylistInput!) {
    followPlaylist(input: $input) {
      playlist {
        id
        following
      }
    }
  }
`);

export const UnfollowPlaylistMutation = graphql(`
  mutation UnfollowPlaylist($input: UnfollowPlaylistInput!) {
    unfollowPlaylist(input: $input) {
      playlist {
        id
        following
      }
    }
  }
`);

type PlaylistsConnection = StoredConnection<StoredEdge & { node?: Reference }>;

/**
 * Keeps the listener's playlists (the sidebar, the library) in step with a follow or an unfollow:
 * the playlist joins the top of the list, or leaves it.
 */
export function updateMyPlaylists(cache: ApolloCache, meId: string, playlistId: string, following: boolean): void {
  const meRef = cache.identify({ __typename: 'Me', id: meId });
  if (!meRef) return;
  cache.modify({
    id: meRef,
    fields: {
      playlists: (value: unknown, { toReference, readField }) => {
        const existing = value as PlaylistsConnection;
        const isIt = (edge: { node?: Reference }) => !!edge.node && readField('id', edge.node) === playlistId;
        const has = (existing.edges ?? []).some(isIt);
        if (following === has) return existing;
        if (!following) return removeEdges(existing, isIt).connection;
        const node = toReference({ __typename: 'Playlist', id: playlistId });
        return {
          ...existing,
          edges: [{ __typename: 'PlaylistEdge', cursor: '', node }, ...(existing.edges ?? [])],
          totalCount: (existing.totalCount ?? 0) + 1,
        };
      },
    },
  });
}

/** What a follow or an unfollow says: what it is doing (for a failure), what it did, and a step offered then. */
export interface FollowWords {
  doing?: string;
  done?: string;
  /** Offered with the message of success: "Undo". */
  action?: NoticeAction;
}

/**
 * Follows or unfollows a playlist (unfollowing one's own is how it is deleted from one's library;
 * following it again restores it whole): at once on screen, rolled back with a message on failure.
 * Resolves whether it was done. It runs on the client itself, so that a step offered afterwards
 * ("Undo", from the screen the listener went on to) still works once this screen is gone.
 */
export function useFollowPlaylist(): (
  playlist: { id: string; name: string },
  follow: boolean,
  words?: FollowWords,
) => Promise<boolean> {
  const { me } = useViewer();
  const notify = useNotify();
  const client = useApolloClient();

  return useCallback(
    async (playlist, follow, words = {}) => {
      const variables = { input: { playlistId: playlist.id } };
      const changed = { __typename: 'Playlist' as const, id: playlist.id, following: follow };
      const update = (cache: ApolloCache) => updateMyPlaylists(cache, me.id, playlist.id, follow);
      try {
        if (follow) {
          await client.mutate({
            mutation: FollowPlaylistMutation,
            variables,
            update,
            optimisticResponse: {
              __typename: 'Mutation',
              followPlaylist: { __typename: 'FollowPlaylistPayload', playlist: changed },
            },
          });
        } else {
          await client.mutate({
            mutation: UnfollowPlaylistMutation,
            variables,
            update,
            optimisticResponse: {
              __typename: 'Mutation',
              unfollowPlaylist: { __typename: 'UnfollowPlaylistPayload', playlist: changed },
            },
          });
        }
        notify(words.done ?? (follow ? 'Saved to your library' : 'Removed from your library'), 'info', words.action);
        return true;
      } catch (error) {
        const fallback = follow ? `save ${playlist.name}` : `remove ${playlist.name}`;
        notify(friendlyMessage(error, words.doing ?? fallback), 'error');
        return false;
      }
    },
    [client, me.id, notify],
  );
}
