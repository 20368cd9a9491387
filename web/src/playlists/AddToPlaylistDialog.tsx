import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { PlusIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { graphql } from '../__generated__';
import type {
  PlaylistItemUrisQuery as PlaylistItemUrisQueryData,
  PlaylistItemUrisQueryVariables,
} from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { useNotify } from '../components/Notifications';
import { friendlyMessage } from '../lib/errors';
import { appendCachedItems, playableOf } from './playlist-items';
import { useCreatePlaylist } from './useCreatePlaylist';
import { AddPlaylistItemsMutation } from './usePlaylistEditor';

export const PlaylistItemUrisQuery = graphql(`
  query PlaylistItemUris($id: ID!, $after: String) {
    playlist(id: $id) {
      id
      items(first: 50, after: $after) {
        edges {
          node {
            ... on Track {
              id
              uri
            }
            ... on Episode {
              id
              uri
            }
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

/** The most pages of a playlist read to tell whether it holds an item already (50 items a page). */
const maxPagesChecked = 40;

/**
 * Whether the playlist holds any of `uris` already, read from the music service page by page (not
 * the cache, which may hold some of its items only), and kept out of the cache.
 */
export async function holdsAny(client: ApolloClient, playlistId: string, uris: readonly string[]): Promise<boolean> {
  const wanted = new Set(uris);
  let after: string | null = null;
  for (let page = 0; page < maxPagesChecked; page += 1) {
    const variables: PlaylistItemUrisQueryVariables = { id: playlistId, after };
    const result = await client.query({ query: PlaylistItemUrisQuery, variables, fetchPolicy: 'no-cache' });
    const data: PlaylistItemUrisQueryData | undefined = result.data;
    const items = data?.playlist?.items;
    if (!items) return false;
    if (items.edges.some((edge) => 'uri' in edge.node && wanted.has(edge.node.uri))) return true;
    if (!items.pageInfo.hasNextPage || !items.pageInfo.endCursor) return false;
    after = items.pageInfo.endCursor;
  }
  return false;
}

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

/** Asks before an item goes into a playlist that holds it already, as a second copy. */
function AlreadyAddedDialog({
  playlistName,
  onAnswer,
}: {
  playlistName: string | null;
  onAnswer: (add: boolean) => void;
}) {
  return (
    <Dialog open={playlistName !== null} onClose={() => onAnswer(false)} role="alertdialog" className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm space-y-3 rounded-xl bg-white p-6 text-black shadow-2xl">
          <DialogTitle className="text-xl font-bold">Already added</DialogTitle>
          <Description className="text-neutral-700">
            This is already in <span className="font-semibold break-words">{playlistName}</span>.
          </Description>
          <div className="flex justify-end gap-3 pt-3">
            <button
              type="button"
              onClick={() => onAnswer(true)}
              className="rounded-full px-5 py-2 font-semibold text-neutral-700 hover:text-black"
            >
              Add anyway
            </button>
            <button
              type="button"
              autoFocus
              onClick={() => onAnswer(false)}
              className="rounded-full bg-accent px-6 py-2 font-bold text-black hover:scale-105"
            >
              Don&apos;t add
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

interface AddToPlaylistDialogProps {
  open: boolean;
  onClose: () => void;
  /** What to add: track and episode URIs. */
  uris: string[];
  /** For the title: "Add Song name to a playlist". */
  name: string;
}

/**
 * Adds `uris` to the playlist chosen, unless it holds any of them already: then `holding` is that
 * playlist, until the listener answers whether to add them again. Either way the dialog closes.
 */
function useCheckedAdd(uris: string[], onClose: () => void) {
  const client = useApolloClient();
  const notify = useNotify();
  const add = useAddToPlaylist();
  // The playlist that holds the items already, while the listener is asked whether to add them again.
  const [holding, setHolding] = useState<{ id: string; name: string } | null>(null);
  const [checking, setChecking] = useState(false);

  const choose = async (playlist: { id: string; name: string }) => {
    setChecking(true);
    try {
      if (await holdsAny(client, playlist.id, uris)) {
        setHolding(playlist);
        return;
      }
    } catch (error) {
      notify(friendlyMessage(error, `add to ${playlist.name}`), 'error');
      return;
    } finally {
      setChecking(false);
    }
    if (await add(playlist.id, playlist.name, uris)) onClose();
  };

  const answer = (again: boolean) => {
    const playlist = holding;
    setHolding(null);
    onClose();
    if (again && playlist) void add(playlist.id, playlist.name, uris);
  };
  return { add, holding, checking, choose, answer };
}

/** Chooses one of the listener's playlists (or a new one) to add tracks or episodes to. */
export function AddToPlaylistDialog({ open, onClose, uris, name }: AddToPlaylistDialogProps) {
  const { me } = useViewer();
  const createPlaylist = useCreatePlaylist();
  const { add, holding, checking, choose, answer } = useCheckedAdd(uris, onClose);
  // Only the listener's own and collaborative playlists take new items.
  const mine = me.playlists.edges.filter((edge) => edge.node.owner.id === me.id || edge.node.collaborative);
  return (
    <>
      <Dialog open={open && holding === null} onClose={onClose} className="relative z-50">
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
                    disabled={checking}
                    onClick={() => void choose(edge.node)}
                  >
                    {edge.node.name}
                  </button>
                </li>
              ))}
            </ul>
          </DialogPanel>
        </div>
      </Dialog>
      <AlreadyAddedDialog playlistName={holding?.name ?? null} onAnswer={answer} />
    </>
  );
}
