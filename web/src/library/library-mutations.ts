import type { ApolloCache, ApolloClient, Reference } from '@apollo/client';
import { graphql } from '../__generated__';
import { removeEdges, type StoredConnection, type StoredEdge } from './connections';

export const SaveToLibraryMutation = graphql(`
  mutation SaveToLibrary($input: SaveToLibraryInput!) {
    saveToLibrary(input: $input) {
      tracks {
        id
        saved
      }
      albums {
        id
        saved
      }
      shows {
        id
        saved
      }
      episodes {
        id
        saved
      }
    }
  }
`);

export const RemoveFromLibraryMutation = graphql(`
  mutation RemoveFromLibrary($input: RemoveFromLibraryInput!) {
    removeFromLibrary(input: $input) {
      tracks {
        id
        saved
      }
      albums {
        id
        saved
      }
      shows {
        id
        saved
      }
      episodes {
        id
        saved
      }
    }
  }
`);

export type SavableType = 'Track' | 'Album' | 'Show' | 'Episode';

const connectionOf: Record<SavableType, { field: string; edge: string }> = {
  Track: { field: 'savedTracks', edge: 'SavedTrackEdge' },
  Album: { field: 'savedAlbums', edge: 'SavedAlbumEdge' },
  Show: { field: 'savedShows', edge: 'SavedShowEdge' },
  Episode: { field: 'savedEpisodes', edge: 'SavedEpisodeEdge' },
};

type Connection = StoredConnection<StoredEdge & { node?: Reference }>;

/**
 * Keeps the listener's saved lists in step with a save or a removal: the item joins the top of its
 * list or leaves it, without asking the server for the list again.
 */
export function updateSavedList(cache: ApolloCache, meId: string, type: SavableType, id: string, saved: boolean): void {
  const { field, edge } = connectionOf[type];
  const node = cache.identify({ __typename: type, id });
  const meRef = cache.identify({ __typename: 'Me', id: meId });
  if (!node || !meRef) return;
  cache.modify({
    id: meRef,
    fields: {
      [field]: (value: unknown, { toReference, readField }) => {
        const existing = value as Connection;
        const edges = existing.edges ?? [];
        const has = edges.some((candidate) => candidate.node && readField('id', candidate.node) === id);
        if (saved === has) return existing;
        if (!saved) {
          // Positions keep their cursors, so that the next page starts where the list now ends.
          return removeEdges(existing, (candidate) => !!candidate.node && readField('id', candidate.node) === id)
            .connection;
        }
        const reference = toReference({ __typename: type, id });
        return {
          ...existing,
          edges: [{ __typename: edge, cursor: '', addedAt: new Date().toISOString(), node: reference }, ...edges],
          totalCount: (existing.totalCount ?? edges.length) + 1,
        };
      },
    },
  });
}

const typeOfUri: Record<string, SavableType> = { track: 'Track', album: 'Album', show: 'Show', episode: 'Episode' };

/**
 * Saves an item to the listener's library or removes it: at once in the cache (an optimistic answer),
 * for good when the server has answered, rolled back if it refuses. Throws the server's error.
 */
export async function saveToLibrary(client: ApolloClient, meId: string, uri: string, save: boolean): Promise<void> {
  const [, kind = '', id = ''] = uri.split(':');
  const type = typeOfUri[kind];
  if (!type) return;
  const payload = {
    tracks: type === 'Track' ? [{ __typename: 'Track' as const, id, saved: save }] : null,
    albums: type === 'Album' ? [{ __typename: 'Album' as const, id, saved: save }] : null,
    shows: type === 'Show' ? [{ __typename: 'Show' as const, id, saved: save }] : null,
    episodes: type === 'Episode' ? [{ __typename: 'Episode' as const, id, saved: save }] : null,
  };
  const options = {
    variables: { input: { uris: [uri] } },
    update: (cache: ApolloCache) => updateSavedList(cache, meId, type, id, save),
  };
  if (save) {
    await client.mutate({
      mutation: SaveToLibraryMutation,
      ...options,
      optimisticResponse: { __typename: 'Mutation', saveToLibrary: { __typename: 'SaveToLibraryPayload', ...payload } },
    });
  } else {
    await client.mutate({
      mutation: RemoveFromLibraryMutation,
      ...options,
      optimisticResponse: {
        __typename: 'Mutation',
        removeFromLibrary: { __typename: 'RemoveFromLibraryPayload', ...payload },
      },
    });
  }
}
