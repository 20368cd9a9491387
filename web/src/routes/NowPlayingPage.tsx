import { skipToken, useQuery } from '@apollo/client/react';
import { MusicalNoteIcon, QueueListIcon } from '@heroicons/react/24/outline';
import { useId } from 'react';
import { Link } from 'wouter';
import { graphql } from '../__generated__';
import type { NowPlayingPageQuery as NowPlayingPageData } from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { Cover } from '../components/Cover';
import { soleLinkClass } from '../components/ItemCredits';
import { LikeButton } from '../components/LikeButton';
import { ErrorState, LoadingScreen, Skeleton } from '../components/States';
import { onlyCodes } from '../lib/errors';
import { formatDate } from '../lib/format';
import { AudioFeaturesChart } from '../player/AudioFeaturesChart';
import { DevicePicker } from '../player/DevicePicker';
import { ItemByline, itemLink } from '../player/item-links';
import { NothingPlaying } from '../player/NothingPlaying';
import { premiumNote, TransportControls } from '../player/PlayerControls';
import { usePlayer, type PlaybackState, type PlayingItem } from '../player/context';
import { SeekBar } from '../player/SeekBar';
import { Volume } from '../player/Volume';

/** What the player's state does not carry: a track's audio features, an episode's words and show. */
export const NowPlayingPageQuery = graphql(`
  query NowPlayingPage($id: ID!, $isTrack: Boolean!, $withFeatures: Boolean!) {
    track(id: $id) @include(if: $isTrack) {
      id
      audioFeatures @include(if: $withFeatures) {
        ...AudioFeaturesChart_features
      }
    }
    episode(id: $id) @skip(if: $isTrack) {
      id
      description
      releaseDate
      show {
        id
        name
        publisher
        images {
          url
          width
        }
      }
    }
  }
`);

const contextPaths = { ALBUM: 'album', ARTIST: 'artist', PLAYLIST: 'playlist', SHOW: 'show' } as const;

/** "Playing from" the list playback goes through, named from what the app already knows. */
function PlayingFrom({ state, item }: { state: PlaybackState; item: PlayingItem }) {
  const { me } = useViewer();
  const context = state.context;
  if (!context) return <p className="text-sm font-semibold text-neutral-300">Now playing</p>;
  const id = context.uri.split(':')[2] ?? '';
  const names: Record<keyof typeof contextPaths, string | undefined> = {
    ALBUM: item.__typename === 'Track' && item.album.id === id ? item.album.name : undefined,
    ARTIST: item.__typename === 'Track' ? item.artists.find((artist) => artist.id === id)?.name : undefined,
    PLAYLIST: me.playlists.edges.find((edge) => edge.node.id === id)?.node.name,
    SHOW: item.__typename === 'Episode' && item.show.id === id ? item.show.name : undefined,
  };
  const kind = context.type.toLowerCase();
  const name = names[context.type];
  return (
    <p className="truncate text-sm font-semibold text-neutral-300">
      Playing from {name ? `${kind} ` : `this ${kind}`}
      {name && (
        <Link to={`/${contextPaths[context.type]}/${id}`} className="text-white hover:underline">
          {name}
        </Link>
      )}
    </p>
  );
}

function NowPlayingSkeleton() {
  return (
    <LoadingScreen label="Loading what plays…">
      <div className="mx-auto grid max-w-5xl gap-6 px-4 md:grid-cols-[14rem_1fr] md:items-end md:px-6 lg:grid-cols-[16rem_1fr]">
        <Skeleton className="mx-auto aspect-square w-full max-w-80" />
        <div className="space-y-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
    </LoadingScreen>
  );
}

/** The section under the player: a track's audio features, or an episode's show and description. */
function Details({ item }: { item: PlayingItem }) {
  const { upstream } = useViewer();
  const isTrack = item.__typename === 'Track';
  const withFeatures = upstream.features.audioFeatures;
  const { data, error, loading, refetch } = useQuery(
    NowPlayingPageQuery,
    // A track has nothing to add where the music service measures nothing.
    isTrack && !withFeatures ? skipToken : { variables: { id: item.id, isTrack, withFeatures }, errorPolicy: 'all' },
  );
  const retry = () => void refetch().catch(() => undefined);

  if (isTrack) {
    if (!withFeatures) return null;
    const features = data?.track?.audioFeatures;
    // A music service that cannot measure tracks leaves the section out.
    if (!features && error && onlyCodes(error, ['FEATURE_UNAVAILABLE'])) return null;
    return <TrackFeatures name={item.name} features={features} loading={loading} error={error} retry={retry} />;
  }

  return <EpisodeDetails episode={data?.episode} loading={loading} error={error} retry={retry} />;
}

/** Where the details' query stands. */
interface DetailsAnswer {
  loading: boolean;
  error: unknown;
  retry: () => void;
}

interface TrackFeaturesProps extends DetailsAnswer {
  /** The track's name. */
  name: string;
  features: NonNullable<NowPlayingPageData['track']>['audioFeatures'];
}

/** A track's audio features, once measured. */
function TrackFeatures({ name, features, loading, error, retry }: TrackFeaturesProps) {
  return (
    <section aria-labelledby="now-playing-features" className="mt-10">
      <h2 id="now-playing-features" className="mb-4 text-2xl font-bold">
        What it sounds like
      </h2>
      {features ? (
        <AudioFeaturesChart features={features} name={name} />
      ) : loading ? (
        <LoadingScreen label="Measuring the track…">
          <div className="space-y-3">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} className="h-16" />
              ))}
            </div>
            {[0, 1, 2, 3, 4, 5, 6].map((index) => (
              <Skeleton key={index} className="h-5 max-w-lg" />
            ))}
          </div>
        </LoadingScreen>
      ) : error ? (
        <ErrorState error={error} doing="measure this track" retry={retry} />
      ) : (
        <p className="text-neutral-300">This track has not been measured yet.</p>
      )}
    </section>
  );
}

/** The show an episode is of, and what the episode is about. */
function EpisodeDetails({
  episode,
  loading,
  error,
  retry,
}: DetailsAnswer & { episode: NowPlayingPageData['episode'] }) {
  return (
    <section aria-labelledby="now-playing-episode" className="mt-10 max-w-3xl">
      <h2 id="now-playing-episode" className="mb-4 text-2xl font-bold">
        About this episode
      </h2>
      {episode ? (
        <>
          <Link
            to={`/show/${episode.show.id}`}
            className="mb-4 flex items-center gap-4 rounded-lg bg-white/5 p-3 hover:bg-white/10"
          >
            <Cover images={episode.show.images} size={64} className="size-16" />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{episode.show.name}</span>
              <span className="block truncate text-sm text-neutral-400">
                {[episode.show.publisher, formatDate(episode.releaseDate)].filter(Boolean).join(' · ')}
              </span>
            </span>
          </Link>
          <p className="whitespace-pre-line text-neutral-300">{episode.description}</p>
        </>
      ) : loading ? (
        <LoadingScreen label="Loading the episode…">
          <div className="space-y-3">
            <Skeleton className="h-22 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        </LoadingScreen>
      ) : (
        <ErrorState error={error} doing="load this episode" retry={retry} />
      )}
    </section>
  );
}

/** The full-screen player: the cover large, every control, and more about what plays. */
export default function NowPlayingPage() {
  const player = usePlayer();
  const noteId = useId();
  const { state } = player;
  const item = state?.item ?? null;

  if (player.loading) return <NowPlayingSkeleton />;
  if (!state || !item) {
    return (
      <>
        <h1 className="px-4 pt-2 text-3xl font-extrabold tracking-tight md:px-6">Now playing</h1>
        <NothingPlaying icon={<MusicalNoteIcon aria-hidden="true" className="size-12 text-neutral-500" />}>
          {player.canControl
            ? 'Start an album, a playlist or a podcast here or on any of your devices.'
            : 'When something plays on one of your devices, it shows here.'}
        </NothingPlaying>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 pb-10 md:px-6">
      <NowPlayingHeader state={state} item={item} />

      <PlaybackSection state={state} noteId={noteId} />

      <Details key={item.id} item={item} />
    </div>
  );
}

/** The cover large, what plays and where from, and the like button. */
function NowPlayingHeader({ state, item }: { state: PlaybackState; item: PlayingItem }) {
  const images = item.__typename === 'Track' ? item.album.images : item.images;
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:items-end lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      <Link to={itemLink(item)} aria-label={`Go to ${item.__typename === 'Track' ? item.album.name : item.name}`}>
        <Cover images={images} size={320} className="mx-auto aspect-square w-full max-w-80 shadow-2xl md:max-w-none" />
      </Link>
      <div className="min-w-0">
        <PlayingFrom state={state} item={item} />
        <div className="mt-2 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold tracking-tight break-words md:text-5xl">{item.name}</h1>
            <ItemByline item={item} className="mt-2 text-lg text-neutral-300" />
            {item.__typename === 'Track' && (
              <p className="truncate text-sm text-neutral-400">
                <Link to={`/album/${item.album.id}`} className={soleLinkClass}>
                  {item.album.name}
                </Link>
              </p>
            )}
          </div>
          <LikeButton uri={item.uri} saved={item.saved} name={item.name} size="lg" className="mt-1 shrink-0" />
        </div>
      </div>
    </div>
  );
}

/** Every control of playback: position, transport, the device it plays on, the queue and the volume. */
function PlaybackSection({ state, noteId }: { state: PlaybackState; noteId: string }) {
  const player = usePlayer();
  return (
    <section aria-label="Playback controls" className="mt-8 flex flex-col items-center gap-4">
      <SeekBar />
      <TransportControls size="lg" {...(player.canControl ? {} : { describedBy: noteId })} />
      {player.audioBlocked && (
        <p role="status" className="text-sm text-amber-300">
          Your browser is waiting for a click: press play to hear it here.
        </p>
      )}
      {!player.canControl && (
        <p id={noteId} className="text-sm text-neutral-400">
          {premiumNote}
        </p>
      )}
      <div className="flex w-full flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <DevicePicker />
          <span className="truncate text-sm text-neutral-400">
            {state.device
              ? `On ${state.device.id === player.browserDeviceId ? 'this browser' : state.device.name}`
              : ''}
          </span>
        </div>
        <div className="flex items-center gap-1">
          <Link
            to="/queue"
            aria-label="Queue"
            title="Queue"
            className="rounded-full p-3 text-neutral-300 hover:text-white sm:p-2"
          >
            <QueueListIcon aria-hidden="true" className="size-5" />
          </Link>
          <Volume />
        </div>
      </div>
    </section>
  );
}
