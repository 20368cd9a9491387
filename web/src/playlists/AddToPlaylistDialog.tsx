import { useMutation } from '@apollo/client/react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { PlusIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useViewer } from '../app/viewer';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';
import { appendCachedItems, playableOf } from './playlist-items';
import { useCreatePlaylist } from './useCreatePlaylist';
import { AddPlaylistItemsMutation } from './usePlaylistEditor';

/**
 * Adds items to a playlist. Its cached items take them at their end (or, for items the cache has
 * not seen, are dropped to load again), so that the playlist shows them when opened.
 */
export function useAddToPlaylist(): (playlistId: string, name: string, uris: string[]) => Promise<boolean> {
  const notify = useNotify();
  const [add] = useMutation(AddPlaylistItemsMutation);
  return async (playlistId, name, uris) => {
    try {
      await add({
        variables: { input: { playlistId, uris } },
        update(cache) {
          const items = uris.map(playableOf).filter((item) => item !== null);
          appendCachedItems(cache, playlistId, items, new Date().toISOString());
        },
      });
      notify(`Added to ${name}`);
      return true;
    } catch (error) {
      notify(friendlyMessage(error, `add to ${name}`), 'error');
      return false;
    }
  };
}

interface AddToPlaylistDialogProps {
  open: boolean;
  onClose: () => void;
  /** What to add: track and episode URIs. */
  uris: string[];
  /** For the title: "Add Song name to a playlist". */
  name: string;
}

/** Chooses one of the listener's playlists (or a new one) to add tracks or episodes to. */
export function AddToPlaylistDialog({ open, onClose, uris, name }: AddToPlaylistDialogProps) {
  const { me } = useViewer();
  const add = useAddToPlaylist();
  const createPlaylist = useCreatePlaylist();
  // Only the listener's own and collaborative playlists take new items.
  const mine = me.playlists.edges.filter((edge) => edge.node.owner.id === me.id || edge.node.collaborative);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex max-h-[80vh] w-full max-w-sm flex-col rounded-xl bg-neutral-900 shadow-2xl ring-1 ring-white/10">
          <div className="flex items-center justify-between p-4">
            <DialogTitle className="truncate text-lg font-bold">Add {name} to a playlist</DialogTitle>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-1 hover:bg-white/10">
              <XMarkIcon aria-hidden="true" className="size-6" />
            </button>
          </div>
          <ul className="min-h-0 flex-1 overflow-y-auto pb-2">
            <li>
              <button
                type="button"
                className="flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-white/10"
                onClick={() => {
                  void (async () => {
                    const id = await createPlaylist({ open: false });
                    if (id && (await add(id, 'your new playlist', uris))) onClose();
                  })();
                }}
              >
                <span className="flex size-10 items-center justify-center rounded bg-neutral-800">
                  <PlusIcon aria-hidden="true" className="size-5" />
                </span>
                New playlist
              </button>
            </li>
            {mine.map((edge) => (
              <li key={edge.node.id}>
                <button
                  type="button"
                  className="w-full truncate px-4 py-3 text-left hover:bg-white/10"
                  onClick={() => {
                    void add(edge.node.id, edge.node.name, uris).then((done) => {
                      if (done) onClose();
                    });
                  }}
                >
                  {edge.node.name}
                </button>
              </li>
            ))}
          </ul>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
