import { PauseIcon, PlayIcon, SpeakerWaveIcon } from '@heroicons/react/24/solid';
import { ClockIcon } from '@heroicons/react/24/outline';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { graphql, getFragmentData, type FragmentType } from '../__generated__';
import type { TrackRow_ItemFragment } from '../__generated__/graphql';
import { formatAgo, formatDuration } from '../lib/format';
import { rowFor } from '../lib/rows';
import { usePlayer, type PlayTarget } from '../player/context';
import { Cover } from './Cover';
import { ItemCredits } from './ItemCredits';
import { LikeButton } from './LikeButton';
import { TrackMenu, type MenuAction } from './TrackMenu';

/** What a row shows of a track or an episode. */
export const TrackRowFragment = graphql(`
  fragment TrackRow_item on PlayableItem {
    __typename
    ... on Track {
      id
      uri
      name
      durationMs
      explicit
      saved
      trackNumber
      isPlayable
      album {
        id
        name
        images {
          url
          width
        }
      }
      artists {
        id
        name
      }
    }
    ... on Episode {
      id
      uri
      name
      durationMs
      explicit
      saved
      releaseDate
      images {
        url
        width
      }
      show {
        id
        name
      }
    }
  }
`);

export interface TrackListRow {
  /** Unique within the list (a playlist may hold one track twice). */
  key: string;
  item: FragmentType<typeof TrackRowFragment>;
  addedAt?: string | null;
}

/** How a row plays: through a context by its position (albums, playlists), or as a list of the rows' URIs. */
export type RowPlayback = { contextUri: string } | { list: true };

interface TrackListProps {
  /** The list's name for assistive technology: "Tracks of Album name". */
  label: string;
  rows: readonly TrackListRow[];
  playback: RowPlayback;
  /** The first row's position in the whole list (for numbering and context offsets). */
  offset?: number;
  /** The number shown: its position in the list, or its track number on its album. */
  numbering?: 'position' | 'trackNumber';
  showCover?: boolean;
  showAlbum?: boolean;
  showAdded?: boolean;
  /** The row of column names above the list (off for the second disc of an album, say). */
  header?: boolean;
  /** Extra actions of each row's menu. */
  actions?: (row: TrackListRow, index: number) => readonly MenuAction[];
  /** Extra content at the end of each row (drag handles, reorder buttons). */
  trailing?: (row: TrackListRow, index: number) => ReactNode;
  /** Extra classes of a row (the one being dragged, say). */
  rowClassName?: (row: TrackListRow, index: number) => string;
  /** Whether rows of what plays now show as playing (false where the list holds later copies of it: the queue). */
  markCurrent?: boolean;
  /** Whether the list shows changes still on their way to the music service. */
  busy?: boolean;
}

/** Where a list's rows start playing: a position in the context, or the rows' URIs from this one. */
export function targetFor(playback: RowPlayback, uris: readonly string[], index: number, offset = 0): PlayTarget {
  if ('contextUri' in playback) return { contextUri: playback.contextUri, offsetPosition: offset + index };
  // At most 100 URIs start playback: the ones from this row on, after a few before it.
  const start = Math.max(0, index - 10);
  const slice = uris.slice(start, start + 100);
  return { uris: slice, offsetPosition: index - start };
}

/** Enough of a row's item to name its play button. */
export type NamedItem = { name: string } & (
  | { __typename: 'Track'; artists: readonly { name: string }[] }
  | { __typename: 'Episode'; show: { name: string } }
);

/** What a row's play button says: "Play Yesterday by The Beatles", or Pause while the row plays. */
export function playLabel(item: NamedItem, playing: boolean): string {
  const by = item.__typename === 'Track' ? item.artists.map((artist) => artist.name).join(', ') : item.show.name;
  return `${playing ? 'Pause' : 'Play'} ${item.name}${by ? ` by ${by}` : ''}`;
}

type RowItem = TrackRow_ItemFragment;

/** The column names above the list, for sight only (each row names its own parts). */
function TrackListHeader({
  columns,
  showAlbum,
  showAdded,
  trailing,
}: {
  columns: string;
  showAlbum: boolean;
  showAdded: boolean;
  trailing: boolean;
}) {
  return (
    <div
      aria-hidden="true"
      className={`hidden border-b border-white/10 px-2 pb-2 text-xs tracking-wider text-neutral-400 uppercase sm:grid ${columns} gap-4`}
    >
      <span className="text-right">#</span>
      <span>Title</span>
      {showAlbum && <span className="hidden md:block">Album</span>}
      {showAdded && <span className="hidden lg:block">Date added</span>}
      <span className={`flex justify-end ${trailing ? 'pr-[4.75rem]' : 'pr-10'}`}>
        <ClockIcon className="size-4" />
      </span>
    </div>
  );
}

/**
 * The row's number (a speaker while it plays), and over it, on hover and focus, its play button: a pause button
 * while the row plays, as it says and does.
 */
function RowNumberAndPlay({
  item,
  number,
  current,
  playing,
  canControl,
  onPlay,
}: {
  item: RowItem;
  number: number;
  current: boolean;
  playing: boolean;
  canControl: boolean;
  onPlay: () => void;
}) {
  const Icon = playing ? PauseIcon : PlayIcon;
  return (
    <div className="relative flex h-11 items-center justify-end text-sm sm:h-8 text-neutral-400 tabular-nums">
      <span className={`group-hover:invisible group-focus-within:invisible ${current ? 'text-accent' : ''}`}>
        {playing ? <SpeakerWaveIcon aria-hidden="true" className="size-4 text-accent" /> : number}
      </span>
      <button
        type="button"
        disabled={!canControl}
        onClick={onPlay}
        aria-label={playLabel(item, playing)}
        // Shown on hover and focus, yet always there: in the Tab order and to assistive technology.
        className="absolute inset-0 flex items-center justify-end text-white opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** The cover, the name, an explicit mark and the artists or show. */
function RowTitle({ item, current, showCover }: { item: RowItem; current: boolean; showCover: boolean }) {
  const images = item.__typename === 'Track' ? item.album.images : item.images;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {showCover && <Cover images={images} size={40} className="size-10" />}
      <div className="min-w-0">
        <p className={`truncate ${current ? 'text-accent' : 'text-white'}`}>{item.name}</p>
        <p className="truncate text-sm text-neutral-400">
          {item.explicit && (
            <span title="Explicit" className="mr-1.5 rounded-sm bg-neutral-400 px-1 text-[10px] font-bold text-black">
              E
            </span>
          )}
          <ItemCredits item={item} />
        </p>
      </div>
    </div>
  );
}

/** A track's album, or a link to an episode's own screen. */
function RowAlbum({ item }: { item: RowItem }) {
  return (
    <p className="hidden truncate text-sm text-neutral-400 md:block">
      {item.__typename === 'Track' ? (
        <Link to={`/album/${item.album.id}`} className="hover:text-white hover:underline">
          {item.album.name}
        </Link>
      ) : (
        <Link to={`/episode/${item.id}`} className="hover:text-white hover:underline">
          Episode
        </Link>
      )}
    </p>
  );
}

/** The row's end: like, duration, its menu, and what the list adds (a drag handle, say). */
function RowEnd({ item, extra, trailing }: { item: RowItem; extra?: readonly MenuAction[]; trailing: ReactNode }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <LikeButton
        uri={item.uri}
        saved={item.saved}
        name={item.name}
        size="sm"
        className={item.saved ? '' : 'sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100'}
      />
      <span className="w-10 text-right text-sm text-neutral-400 tabular-nums">{formatDuration(item.durationMs)}</span>
      <TrackMenu
        uri={item.uri}
        name={item.name}
        saved={item.saved}
        albumId={item.__typename === 'Track' ? item.album.id : undefined}
        artists={item.__typename === 'Track' ? item.artists : undefined}
        showId={item.__typename === 'Episode' ? item.show.id : undefined}
        extra={extra}
      />
      {trailing}
    </div>
  );
}

/**
 * A row's keys, pressed on the row itself (not on a button or link in it): Enter plays it, and the
 * arrow keys (and Home and End) move the focus to another row.
 */
function rowKeyHandler(index: number, count: number, play: () => void) {
  return (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      play();
      return;
    }
    const next = rowFor(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    const sibling = event.currentTarget.parentElement?.children.item(next);
    if (sibling instanceof HTMLElement) sibling.focus();
  };
}

type RowOptions = Pick<
  TrackListProps,
  | 'playback'
  | 'numbering'
  | 'showCover'
  | 'showAlbum'
  | 'showAdded'
  | 'actions'
  | 'trailing'
  | 'rowClassName'
  | 'markCurrent'
> & { offset: number };

interface TrackRowProps extends RowOptions {
  row: TrackListRow;
  item: RowItem;
  index: number;
  count: number;
  uris: readonly string[];
  columns: string;
  focusable: boolean;
  onFocus: () => void;
}

/** One row: plays from its play button, a double click, Enter, or a tap on a touch screen. */
function TrackRow({ row, item, index, count, uris, columns, focusable, onFocus, ...options }: TrackRowProps) {
  const player = usePlayer();
  const { playback, offset, numbering, showCover = false, showAlbum = false, showAdded = false } = options;
  const current = options.markCurrent !== false && player.state?.item?.uri === item.uri;
  const playing = current && player.state?.isPlaying === true;
  const start = () => {
    if (current) void (playing ? player.pause() : player.play());
    else void player.play(targetFor(playback, uris, index, offset));
  };
  const number = numbering === 'trackNumber' && item.__typename === 'Track' ? item.trackNumber : offset + index + 1;
  return (
    <li
      tabIndex={focusable ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={rowKeyHandler(index, count, () => {
        if (player.canControl) start();
      })}
      onDoubleClick={start}
      onClick={(event) => {
        // Touch screens cannot hover to show a row's play button: a tap on the row plays it.
        if (event.target instanceof Element && event.target.closest('a, button')) return;
        if (window.matchMedia('(hover: none)').matches) start();
      }}
      className={`group grid items-center gap-2 rounded-md px-2 py-2 sm:gap-4 outline-none hover:bg-white/10 focus-within:bg-white/10 focus-visible:ring-2 focus-visible:ring-white/70 ${columns} ${options.rowClassName?.(row, index) ?? ''}`}
    >
      <RowNumberAndPlay
        item={item}
        number={number}
        current={current}
        playing={playing}
        canControl={player.canControl}
        onPlay={start}
      />
      <RowTitle item={item} current={current} showCover={showCover} />
      {showAlbum && <RowAlbum item={item} />}
      {showAdded && (
        <p className="hidden truncate text-sm text-neutral-400 lg:block">{row.addedAt ? formatAgo(row.addedAt) : ''}</p>
      )}
      <RowEnd item={item} extra={options.actions?.(row, index)} trailing={options.trailing?.(row, index)} />
    </li>
  );
}

/**
 * A list of tracks or episodes: play from any row, like it, add it to a playlist or the queue.
 *
 * By keyboard, the list is one stop of the Tab order (the row last focused): arrow keys move between the
 * rows, Enter plays the focused row, and Tab goes on into the row's own buttons and links, its play button
 * first.
 */
export function TrackList({
  label,
  rows,
  offset = 0,
  showAlbum = false,
  showAdded = false,
  header = true,
  busy = false,
  ...options
}: TrackListProps) {
  // The row that takes focus when Tab comes to the list.
  const [focusRow, setFocusRow] = useState(0);
  const items = rows.map((row) => getFragmentData(TrackRowFragment, row.item));
  const uris = items.map((item) => item.uri);
  const columns = `grid-cols-[2.75rem_minmax(0,1fr)_auto] sm:grid-cols-[2rem_minmax(0,1fr)_auto] ${showAlbum ? 'md:grid-cols-[2rem_minmax(0,4fr)_minmax(0,3fr)_auto]' : ''} ${
    showAdded ? 'lg:grid-cols-[2rem_minmax(0,4fr)_minmax(0,3fr)_8rem_auto]' : ''
  }`;

  return (
    <div className="px-2 md:px-4">
      {header && (
        <TrackListHeader
          columns={columns}
          showAlbum={showAlbum}
          showAdded={showAdded}
          trailing={options.trailing !== undefined}
        />
      )}
      <ol aria-label={label} aria-busy={busy || undefined} className="mt-2">
        {rows.map((row, index) => {
          const item = items[index];
          if (!item) return null;
          return (
            <TrackRow
              key={row.key}
              row={row}
              item={item}
              index={index}
              count={rows.length}
              uris={uris}
              columns={columns}
              focusable={index === Math.min(focusRow, rows.length - 1)}
              onFocus={() => setFocusRow(index)}
              offset={offset}
              showAlbum={showAlbum}
              showAdded={showAdded}
              {...options}
            />
          );
        })}
      </ol>
    </div>
  );
}
