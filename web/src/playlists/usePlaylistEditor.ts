import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { graphql } from '../__generated__';
import type {
  AddPlaylistItemsInput,
  RemovePlaylistItemsInput,
  ReorderPlaylistItemsInput,
} from '../__generated__/graphql';
import { useNotify } from '../components/Notifications';
import { errorCodeOf, friendlyMessage } from '../lib/errors';
import { createEditQueue, type EditQueue } from './edit-queue';
import { insertBeforeFor } from '../library/connections';
import {
  appendCachedItems,
  moveCachedItem,
  reloadCachedItems,
  removeCachedItem,
  restoreCachedItems,
  type PlayableRef,
  type Removal,
} from './playlist-items';

/** What the editor reads of its playlist: the version of its items that the listener sees. */
export const PlaylistEditorFragment = graphql(`
  fragment PlaylistEditor_playlist on Playlist {
    id
    snapshotId
  }
`);

export const AddPlaylistItemsMutation = graphql(`
  mutation AddPlaylistItems($input: AddPlaylistItemsInput!) {
    addPlaylistItems(input: $input) {
      playlist {
        id
        snapshotId
      }
    }
  }
`);

export const ReorderPlaylistItemsMutation = graphql(`
  mutation ReorderPlaylistItems($input: ReorderPlaylistItemsInput!) {
    reorderPlaylistItems(input: $input) {
      playlist {
        id
        snapshotId
      }
    }
  }
`);

export const RemovePlaylistItemsMutation = graphql(`
  mutation RemovePlaylistItems($input: RemovePlaylistItemsInput!) {
    removePlaylistItems(input: $input) {
      playlist {
        id
        snapshotId
      }
    }
  }
`);

/** A removal that can be taken back. */
export interface UndoableRemoval extends Removal {
  item: PlayableRef;
  name: string;
  /** Whether the removal was made: false when it failed and was rolled back. */
  done: Promise<boolean>;
}

export interface PlaylistEditor {
  /** Moves the item at `from` so that it ends at `to` (positions from 0). */
  move: (from: number, to: number, name: string) => Promise<boolean>;
  /**
   * Removes the copy of an item at `position` (the row the listener chose), or every copy when no
   * position is given; what went where, to undo it.
   */
  remove: (item: PlayableRef, name: string, position?: number) => UndoableRemoval;
  /** Puts back what a removal took, at the same positions. */
  undo: (removal: UndoableRemoval) => Promise<boolean>;
  /** Adds items at the end. */
  add: (items: readonly PlayableRef[], name: string) => Promise<boolean>;
  /** Whether an edit on screen has not reached the music service yet. */
  saving: boolean;
}

/**
 * Edits a playlist's items: each edit shows at once, reaches the music service in the order the
 * listener made them with the version of the playlist they saw (`snapshotId`), and is rolled back
 * with a message when it fails. The cached items stay in step, so nothing is asked for again.
 */
export function usePlaylistEditor(playlistId: string, playlistName: string): PlaylistEditor {
  const client = useApolloClient();
  const notify = useNotify();
  const [reorder] = useMutation(ReorderPlaylistItemsMutation);
  const [removeItems] = useMutation(RemovePlaylistItemsMutation);
  const [addItems] = useMutation(AddPlaylistItemsMutation);

  // One queue for as long as the screen is shown: edits reach the music service in order.
  const [queue] = useState(() => createEditQueue(client.cache));
  const saving = useSyncExternalStore(queue.subscribe, queue.saving);
  useAskBeforeLeaving(saving);

  return useMemo(() => {
    const editing: Editing = { cache: client.cache, queue, notify, playlistId, playlistName };
    return {
      move: moveWith(editing, (input) => reorder({ variables: { input } })),
      remove: removeWith(editing, (input) => removeItems({ variables: { input } })),
      undo: undoWith(editing, (input) => addItems({ variables: { input } })),
      add: addWith(editing, (input) => addItems({ variables: { input } })),
      saving,
    };
  }, [client, queue, notify, playlistId, playlistName, reorder, removeItems, addItems, saving]);
}

/**
 * While `unsaved`, the browser asks before the page is left or reloaded. An edit waiting in the queue has not
 * been sent yet (it needs the version the one before it makes), so unlike a sent change it would be lost.
 */
function useAskBeforeLeaving(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [unsaved]);
}

/** What every edit of one playlist is made with. */
interface Editing {
  cache: ApolloCache;
  queue: EditQueue;
  notify: ReturnType<typeof useNotify>;
  playlistId: string;
  playlistName: string;
}

/** Makes one change at the music service. */
type Send<Input> = (input: Input) => Promise<unknown>;

/** Tells the listener that `doing` failed, and that the edits made after it were undone with it. */
function failed(notify: Editing['notify'], doing: string) {
  return (error: unknown, undone: number) => {
    const also = undone > 0 ? ' Your changes after it were undone too.' : '';
    notify(`${friendlyMessage(error, doing)}${also}`, 'error');
  };
}

/** The version of the playlist's items that the listener sees, when the cache knows it. */
function snapshotOf(cache: ApolloCache, playlistId: string): string | undefined {
  const id = cache.identify({ __typename: 'Playlist', id: playlistId });
  const data = id ? cache.readFragment({ fragment: PlaylistEditorFragment, id }) : null;
  return data?.snapshotId || undefined;
}

/** The editor's `move`: when the playlist changed elsewhere, nothing moved, and the screen reads it again. */
function moveWith(
  { cache, queue, notify, playlistId }: Editing,
  reorder: Send<ReorderPlaylistItemsInput>,
): PlaylistEditor['move'] {
  return (from, to, name) =>
    queue.submit({
      fail: (error, undone) => {
        if (errorCodeOf(error) !== 'PLAYLIST_CHANGED') {
          failed(notify, `move ${name}`)(error, undone);
          return;
        }
        // The positions moved were those of an older order: nothing moved, and the screen reads the order of now.
        notify('This playlist changed elsewhere. It now shows the latest order; try again.', 'error');
        reloadCachedItems(cache, playlistId);
      },
      apply: (target) => moveCachedItem(target, playlistId, from, to),
      send: () =>
        reorder({
          playlistId,
          rangeStart: from,
          insertBefore: insertBeforeFor(from, to),
          rangeLength: 1,
          snapshotId: snapshotOf(cache, playlistId),
        }),
    });
}

/** The editor's `remove`: where the music service removes every copy or none, the listener may choose to. */
function removeWith(
  { cache, queue, notify, playlistId, playlistName }: Editing,
  removeItems: Send<RemovePlaylistItemsInput>,
): PlaylistEditor['remove'] {
  const remove: PlaylistEditor['remove'] = (item, name, position) => {
    const seen: { removal?: Removal } = {};
    const doing = `remove ${name} from ${playlistName}`;
    const done = queue.submit({
      fail: (error, undone) => {
        const code = errorCodeOf(error);
        if (code === 'FEATURE_UNAVAILABLE' && position !== undefined) {
          // This music service removes every copy or none: it is the listener's to choose, knowing so.
          notify(`Your music service can only remove every copy of ${name} from ${playlistName}.`, 'error', {
            label: 'Remove every copy',
            accessibleName: `Remove every copy of ${name}`,
            onSelect: () => void remove(item, name).done,
          });
          return;
        }
        failed(notify, doing)(error, undone);
        // Changed elsewhere: the screen shows the playlist as it now is, to decide again.
        if (code === 'PLAYLIST_CHANGED') reloadCachedItems(cache, playlistId);
      },
      apply: (target) => {
        const result = removeCachedItem(target, playlistId, item, position);
        // The first run, on the screen's layer, says what the listener saw go.
        seen.removal ??= result;
      },
      send: () =>
        removeItems({
          playlistId,
          uris: [item.uri],
          ...(position === undefined ? {} : { positions: [position] }),
          snapshotId: snapshotOf(cache, playlistId),
        }),
    });
    const { removed, cursors } = seen.removal ?? { removed: [], cursors: [] };
    return { item, name, removed, cursors, done };
  };
  return remove;
}

/** The editor's `undo`: what a removal took goes back where it was. */
function undoWith(
  { queue, notify, playlistId }: Editing,
  addItems: Send<AddPlaylistItemsInput>,
): PlaylistEditor['undo'] {
  return (removal) => {
    const addedAt = new Date().toISOString();
    return queue.submit({
      fail: failed(notify, `put ${removal.name} back`),
      apply: (target) => restoreCachedItems(target, playlistId, removal, addedAt),
      send: async () => {
        // Back where each occurrence was, from the first: each insert keeps the positions after it right.
        for (const { position } of [...removal.removed].sort((a, b) => a.position - b.position)) {
          await addItems({ playlistId, uris: [removal.item.uri], position });
        }
      },
    });
  };
}

/** The editor's `add`: the items go at the end. */
function addWith(
  { queue, notify, playlistId, playlistName }: Editing,
  addItems: Send<AddPlaylistItemsInput>,
): PlaylistEditor['add'] {
  return (items, name) => {
    const addedAt = new Date().toISOString();
    return queue.submit({
      fail: failed(notify, `add ${name} to ${playlistName}`),
      apply: (target) => appendCachedItems(target, playlistId, items, addedAt),
      send: () => addItems({ playlistId, uris: items.map((item) => item.uri) }),
    });
  };
}
