import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { HeartIcon } from '@heroicons/react/24/solid';
import { Link } from 'wouter';
import { startQuery } from '../app/screens';
import { graphql } from '../__generated__';
import { useViewer } from '../app/viewer';
import { LoadMore } from '../components/LoadMore';
import { ActionBar } from '../components/PageHeader';
import { PlayButton } from '../components/PlayButton';
import { EmptyState, ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { TrackList, targetFor } from '../components/TrackList';
import { countOf } from '../lib/format';
import { uniqueBy } from '../library/connections';

export const LikedSongsPageDocument = graphql(`
  query LikedSongsPage($after: String) {
    me {
      id
      savedTracks(first: 50, after: $after) {
        totalCount
        edges {
          cursor
          addedAt
          node {
            id
            uri
            ...TrackRow_item
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

/** The URI the big play button stands for: the listener's saved tracks, as a list of tracks. */
const likedSongsUri = 'graphonic:collection:tracks';

/** The header's cover: a heart on a gradient, as the sidebar shows it. */
function LikedCover() {
  return (
    <div className="flex size-44 shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-indigo-700 to-sky-300 shadow-2xl sm:size-52 lg:size-58">
      <HeartIcon aria-hidden="true" className="size-20 text-white" />
    </div>
  );
}

function LikedSongsSkeleton() {
  return (
    <LoadingScreen label="Loading your liked songs">
      <div className="flex flex-col items-center gap-6 bg-gradient-to-b from-indigo-800/60 to-neutral-900 px-4 pt-6 pb-6 sm:flex-row sm:items-end md:px-6">
        <Skeleton className="size-44 sm:size-52" />
        <div className="w-full flex-1 space-y-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="space-y-3 px-6 pt-6">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    </LoadingScreen>
  );
}

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, LikedSongsPageDocument, {});
}

/**
 * Liked Songs: every track the listener saved, newest first, page by page as they scroll. Any
 * row plays the list from there; unliking a row takes it out at once.
 */
export default function LikedSongsPage() {
  const { me } = useViewer();
  const { data, error, loading, refetch, fetchMore } = useQuery(LikedSongsPageDocument, { errorPolicy: 'all' });
  const saved = data?.me?.savedTracks;

  if (loading && !saved) return <LikedSongsSkeleton />;
  if (!saved) return <ErrorState error={error} doing="load your liked songs" retry={() => void refetch()} level={1} />;

  // A track saved elsewhere meanwhile shifts the pages: one met twice shows once.
  const edges = uniqueBy(saved.edges, (edge) => edge.node.id);
  const rows = edges.map((edge) => ({ key: edge.node.id, item: edge.node, addedAt: edge.addedAt }));
  const uris = edges.map((edge) => edge.node.uri);
  const name = me.displayName ?? me.id;

  return (
    <div className="pb-8">
      <div className="flex flex-col items-center gap-6 bg-gradient-to-b from-indigo-800/70 to-neutral-900 px-4 pt-6 pb-6 sm:flex-row sm:items-end md:px-6">
        <LikedCover />
        <div className="min-w-0 text-center sm:text-left">
          <p className="text-sm font-semibold">Playlist</p>
          <h1 className="mt-1 text-4xl font-extrabold tracking-tight md:text-6xl">Liked Songs</h1>
          <p className="mt-3 text-sm text-neutral-300">
            <Link to="/profile" className="font-semibold text-white hover:underline">
              {name}
            </Link>
            {' · '}
            <span>{countOf(saved.totalCount, 'song')}</span>
          </p>
        </div>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          title="Songs you like will appear here"
          action={
            <Link
              to="/search"
              className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
            >
              Find songs
            </Link>
          }
        >
          Save songs by tapping the heart next to them.
        </EmptyState>
      ) : (
        <>
          <ActionBar>
            <PlayButton uri={likedSongsUri} target={targetFor({ list: true }, uris, 0)} name="Liked Songs" />
          </ActionBar>
          <TrackList label="Liked Songs" rows={rows} playback={{ list: true }} showCover showAlbum showAdded />
          <LoadMore
            hasMore={saved.pageInfo.hasNextPage}
            onMore={() => fetchMore({ variables: { after: saved.pageInfo.endCursor } })}
            label="Load more songs"
          />
        </>
      )}
    </div>
  );
}
