import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../__generated__';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';

export const UpdatePlaylistDetailsMutation = graphql(`
  mutation UpdatePlaylistDetails($input: UpdatePlaylistDetailsInput!) {
    updatePlaylistDetails(input: $input) {
      playlist {
        id
        name
        description
        public
      }
    }
  }
`);

export interface PlaylistDetails {
  id: string;
  name: string;
  description: string | null;
  public: boolean | null;
}

export interface DetailsChanges {
  name?: string;
  description?: string;
  public?: boolean;
}

/**
 * Changes a playlist's name, description or visibility: everywhere it shows (the header, the
 * sidebar, the library) at once, rolled back with a message when the music service refuses.
 */
export function useUpdatePlaylistDetails(): (playlist: PlaylistDetails, changes: DetailsChanges) => Promise<boolean> {
  const notify = useNotify();
  const [update] = useMutation(UpdatePlaylistDetailsMutation);
  return useCallback(
    async (playlist, changes) => {
      const description = changes.description === undefined ? playlist.description : changes.description || null;
      try {
        await update({
          variables: { input: { playlistId: playlist.id, ...changes } },
          optimisticResponse: {
            __typename: 'Mutation',
            updatePlaylistDetails: {
              __typename: 'UpdatePlaylistDetailsPayload',
              playlist: {
                __typename: 'Playlist',
                id: playlist.id,
                name: changes.name ?? playlist.name,
                description,
                public: changes.public ?? playlist.public,
              },
            },
          },
        });
        return true;
      } catch (error) {
        notify(friendlyMessage(error, `save the details of ${playlist.name}`), 'error');
        return false;
      }
    },
    [notify, update],
  );
}
