import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { QueueListIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { getFragmentData, graphql, type FragmentType } from '../__generated__';
import { startQuery } from '../app/screens';
import { EmptyState, ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { TrackList, TrackRowFragment, type TrackListRow } from '../components/TrackList';
import { usePlayer } from '../player/context';

/** The queue screen's one query; the player refetches it by this name after "Add to queue". */
export const PlayerQueueQuery = graphql(`
  query PlayerQueue {
    player {
      queue {
        currentlyPlaying {
          ...TrackRow_item
        }
        items {
          ...TrackRow_item
        }
      }
    }
  }
`);

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, PlayerQueueQuery, {});
}

/** Rows keyed by position: the queue may hold one item twice. */
function rowsOf(items: readonly FragmentType<typeof TrackRowFragment>[]): TrackListRow[] {
  return items.map((item, index) => ({
    key: `${String(index)}:${getFragmentData(TrackRowFragment, item).uri}`,
    item,
  }));
}

function QueueSkeleton() {
  return (
    <LoadingScreen label="Loading your queue…">
      <div className="space-y-8 px-4 md:px-6">
        {[1, 6].map((rows) => (
          <div key={rows} className="space-y-3">
            <Skeleton className="h-6 w-40" />
            {Array.from({ length: rows }, (_, index) => (
              <div key={index} className="flex items-center gap-3">
                <Skeleton className="size-10" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ))}
      </div>
    </LoadingScreen>
  );
}

/** What plays now and what follows it, kept in step with the player. */
export default function QueuePage() {
  const player = usePlayer();
  const { data, error, refetch } = useQuery(PlayerQueueQuery, { fetchPolicy: 'cache-and-network' });
  const current = player.state?.item ?? null;

  // When the player moves on or changes its order, what follows changes too.
  const moment = current ? `${current.uri} ${String(player.state?.shuffle)} ${player.state?.repeat ?? ''}` : '';
  const seen = useRef(moment);
  useEffect(() => {
    if (seen.current === moment) return;
    seen.current = moment;
    void refetch().catch(() => undefined);
  }, [moment, refetch]);

  const heading = <h1 className="px-4 pt-2 pb-4 text-3xl font-extrabold tracking-tight md:px-6">Queue</h1>;

  if (player.loading) {
    return (
      <>
        {heading}
        <QueueSkeleton />
      </>
    );
  }
  if (!current) {
    return (
      <>
        {heading}
        <EmptyState
          title="Nothing is playing"
          icon={<QueueListIcon aria-hidden="true" className="size-12 text-neutral-500" />}
          action={
            <Link
              to="/search"
              className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
            >
              Find something to play
            </Link>
          }
        >
          Start an album, a playlist or a podcast, and what comes next shows here.
        </EmptyState>
      </>
    );
  }
  if (!data) {
    return (
      <>
        {heading}
        {error ? (
          <ErrorState error={error} doing="load your queue" retry={() => void refetch().catch(() => undefined)} />
        ) : (
          <QueueSkeleton />
        )}
      </>
    );
  }

  const { currentlyPlaying, items } = data.player.queue;
  return (
    <div className="pb-8">
      {heading}
      {currentlyPlaying && (
        <section aria-labelledby="queue-now" className="mb-6">
          <h2 id="queue-now" className="px-4 pb-2 text-lg font-bold md:px-6">
            Now playing
          </h2>
          <TrackList
            label="Now playing"
            rows={rowsOf([currentlyPlaying])}
            playback={{ list: true }}
            showCover
            showAlbum
          />
        </section>
      )}
      <section aria-labelledby="queue-next">
        <h2 id="queue-next" className="px-4 pb-2 text-lg font-bold md:px-6">
          Next in queue
        </h2>
        {items.length > 0 ? (
          <TrackList
            label="Next in queue"
            rows={rowsOf(items)}
            playback={{ list: true }}
            markCurrent={false}
            showCover
            showAlbum
          />
        ) : (
          <p className="px-4 text-neutral-300 md:px-6">
            Nothing follows. Choose “Add to queue” in the menu of any song or episode to hear it next.
          </p>
        )}
      </section>
    </div>
  );
}
