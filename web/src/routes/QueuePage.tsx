import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { QueueListIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, type ComponentProps } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../__generated__';
import { startQuery } from '../app/screens';
import { useNotify } from '../components/Notifications';
import { ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { friendlyMessage } from '../lib/errors';
import { TrackList, TrackRowFragment, type TrackListRow } from '../components/TrackList';
import { usePlayer, type Player } from '../player/context';
import { NothingPlaying } from '../player/NothingPlaying';

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
        addedByListener
      }
    }
  }
`);

const RemoveFromQueueMutation = graphql(`
  mutation RemoveFromQueue($input: RemoveFromQueueInput!) {
    removeFromQueue(input: $input) {
      player {
        __typename
      }
    }
  }
`);

const ClearQueueMutation = graphql(`
  mutation ClearQueue {
    clearQueue {
      player {
        __typename
      }
    }
  }
`);

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient): void {
  startQuery(client, PlayerQueueQuery, {});
}

/** Rows keyed by position (from `from`): the queue may hold one item twice. */
function rowsOf(items: readonly FragmentType<typeof TrackRowFragment>[], from = 0): TrackListRow[] {
  return items.map((item, index) => ({
    key: `${String(from + index)}:${getFragmentData(TrackRowFragment, item).uri}`,
    item,
  }));
}

/** A list of what follows: never marked as playing, though it may hold another copy of what plays. */
function FollowingList({
  label,
  rows,
  actions,
}: {
  label: string;
  rows: TrackListRow[];
  actions?: ComponentProps<typeof TrackList>['actions'];
}) {
  return (
    <TrackList
      label={label}
      rows={rows}
      playback={{ list: true }}
      markCurrent={false}
      showCover
      showAlbum
      {...(actions ? { actions } : {})}
    />
  );
}

/** Taking items out of what the listener queued, each followed by a fresh read of the queue. */
function useQueueEdits(refetch: () => Promise<unknown>) {
  const notify = useNotify();
  const [removeMutation] = useMutation(RemoveFromQueueMutation);
  const [clearMutation] = useMutation(ClearQueueMutation);
  const done = () => void refetch().catch(() => undefined);
  return {
    remove: async (position: number, uri: string, name: string) => {
      try {
        await removeMutation({ variables: { input: { position, uri } } });
        notify(`Removed ${name} from your queue`);
      } catch (error) {
        // Most often the queue moved on since it was shown: the fresh read shows it as it is.
        notify(friendlyMessage(error, `remove ${name} from your queue`), 'error');
      }
      done();
    },
    clear: async () => {
      try {
        await clearMutation();
        notify('Cleared your queue');
      } catch (error) {
        notify(friendlyMessage(error, 'clear your queue'), 'error');
      }
      done();
    },
  };
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

type QueueItems = readonly FragmentType<typeof TrackRowFragment>[];

const queueHeading = <h1 className="px-4 pt-2 pb-4 text-3xl font-extrabold tracking-tight md:px-6">Queue</h1>;
const nothingFollows = 'Nothing follows. Choose “Add to queue” in the menu of any song or episode to hear it next.';

/** When the player moves on or changes its order, what follows changes too: the queue is read again. */
function useRefetchOnPlayerChange(player: Player, refetch: () => Promise<unknown>) {
  const current = player.state?.item ?? null;
  const moment = current ? `${current.uri} ${String(player.state?.shuffle)} ${player.state?.repeat ?? ''}` : '';
  const seen = useRef(moment);
  useEffect(() => {
    if (seen.current === moment) return;
    seen.current = moment;
    void refetch().catch(() => undefined);
  }, [moment, refetch]);
}

/** What plays now, as a row of its own. */
function NowPlayingSection({ item }: { item: QueueItems[number] }) {
  return (
    <section aria-labelledby="queue-now" className="mb-6">
      <h2 id="queue-now" className="px-4 pb-2 text-lg font-bold md:px-6">
        Now playing
      </h2>
      <TrackList label="Now playing" rows={rowsOf([item])} playback={{ list: true }} showCover showAlbum />
    </section>
  );
}

/** What follows, where the music service does not say what the listener queued. */
function UnsplitQueue({ items }: { items: QueueItems }) {
  return (
    <section aria-labelledby="queue-next">
      <h2 id="queue-next" className="px-4 pb-2 text-lg font-bold md:px-6">
        Next up
      </h2>
      {items.length > 0 ? (
        <FollowingList label="Next up" rows={rowsOf(items)} />
      ) : (
        <p className="px-4 text-neutral-300 md:px-6">{nothingFollows}</p>
      )}
      <p className="px-4 pt-3 text-sm text-neutral-400 md:px-6">
        Your music service does not say which of these you queued, and does not let apps take anything out of the queue.
      </p>
    </section>
  );
}

/** What the listener queued, each with a way to take it out, and a way to clear them all. */
function QueuedByListener({ queued, edits }: { queued: QueueItems; edits: ReturnType<typeof useQueueEdits> }) {
  return (
    <section aria-labelledby="queue-next" className="mb-6">
      <div className="flex items-center justify-between gap-4 px-4 pb-2 md:px-6">
        <h2 id="queue-next" className="text-lg font-bold">
          Next in queue
        </h2>
        <button
          type="button"
          onClick={() => void edits.clear()}
          className="min-h-11 rounded-full px-4 text-sm font-semibold text-neutral-300 ring-1 ring-white/30 hover:text-white hover:ring-white"
        >
          Clear queue
        </button>
      </div>
      <FollowingList
        label="Next in queue"
        rows={rowsOf(queued)}
        actions={(row, index) => {
          const item = getFragmentData(TrackRowFragment, row.item);
          return [
            {
              label: 'Remove from queue',
              onSelect: () => void edits.remove(index, item.uri, item.name),
            },
          ];
        }}
      />
    </section>
  );
}

/** What follows from the album or playlist, after what the listener queued. */
function LaterFromContext({ later, from }: { later: QueueItems; from: number }) {
  return (
    <section aria-labelledby="queue-later">
      <h2 id="queue-later" className="px-4 pb-2 text-lg font-bold md:px-6">
        Next up
      </h2>
      {later.length > 0 ? (
        <FollowingList label="Next up" rows={rowsOf(later, from)} />
      ) : (
        <p className="px-4 text-neutral-300 md:px-6">{nothingFollows}</p>
      )}
    </section>
  );
}

/** What plays now and what follows it, kept in step with the player. */
export default function QueuePage() {
  const player = usePlayer();
  const { data, error, refetch } = useQuery(PlayerQueueQuery, { fetchPolicy: 'cache-and-network' });
  const current = player.state?.item ?? null;
  const edits = useQueueEdits(refetch);
  useRefetchOnPlayerChange(player, refetch);

  if (player.loading || !current || !data) {
    return (
      <>
        {queueHeading}
        {player.loading ? (
          <QueueSkeleton />
        ) : !current ? (
          <NothingPlaying icon={<QueueListIcon aria-hidden="true" className="size-12 text-neutral-500" />}>
            Start an album, a playlist or a podcast, and what comes next shows here.
          </NothingPlaying>
        ) : error ? (
          <ErrorState error={error} doing="load your queue" retry={() => void refetch().catch(() => undefined)} />
        ) : (
          <QueueSkeleton />
        )}
      </>
    );
  }

  const { currentlyPlaying, items, addedByListener } = data.player.queue;
  // What the listener added plays first ("Next in queue"); the rest follows from the album or playlist.
  const queued = addedByListener === null ? [] : items.slice(0, addedByListener);
  const later = addedByListener === null ? items : items.slice(addedByListener);
  return (
    <div className="pb-8">
      {queueHeading}
      {currentlyPlaying && <NowPlayingSection item={currentlyPlaying} />}
      {addedByListener === null ? (
        <UnsplitQueue items={items} />
      ) : (
        <>
          {queued.length > 0 && <QueuedByListener queued={queued} edits={edits} />}
          <LaterFromContext later={later} from={queued.length} />
        </>
      )}
    </div>
  );
}
