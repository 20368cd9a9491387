import { useQuery } from '@apollo/client/react';
import { createContext, use, useState, type ReactNode } from 'react';
import { graphql } from '../__generated__';
import type { ViewerQuery } from '../__generated__/graphql';
import { useConnection } from '../components/ConnectionBanner';
import { unreachableOf, type ConnectionState, type Unreachable } from '../connection';
import { errorCodeOf } from '../lib/errors';

/**
 * Who is signed in and what their music service can do: read once by the app shell and shared
 * through context, so that no screen asks again. The listener's playlists come with it, as Your Library
 * reads them (library/library-lists.ts): the sidebar and the library screen read them from here.
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
        ...LibraryList_playlists
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
  /** Nothing known yet, and Graphonic or its music service cannot be reached: not the same as signed out. */
  | { kind: 'unreachable'; what: Unreachable }
  | { kind: 'error'; error: unknown; retry: () => void };

export interface ViewerAnswer {
  data: ViewerQuery | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * What the shell shows for the viewer's answer. Only the api's word (UNAUTHENTICATED, or no one at
 * all without an error) means signed out. An outage (no network, the api or the music service not
 * answering) keeps the listener last seen, so that the screen stays, or, before anyone was seen,
 * says that Graphonic cannot be reached. `connection` counts too: a screen's failed query may leave
 * nulls in the cache that reach this answer without the error that explains them.
 */
export function viewerStatusOf(
  { data, error, loading }: ViewerAnswer,
  last: Viewer | null,
  connection: ConnectionState,
  retry: () => void,
): ViewerStatus {
  if (data?.me) return { kind: 'signed-in', viewer: { me: data.me, upstream: data.upstream } };
  if (errorCodeOf(error) === 'UNAUTHENTICATED') return { kind: 'signed-out', upstream: data?.upstream };
  const outage = error ? unreachableOf(error) : connection.kind === 'unreachable' ? connection.what : null;
  if (outage) return last ? { kind: 'signed-in', viewer: last } : { kind: 'unreachable', what: outage };
  if (loading) return last ? { kind: 'signed-in', viewer: last } : { kind: 'loading' };
  if (error) return { kind: 'error', error, retry };
  return { kind: 'signed-out', upstream: data?.upstream };
}

/** Reads the viewer: signed in, signed out (no session, or a session that ended), unreachable, or failed. */
export function useViewerStatus(): ViewerStatus {
  const { data, error, loading, refetch } = useQuery(ViewerQueryDocument, { errorPolicy: 'all' });
  const { state: connection } = useConnection();
  // The listener last seen, kept through an outage.
  const [last, setLast] = useState<Viewer | null>(null);
  if (data?.me && (data.me !== last?.me || data.upstream !== last.upstream)) {
    setLast({ me: data.me, upstream: data.upstream });
  }
  return viewerStatusOf({ data, error, loading }, last, connection, () => void refetch());
}
