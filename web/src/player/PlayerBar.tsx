import { PauseIcon, PlayIcon, QueueListIcon } from '@heroicons/react/24/solid';
import { ChevronUpIcon } from '@heroicons/react/24/outline';
import { SignalSlashIcon } from '@heroicons/react/20/solid';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { Cover } from '../components/Cover';
import { useUnreachable } from '../components/ConnectionBanner';
import { LikeButton } from '../components/LikeButton';
import { DevicePicker } from './DevicePicker';
import { premiumNote, TransportControls } from './PlayerControls';
import { usePlayer, type PlayingItem } from './context';
import { ItemByline, itemLink } from './item-links';
import { fullScreenPlayer, playerBarFrame } from './PlayerBarLook';
import { PlayingOn } from './PlayingOn';
import { SeekBar } from './SeekBar';
import { Volume } from './Volume';

/** The link and names of what plays: a track's album and artists, an episode's show. */
function ItemInfo({ item }: { item: PlayingItem }) {
  const images = item.__typename === 'Track' ? item.album.images : item.images;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Link
        to={itemLink(item)}
        className="shrink-0"
        aria-label={`Go to ${item.__typename === 'Track' ? item.album.name : item.name}`}
      >
        <Cover images={images} size={56} className="size-12 md:size-14" />
      </Link>
      <div className="min-w-0">
        <Link to={itemLink(item)} className="block truncate text-sm font-medium hover:underline">
          {item.name}
        </Link>
        <ItemByline item={item} className="text-xs text-neutral-400" />
      </div>
    </div>
  );
}

/** Said while the live connection is down: what other devices change shows late, by the poll. */
export function LiveNote() {
  return (
    <p role="status" className="mt-1 flex items-center justify-center gap-1 text-xs text-neutral-400 md:justify-end">
      <SignalSlashIcon aria-hidden="true" className="size-3.5 shrink-0" />
      Live updates paused — reconnecting…
    </p>
  );
}

type BarItem = PlayingItem | null;

/** The phone's compact bar: what plays (a link to the now-playing view), like, and play or pause. */
function CompactBar({ item, unknown }: { item: BarItem; unknown: boolean }) {
  const player = usePlayer();
  const controls = player.canControl;
  const playing = player.state?.isPlaying === true && !player.audioBlocked;
  return (
    <div className="flex items-center gap-2 md:hidden">
      {item ? (
        <>
          <Link
            to="/now-playing"
            className="flex min-h-11 min-w-0 flex-1 items-center gap-3"
            aria-label={`Now playing: ${item.name}. Open the player`}
          >
            <Cover
              images={item.__typename === 'Track' ? item.album.images : item.images}
              size={40}
              className="size-10"
            />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium">{item.name}</span>
              <span className="block truncate text-xs text-neutral-400">
                {item.__typename === 'Track' ? item.artists.map((artist) => artist.name).join(', ') : item.show.name}
              </span>
            </span>
            <ChevronUpIcon aria-hidden="true" className="ml-auto size-4 shrink-0 text-neutral-400" />
          </Link>
          <LikeButton uri={item.uri} saved={item.saved} name={item.name} />
        </>
      ) : (
        <p className="flex-1 text-sm text-neutral-400">
          {unknown
            ? "Can't tell what's playing right now"
            : controls
              ? 'Pick something to play'
              : 'Playback needs Premium'}
        </p>
      )}
      <button
        type="button"
        disabled={!controls || !item}
        onClick={() => void player.togglePlay()}
        aria-label={playing ? 'Pause' : 'Play'}
        title={controls ? undefined : premiumNote}
        className="rounded-full p-2 disabled:opacity-40"
      >
        {playing ? (
          <PauseIcon aria-hidden="true" className="size-7" />
        ) : (
          <PlayIcon aria-hidden="true" className="size-7" />
        )}
      </button>
    </div>
  );
}

/** The desktop bar's left: what plays and like, or that nothing does. */
function NowPlayingInfo({ item, unknown, controls }: { item: BarItem; unknown: boolean; controls: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {item ? (
        <>
          <ItemInfo item={item} />
          <LikeButton uri={item.uri} saved={item.saved} name={item.name} />
        </>
      ) : (
        <p className="text-sm text-neutral-400">
          {unknown
            ? "Can't tell what's playing right now."
            : controls
              ? 'Nothing is playing. Pick an album or a playlist to start.'
              : 'Nothing is playing.'}
        </p>
      )}
    </div>
  );
}

/** The desktop bar's middle: the controls, the seek bar, and why they do not work when they do not. */
function CentreControls({ noteId }: { noteId: string }) {
  const player = usePlayer();
  const controls = player.canControl;
  const describedBy = controls ? undefined : noteId;
  return (
    <div className="flex flex-col items-center gap-1">
      <TransportControls {...(describedBy ? { describedBy } : {})} />
      <SeekBar />
      {player.audioBlocked && (
        <p role="status" className="text-xs text-amber-300">
          Your browser is waiting for a click: press play to hear it here.
        </p>
      )}
      {!controls && (
        <p id={noteId} className="text-xs text-neutral-400">
          {premiumNote}
        </p>
      )}
    </div>
  );
}

/** The desktop bar's right: the now-playing view, the queue, the devices and the volume. */
function BarEnd() {
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to="/now-playing"
        aria-label="Now playing view"
        title="Now playing view"
        className="rounded-full p-2 text-neutral-300 hover:text-white"
      >
        <ChevronUpIcon aria-hidden="true" className="size-5" />
      </Link>
      <Link to="/queue" aria-label="Queue" title="Queue" className="rounded-full p-2 text-neutral-300 hover:text-white">
        <QueueListIcon aria-hidden="true" className="size-5" />
      </Link>
      <DevicePicker />
      <Volume className="w-20 lg:w-24" />
    </div>
  );
}

/** The player bar on every screen: what plays and every control of the player. */
export function PlayerBar() {
  const player = usePlayer();
  const [location] = useLocation();
  const noteId = useId();
  const item = player.state?.item ?? null;
  const fullScreen = fullScreenPlayer(location);
  // In an outage the player cannot know what plays: it must not say that nothing does.
  const unreachable = useUnreachable();
  const unknown = unreachable && !item;

  return (
    <section aria-label="Player" className={`${playerBarFrame} ${fullScreen ? 'hidden' : ''}`}>
      {/* Phone: a compact bar that opens the now-playing view. */}
      <CompactBar item={item} unknown={unknown} />
      <div className="mt-1 md:hidden">{item && <SeekBar compact />}</div>
      {player.audioBlocked && (
        <p role="status" className="mt-1 text-xs text-amber-300 md:hidden">
          Your browser is waiting for a tap: press play to hear it here.
        </p>
      )}

      {/* Desktop: the full bar. */}
      <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)] items-center gap-4 md:grid">
        <NowPlayingInfo item={item} unknown={unknown} controls={player.canControl} />
        <CentreControls noteId={noteId} />
        <BarEnd />
      </div>
      {/* In an outage the banner says it all. */}
      {player.livePaused && !unreachable && <LiveNote />}
      <PlayingOn />
    </section>
  );
}
