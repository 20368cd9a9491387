import { EllipsisHorizontalIcon } from '@heroicons/react/20/solid';
import { deferred } from './deferred';

export interface MenuAction {
  label: string;
  onSelect: () => void;
}

export interface TrackMenuProps {
  uri: string;
  name: string;
  saved: boolean | null | undefined;
  albumId?: string;
  artists?: readonly { id: string; name: string }[];
  showId?: string;
  /** Actions of the list the row is in: "Remove from this playlist". */
  extra?: readonly MenuAction[];
}

/** A row's "more" menu: queue, playlists, library, and where it comes from. */
export const TrackMenu = deferred<TrackMenuProps>(
  () => import('./TrackMenuPopup'),
  ({ name }) => (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={`More options for ${name}`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center sm:min-h-0 sm:min-w-0 rounded-full p-1 text-neutral-400"
    >
      <EllipsisHorizontalIcon aria-hidden="true" className="size-5" />
    </button>
  ),
);
