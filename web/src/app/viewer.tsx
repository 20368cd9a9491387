import { useQuery } from '@apollo/client/react';
import { createContext, use, type ReactNode } from 'react';
import { graphql } from '../__generated__';
import type { ViewerQuery } from '../__generated__/graphql';
import { errorCodeOf } from '../lib/errors';

/**
 * Who is signed in and what their music service can do: read once by the app shell and shared
 * through context, so that no screen asks again. The sidebar's playlists come with it.
 */
export const ViewerQueryDocument = graphql(`
  query Viewer {
    me {
      id
      displayName
      product
      country
      images {
        url
      }
      playlists(first: 50) {
        totalCount
        edges {
          cursor
          node {
            id
            uri
            name
            images {
              url
              width
            }
            collaborative
            owner {
              id
            }
            ...SidebarPlaylist_playlist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
    upstream {
      provider
      name
      features {
        recommendations
        audioFeatures
        browse
        relatedArtists
        artistTopTracks
        otherUsers
        extendedMetadata
      }
    }
  }
`);

export type Me = NonNullable<ViewerQuery['me']>;
export type Upstream = ViewerQuery['upstream'];

export interface Viewer {
  me: Me;
  upstream: Upstream;
}

const ViewerContext = createContext<Viewer | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext value={viewer}>{children}</ViewerContext>;
}

/** The signed-in listener and their music service; only under the signed-in shell. */
export function useViewer(): Viewer {
  const viewer = use(ViewerContext);
  if (!viewer) throw new Error('useViewer is used outside the signed-in app.');
  return viewer;
}

export type ViewerStatus =
  | { kind: 'loading' }
  | { kind: 'signed-out'; upstream: Upstream | undefined }
  | { kind: 'signed-in'; viewer: Viewer }
  | { kind: 'error'; error: unknown; retry: () => void };

/** Reads the viewer: signed in, signed out (no session, or a session that ended), or unreachable. */
export function useViewerStatus(): ViewerStatus {
  const { data, error, loading, refetch } = useQuery(ViewerQueryDocument, { errorPolicy: 'all' });
  if (data?.me) return { kind: 'signed-in', viewer: { me: data.me, upstream: data.upstream } };
  if (loading) return { kind: 'loading' };
  if (error && errorCodeOf(error) !== 'UNAUTHENTICATED' && !data?.upstream) {
    return { kind: 'error', error, retry: () => void refetch() };
  }
  return { kind: 'signed-out', upstream: data?.upstream };
}
