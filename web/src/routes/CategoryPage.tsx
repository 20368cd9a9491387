import { skipToken, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'wouter';
import { graphql } from '../__generated__';
import { useViewer } from '../app/viewer';
import { LoadMore } from '../components/LoadMore';
import { PageHeader } from '../components/PageHeader';
import { EmptyState, ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { errorCodeOf, onlyCodes } from '../lib/errors';
import { countOf } from '../lib/format';
import { CardGrid, PlaylistResultCard } from '../search/ResultCards';

export const CategoryPageQueryDocument = graphql(`
  query CategoryPage($id: ID!, $after: String) {
    category(id: $id) {
      id
      name
      playlists(first: 20, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
            ...PlaylistResultCard_playlist
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

const toSearch = (
  <Link
    to="/search"
    className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
  >
    Search instead
  </Link>
);

function CategorySkeleton() {
  return (
    <LoadingScreen label="Loading this category">
      <div className="space-y-3 px-4 pt-10 pb-6 md:px-6">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-12 w-1/2" />
        <Skeleton className="h-4 w-24" />
      </div>
      <div className="grid grid-cols-2 gap-4 px-4 sm:grid-cols-3 md:px-6 lg:grid-cols-4 xl:grid-cols-6">
        {Array.from({ length: 12 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-full" />
        ))}
      </div>
    </LoadingScreen>
  );
}

/** Said where the music service has no browse categories (Spotify's development mode). */
function NoBrowsing() {
  return (
    <EmptyState title="Categories are not available" level={1} action={toSearch}>
      Your music service does not offer browse categories. Search for what you want to hear.
    </EmptyState>
  );
}

/** A browse category: its name and its playlists, page after page. */
export default function CategoryPage() {
  const { id } = useParams<{ id: string }>();
  const { upstream } = useViewer();
  const browse = upstream.features.browse;
  const { data, error, loading, refetch, fetchMore } = useQuery(
    CategoryPageQueryDocument,
    browse ? { variables: { id }, errorPolicy: 'all' } : skipToken,
  );

  if (!browse) return <NoBrowsing />;
  if (loading && !data?.category) return <CategorySkeleton />;
  const category = data?.category;
  if (!category) {
    const code = errorCodeOf(error);
    if (code === 'FEATURE_UNAVAILABLE') return <NoBrowsing />;
    if (code === 'NOT_FOUND') {
      return (
        <EmptyState
          title="Category not found"
          level={1}
          action={
            <Link
              to="/search"
              className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
            >
              Browse all categories
            </Link>
          }
        >
          There is no such category. It may have been removed.
        </EmptyState>
      );
    }
    return <ErrorState error={error} doing="load this category" retry={() => void refetch()} level={1} />;
  }

  const playlists = category.playlists;
  // The category itself came, but its playlists did not: say why, keep the name.
  const playlistsUnavailable = !playlists && error !== undefined && onlyCodes(error, ['FEATURE_UNAVAILABLE']);
  return (
    <div className="pb-8">
      <PageHeader kind="Category" title={category.name}>
        {playlists && <p>{countOf(playlists.totalCount, 'playlist')}</p>}
      </PageHeader>
      {playlists ? (
        playlists.edges.length > 0 ? (
          <>
            <h2 className="sr-only">Playlists</h2>
            <CardGrid label={`Playlists of ${category.name}`}>
              {playlists.edges.map(({ cursor, node }) => (
                <PlaylistResultCard key={cursor} playlist={node} />
              ))}
            </CardGrid>
            <LoadMore
              hasMore={playlists.pageInfo.hasNextPage}
              onMore={() => fetchMore({ variables: { after: playlists.pageInfo.endCursor } })}
              label="More playlists"
            />
          </>
        ) : (
          <EmptyState title="No playlists here yet" action={toSearch}>
            This category has no playlists for now.
          </EmptyState>
        )
      ) : playlistsUnavailable ? (
        <EmptyState title="Playlists are not available" action={toSearch}>
          Your music service does not list the playlists of categories.
        </EmptyState>
      ) : (
        <ErrorState error={error} doing="load this category's playlists" retry={() => void refetch()} />
      )}
    </div>
  );
}
