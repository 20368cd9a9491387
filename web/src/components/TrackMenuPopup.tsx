import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { EllipsisHorizontalIcon } from '@heroicons/react/20/solid';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useSaveToLibrary } from '../library/useLibraryMutations';
import { AddToPlaylistDialog } from '../playlists/AddToPlaylistDialog';
import { usePlayer } from '../player/context';
import type { TrackMenuProps } from './TrackMenu';

const itemClass = 'block w-full px-3 py-2 text-left text-sm data-focus:bg-white/10';

/** The menu itself, loaded after the first screen (see TrackMenu). */
export default function TrackMenuPopup({
  uri,
  name,
  saved,
  albumId,
  artists = [],
  showId,
  extra = [],
}: TrackMenuProps) {
  const player = usePlayer();
  const save = useSaveToLibrary();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Menu>
        <MenuButton
          aria-label={`More options for ${name}`}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full p-1 text-neutral-400 hover:text-white data-open:text-white sm:min-h-0 sm:min-w-0"
          onClick={(event) => event.stopPropagation()}
        >
          <EllipsisHorizontalIcon aria-hidden="true" className="size-5" />
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 4 }}
          className="z-50 w-56 rounded-md bg-neutral-800 py-1 shadow-xl ring-1 ring-white/10 focus:outline-none"
        >
          {player.canControl && (
            <MenuItem>
              <button type="button" className={itemClass} onClick={() => void player.addToQueue(uri)}>
                Add to queue
              </button>
            </MenuItem>
          )}
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => setAdding(true)}>
              Add to playlist
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => void save(uri, saved !== true)}>
              {saved === true ? 'Remove from your library' : 'Save to your library'}
            </button>
          </MenuItem>
          {extra.map((action) => (
            <MenuItem key={action.label}>
              <button type="button" className={itemClass} onClick={action.onSelect}>
                {action.label}
              </button>
            </MenuItem>
          ))}
          <GoToItems albumId={albumId} artists={artists} showId={showId} />
        </MenuItems>
      </Menu>
      <AddToPlaylistDialog open={adding} onClose={() => setAdding(false)} uris={[uri]} name={name} />
    </>
  );
}

interface GoToItemsProps extends Pick<TrackMenuProps, 'albumId' | 'showId'> {
  artists: NonNullable<TrackMenuProps['artists']>;
}

/** "Go to" the album, each artist or the show, after a separator; nothing when there is nowhere to go. */
function GoToItems({ albumId, artists, showId }: GoToItemsProps) {
  const links: ReactNode[] = [];
  if (albumId) {
    links.push(
      <MenuItem key="album">
        <Link to={`/album/${albumId}`} className={itemClass}>
          Go to album
        </Link>
      </MenuItem>,
    );
  }
  for (const artist of artists) {
    links.push(
      <MenuItem key={artist.id}>
        <Link to={`/artist/${artist.id}`} className={itemClass}>
          {artists.length > 1 ? `Go to ${artist.name}` : 'Go to artist'}
        </Link>
      </MenuItem>,
    );
  }
  if (showId) {
    links.push(
      <MenuItem key="show">
        <Link to={`/show/${showId}`} className={itemClass}>
          Go to show
        </Link>
      </MenuItem>,
    );
  }
  if (links.length === 0) return null;
  return (
    <>
      <MenuSeparator className="my-1 h-px bg-white/10" />
      {links}
    </>
  );
}
