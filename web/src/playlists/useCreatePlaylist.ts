import type { Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { graphql } from '../__generated__';
import { useViewer } from '../app/viewer';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';

export const CreatePlaylistMutation = graphql(`
  mutation CreatePlaylist($input: CreatePlaylistInput!) {
    createPlaylist(input: $input) {
      playlist {
        id
        uri
        name
        description
        public
        collaborative
        snapshotId
        images {
          url
          width
        }
        owner {
          id
          displayName
        }
      }
    }
  }
`);

interface Connection {
  edges?: readonly { __typename?: string; cursor?: string; node?: Reference }[];
  totalCount?: number;
}

/** The next free default name: "My Playlist #4" when the listener has #1 to #3. */
export function nextPlaylistName(existing: readonly string[]): string {
  let number = existing.length + 1;
  const taken = new Set(existing);
  while (taken.has(`My Playlist #${String(number)}`)) number += 1;
  return `My Playlist #${String(number)}`;
}

/**
 * Creates a playlist and opens it ready to edit, as music apps do: it joins the top of the
 * listener's playlists (the sidebar, the library) without asking for them again. Returns its id,
 * or null when it could not be made (the listener is told why).
 */
export function useCreatePlaylist(): (input?: { name?: string; open?: boolean }) => Promise<string | null> {
  const { me } = useViewer();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const [create] = useMutation(CreatePlaylistMutation);

  return useCallback(
    async ({ name, open = true } = {}) => {
      const names = me.playlists.edges.map((edge) => edge.node.name);
      try {
        const { data } = await create({
          variables: { input: { name: name ?? nextPlaylistName(names), public: false } },
          update(cache, result) {
            const created = result.data?.createPlaylist?.playlist;
            const meRef = cache.identify({ __typename: 'Me', id: me.id });
            if (!created || !meRef) return;
            cache.modify({
              id: meRef,
              fields: {
                playlists: (value: unknown, { toReference }) => {
                  const existing = value as Connection;
                  return {
                    ...existing,
                    edges: [
                      {
                        __typename: 'PlaylistEdge',
                        cursor: '',
                        node: toReference({ __typename: 'Playlist', id: created.id }),
                      },
                      ...(existing.edges ?? []),
                    ],
                    totalCount: (existing.totalCount ?? 0) + 1,
                  };
                },
              },
            });
          },
        });
        const id = data?.createPlaylist?.playlist?.id ?? null;
        // It opens with its details to edit: a name of the listener's own, rather than "My Playlist #4".
        if (id && open) navigate(`/playlist/${id}`, { state: { editDetails: true } });
        return id;
      } catch (error) {
        notify(friendlyMessage(error, 'create the playlist'), 'error');
        return null;
      }
    },
    [create, me, navigate, notify],
  );
}
