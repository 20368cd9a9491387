import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useParams } from 'wouter';
import { startQuery } from '../app/screens';
import { graphql, getFragmentData } from '../__generated__';
import { CatalogError } from '../catalog/CatalogError';
import { EpisodeRow } from '../catalog/EpisodeRow';
import { LikeButton } from '../components/LikeButton';
import { LoadMore } from '../components/LoadMore';
import { ActionBar, PageHeader } from '../components/PageHeader';
import { EmptyState, PageSkeleton } from '../components/States';
import { countOf } from '../lib/format';

/** A page of a show's episodes, newest first. */
export const ShowPageEpisodesFragment = graphql(`
  fragment ShowPage_episodes on EpisodeConnection {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        id
        ...EpisodeRow_episode
      }
    }
  }
`);

export const ShowPageQueryDocument = graphql(`
  query ShowPage($id: ID!) {
    show(id: $id) {
      id
      uri
      name
      publisher
      description
      explicit
      saved
      totalEpisodes
      images {
        url
        width
      }
      episodes(first: 20) {
        ...ShowPage_episodes
      }
    }
  }
`);

/** The episodes after the first page. */
export const ShowPageEpisodesQueryDocument = graphql(`
  query ShowPageEpisodes($id: ID!, $after: String) {
    show(id: $id) {
      id
      episodes(first: 20, after: $after) {
        ...ShowPage_episodes
      }
    }
  }
`);

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient, { id = '' }: Record<string, string>): void {
  startQuery(client, ShowPageQueryDocument, { id });
}

/** A podcast: its artwork and publisher, save, what it is about, and its episodes with the listener's progress. */
export default function ShowPage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, loading, refetch, fetchMore } = useQuery(ShowPageQueryDocument, {
    variables: { id },
    errorPolicy: 'all',
    // Resume points move while the listener plays: each visit shows where they stand now.
    fetchPolicy: 'cache-and-network',
  });
  const show = data?.show;
  if (!show) {
    if (loading) return <PageSkeleton label="Loading the show" />;
    return <CatalogError error={error} kind="show" retry={() => void refetch()} />;
  }
  const episodes = getFragmentData(ShowPageEpisodesFragment, show.episodes);

  return (
    <div className="pb-8">
      <PageHeader kind="Podcast" title={show.name} images={show.images}>
        {show.publisher && <p className="font-semibold text-white">{show.publisher}</p>}
        <p>{countOf(show.totalEpisodes, 'episode')}</p>
      </PageHeader>

      <ActionBar>
        <LikeButton uri={show.uri} saved={show.saved} name={show.name} size="lg" />
      </ActionBar>

      <div className="flex flex-col gap-6 px-2 md:px-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)] lg:items-start">
        <section aria-labelledby="show-about" className="px-2 lg:order-2 lg:rounded-lg lg:bg-white/5 lg:p-4">
          <h2 id="show-about" className="text-2xl font-bold">
            About
          </h2>
          <p className="mt-2 whitespace-pre-line text-neutral-300">{show.description}</p>
          {show.explicit && <p className="mt-2 text-sm text-neutral-400">Explicit content</p>}
        </section>

        <section aria-labelledby="show-episodes" className="lg:order-1">
          <h2 id="show-episodes" className="px-2 text-2xl font-bold">
            All episodes
          </h2>
          {episodes.edges.length === 0 ? (
            <EmptyState title="No episodes yet">
              This show has not published an episode. Save it to find it in your library when it does.
            </EmptyState>
          ) : (
            <ul aria-label={`Episodes of ${show.name}`} className="mt-2">
              {episodes.edges.map(({ node }) => (
                <EpisodeRow key={node.id} episode={node} />
              ))}
            </ul>
          )}
          {episodes.pageInfo.endCursor && (
            <LoadMore
              hasMore={episodes.pageInfo.hasNextPage}
              onMore={() =>
                fetchMore({
                  query: ShowPageEpisodesQueryDocument,
                  variables: { id: show.id, after: episodes.pageInfo.endCursor },
                })
              }
              label="More episodes"
            />
          )}
        </section>
      </div>
    </div>
  );
}
