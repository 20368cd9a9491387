import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { HeartIcon as HeartOutline, PencilIcon, TrashIcon } from '@heroicons/react/24/outline';
import { HeartIcon as HeartSolid } from '@heroicons/react/24/solid';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { startQuery } from '../app/screens';
import { graphql } from '../__generated__';
import type { PlaylistPageQuery } from '../__generated__/graphql';
import { useViewer } from '../app/viewer';
import { LoadMore } from '../components/LoadMore';
import { useNotify } from '../components/Notifications';
import { lazyWidget } from '../components/deferred';
import { ActionBar, PageHeader } from '../components/PageHeader';
import { PlayButton } from '../components/PlayButton';
import { EmptyState, ErrorState, PageSkeleton } from '../components/States';
import { TrackList, type TrackListRow } from '../components/TrackList';
import { onlyCodes } from '../lib/errors';
import { countOf, formatLongDuration } from '../lib/format';
import { plainDescription } from '../playlists/details';
import { playlistLength, type PlayableRef } from '../playlists/playlist-items';
import { useFollowPlaylist } from '../playlists/useFollowPlaylist';
import { usePlaylistEditor } from '../playlists/usePlaylistEditor';
import { useReorder, type Reorder } from '../playlists/useReorder';

export const PlaylistPageDocument = graphql(`
  query PlaylistPage($id: ID!, $after: String) {
    playlist(id: $id) {
      id
      uri
      name
      description
      public
      collaborative
      followersCount
      following
      images {
        url
        width
      }
      owner {
        id
        displayName
      }
      ...PlaylistEditor_playlist
      items(first: 50, after: $after) {
        totalCount
        edges {
          cursor
          addedAt
          node {
            __typename
            ... on Track {
              id
              uri
              name
              durationMs
            }
            ... on Episode {
              id
              uri
              name
              durationMs
            }
            ...TrackRow_item
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

type Playlist = NonNullable<PlaylistPageQuery['playlist']>;

interface Row extends TrackListRow, PlayableRef {
  name: string;
  durationMs: number;
}

// The owner's dialogs: out of the first download, mounted once first opened (and kept, for their closing transition).
const PlaylistDetailsDialog = lazyWidget(() => import('../playlists/PlaylistDetailsDialog'));
const DeletePlaylistDialog = lazyWidget(() => import('../playlists/DeletePlaylistDialog'));
// Below the items, for the owner only: it comes after the first screen.
const FindForPlaylist = lazyWidget(() => import('../playlists/FindForPlaylist'));

/** Each edge as a row, keyed by its item and its occurrence: a row keeps its key wherever it moves. */
export function rowsOf(playlist: Playlist): Row[] {
  const seen = new Map<string, number>();
  return (playlist.items?.edges ?? []).map((edge) => {
    const { node } = edge;
    const occurrence = seen.get(node.uri) ?? 0;
    seen.set(node.uri, occurrence + 1);
    return {
      key: `${node.uri}#${String(occurrence)}`,
      item: node,
      addedAt: edge.addedAt,
      __typename: node.__typename,
      id: node.id,
      uri: node.uri,
      name: node.name,
      durationMs: node.durationMs,
    };
  });
}

/** "23 songs", "4 episodes" or "12 items", by what the playlist holds. */
function itemsCount(rows: readonly Row[], total: number): string {
  const episodes = rows.filter((row) => row.__typename === 'Episode').length;
  if (episodes === 0) return countOf(total, 'song');
  if (episodes === rows.length) return countOf(total, 'episode');
  return countOf(total, 'item');
}

// A thumb's 44 px on a phone; the desktop keeps its tighter look.
const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full p-2 hover:scale-105 sm:min-h-0 sm:min-w-0';
const quiet = 'text-neutral-400 hover:text-white';

/** The playlist's name, owner, followers, and how many items for how long. */
function PlaylistHeader({ playlist, rows, own }: { playlist: Playlist; rows: readonly Row[]; own: boolean }) {
  const items = playlist.items;
  const total = items?.totalCount ?? 0;
  const length = playlistLength(
    rows.map((row) => row.durationMs),
    total,
  );
  const description = plainDescription(playlist.description);
  const kind =
    playlist.public === true ? 'Public playlist' : playlist.public === false ? 'Private playlist' : 'Playlist';
  return (
    <PageHeader kind={kind} title={playlist.name} images={playlist.images}>
      {description && <p className="line-clamp-3 text-neutral-300">{description}</p>}
      <p>
        <Link to={own ? '/profile' : `/user/${playlist.owner.id}`} className="font-semibold text-white hover:underline">
          {playlist.owner.displayName ?? playlist.owner.id}
        </Link>
        {playlist.followersCount ? <> · {countOf(playlist.followersCount, 'follower')}</> : null}
        {items && total > 0 && (
          <>
            {' · '}
            {itemsCount(rows, total)}, {length.approximate ? 'about ' : ''}
            {formatLongDuration(length.ms)}
          </>
        )}
      </p>
    </PageHeader>
  );
}

/** Save or remove another's playlist: a heart, filled while it is in the library. */
function SaveToLibraryButton({ playlist, onFollow }: { playlist: Playlist; onFollow: (follow: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={playlist.following === true}
      aria-label={
        playlist.following ? `Remove ${playlist.name} from your library` : `Save ${playlist.name} to your library`
      }
      title={playlist.following ? 'Remove from your library' : 'Save to your library'}
      onClick={() => onFollow(playlist.following !== true)}
      className={`${iconButton} ${playlist.following ? 'text-accent' : quiet}`}
    >
      {playlist.following ? (
        <HeartSolid aria-hidden="true" className="size-8" />
      ) : (
        <HeartOutline aria-hidden="true" className="size-8" />
      )}
    </button>
  );
}

/** The owner's buttons: edit the details, delete the playlist. */
function OwnerButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button
        type="button"
        onClick={onEdit}
        aria-label="Edit details"
        title="Edit details"
        className={`${iconButton} ${quiet}`}
      >
        <PencilIcon aria-hidden="true" className="size-6" />
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        title="Delete"
        className={`${iconButton} ${quiet}`}
      >
        <TrashIcon aria-hidden="true" className="size-6" />
      </button>
    </>
  );
}

interface ActionsProps {
  playlist: Playlist;
  own: boolean;
  deleted: boolean;
  onRestore: () => void;
  onFollow: (follow: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Play, and what the listener may do with the playlist: restore it, save it, or edit and delete their own. */
function PlaylistActions({ playlist, own, deleted, onRestore, onFollow, onEdit, onDelete }: ActionsProps) {
  return (
    <ActionBar>
      {(playlist.items?.totalCount ?? 0) > 0 && (
        <PlayButton uri={playlist.uri} target={{ contextUri: playlist.uri }} name={playlist.name} />
      )}
      {deleted && (
        <button
          type="button"
          onClick={onRestore}
          aria-label={`Restore ${playlist.name}`}
          className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          Restore
        </button>
      )}
      {!own && <SaveToLibraryButton playlist={playlist} onFollow={onFollow} />}
      {own && !deleted && <OwnerButtons name={playlist.name} onEdit={onEdit} onDelete={onDelete} />}
    </ActionBar>
  );
}

/** Said of a playlist its owner deleted, which can still be restored. */
function DeletedNotice() {
  return (
    <section aria-labelledby="playlist-deleted" className="mx-4 mb-6 rounded-lg bg-neutral-800 p-4 md:mx-6">
      <h2 id="playlist-deleted" className="text-lg font-bold">
        This playlist was deleted
      </h2>
      <p className="text-neutral-300">
        It is no longer in Your Library. Restore it to have it back as it was, with its songs in their order.
      </p>
    </section>
  );
}

/** An empty playlist the listener cannot add to. */
function EmptyPlaylist() {
  return (
    <EmptyState
      title="This playlist is empty"
      action={
        <Link
          to="/search"
          className="inline-flex min-h-11 items-center rounded-full bg-white px-5 py-2 font-semibold text-black hover:scale-105"
        >
          Search for music
        </Link>
      }
    >
      Nothing has been added to it yet.
    </EmptyState>
  );
}

interface ItemsProps {
  playlist: Playlist;
  rows: readonly Row[];
  canEdit: boolean;
  loadMore: (after: string | null) => Promise<unknown>;
  reorder: Reorder<Row>;
  onRemove: (row: Row) => void;
  /** Whether edits shown in the list are still on their way to the music service. */
  saving: boolean;
}

/** The items, with a way to remove and move each for one who may edit, and more on request. */
function PlaylistItems({ playlist, rows, canEdit, loadMore, reorder, onRemove, saving }: ItemsProps) {
  const items = playlist.items;
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return (
    <>
      <TrackList
        label={`Items of ${playlist.name}`}
        busy={saving}
        rows={reorder.rows}
        playback={{ contextUri: playlist.uri }}
        showCover
        showAlbum
        showAdded
        actions={
          canEdit
            ? (row) => {
                const target = byKey.get(row.key);
                return target ? [{ label: 'Remove from this playlist', onSelect: () => onRemove(target) }] : [];
              }
            : undefined
        }
        trailing={
          canEdit
            ? (row) => {
                const target = byKey.get(row.key);
                return target ? reorder.handle(target) : null;
              }
            : undefined
        }
        rowClassName={(row) => (row.key === reorder.carried ? 'bg-white/20 ring-1 ring-accent' : '')}
      />
      {reorder.announcer}
      <LoadMore
        hasMore={items?.pageInfo.hasNextPage === true}
        onMore={() => loadMore(items?.pageInfo.endCursor || null)}
        label="Load more items"
      />
    </>
  );
}

/** The items, or why there are none: the music service does not show them, they failed to load, or it is empty. */
function PlaylistBody(props: ItemsProps & { itemsError: unknown }) {
  const { itemsError, playlist, rows, canEdit, loadMore } = props;
  if (itemsError) {
    return onlyCodes(itemsError, ['FEATURE_UNAVAILABLE']) ? (
      <p className="px-4 text-neutral-300 md:px-6">Your music service does not show the items of this playlist.</p>
    ) : (
      <ErrorState error={itemsError} doing="load the items of this playlist" retry={() => void loadMore(null)} />
    );
  }
  if ((playlist.items?.totalCount ?? 0) === 0 && !canEdit) return <EmptyPlaylist />;
  return rows.length > 0 ? <PlaylistItems {...props} /> : null;
}

/**
 * The last removal, which can be undone from its message for a few seconds, in the one stack of messages (where no
 * other message covers it); a new change, a failed removal or leaving the playlist ends the offer.
 */
function useUndoableRemoval(editor: ReturnType<typeof usePlaylistEditor>) {
  const notify = useNotify();
  const offer = useRef<(() => void) | null>(null);
  const dismiss = useCallback(() => {
    offer.current?.();
    offer.current = null;
  }, []);
  useEffect(() => dismiss, [dismiss]);
  const remove = (row: Row, position: number | undefined) => {
    dismiss();
    const removal = editor.remove(row, row.name, position);
    const takeAway = notify(`Removed ${row.name}.`, 'info', {
      label: 'Undo',
      accessibleName: `Undo removing ${row.name}`,
      onSelect: () => {
        if (offer.current === takeAway) offer.current = null;
        void editor.undo(removal);
      },
    });
    offer.current = takeAway;
    void removal.done.then((done) => {
      if (!done && offer.current === takeAway) dismiss();
    });
  };
  return { remove, dismiss };
}

/** Restoring a deleted playlist, and deleting one (undone by restoring it), which leaves for the library. */
function useDeleteAndRestore(playlist: Playlist) {
  const [, navigate] = useLocation();
  const follow = useFollowPlaylist();
  const restore = () =>
    void follow(playlist, true, { doing: `restore ${playlist.name}`, done: `Restored ${playlist.name}` });
  const remove = () => {
    void follow(playlist, false, {
      doing: `delete ${playlist.name}`,
      done: `Deleted ${playlist.name}`,
      action: { label: 'Undo', accessibleName: `Undo deleting ${playlist.name}`, onSelect: restore },
    });
    navigate('/library');
  };
  return { follow, restore, remove };
}

/** The owner's details dialog (open at once for a playlist just made) and delete dialog. */
function useOwnerDialogs(own: boolean) {
  const [editing, setEditing] = useState(() => own && createdState());
  const [fresh] = useState(editing);
  const [deleting, setDeleting] = useState(false);
  const [dialogsWanted, setDialogsWanted] = useState(editing);
  if ((editing || deleting) && !dialogsWanted) setDialogsWanted(true);
  // A playlist just made opens its details once; a reload does not open them again.
  useEffect(() => {
    if (fresh) history.replaceState({ ...(history.state as object), editDetails: false }, '');
  }, [fresh]);
  return { editing, setEditing, fresh, deleting, setDeleting, dialogsWanted };
}

/** The rows, in the order being moved to while one is carried; where each stands, and what the playlist holds. */
function usePlaylistRows(playlist: Playlist, onMove: (from: number, to: number, row: Row) => void) {
  const rows = rowsOf(playlist);
  const reorder = useReorder({ rows, keyOf: (row) => row.key, nameOf: (row) => row.name, onMove });
  // Where each row stands in the playlist: a removal takes that copy only.
  const positionOf = new Map(rows.map((row, position) => [row.key, position]));
  const uris = new Set(rows.map((row) => row.uri));
  return { rows, reorder, positionOf, uris };
}

interface OwnerDialogsProps {
  playlist: Playlist;
  dialogs: ReturnType<typeof useOwnerDialogs>;
  onCloseDetails: () => void;
  onDelete: () => void;
}

/** The details and delete dialogs, loaded once first wanted. */
function OwnerDialogs({ playlist, dialogs, onCloseDetails, onDelete }: OwnerDialogsProps) {
  return (
    <Suspense fallback={null}>
      <PlaylistDetailsDialog
        open={dialogs.editing}
        onClose={onCloseDetails}
        playlist={playlist}
        selectName={dialogs.fresh}
      />
      <DeletePlaylistDialog
        open={dialogs.deleting}
        name={playlist.name}
        onClose={() => dialogs.setDeleting(false)}
        onConfirm={() => {
          dialogs.setDeleting(false);
          onDelete();
        }}
      />
    </Suspense>
  );
}

function PlaylistView({
  playlist,
  itemsError,
  loadMore,
}: {
  playlist: Playlist;
  itemsError: unknown;
  loadMore: (after: string | null) => Promise<unknown>;
}) {
  const { me } = useViewer();
  const notify = useNotify();
  const editor = usePlaylistEditor(playlist.id, playlist.name);
  const { follow, restore, remove: deletePlaylist } = useDeleteAndRestore(playlist);
  const own = playlist.owner.id === me.id;
  // Deleting one's own playlist unfollows it; the music service keeps it, to restore.
  const deleted = own && playlist.following === false;
  const canEdit = (own || playlist.collaborative) && !deleted;
  const dialogs = useOwnerDialogs(own);
  const removal = useUndoableRemoval(editor);
  const search = useRef<HTMLInputElement | null>(null);

  const { rows, reorder, positionOf, uris } = usePlaylistRows(playlist, (from, to, row) => {
    removal.dismiss();
    void editor.move(from, to, row.name);
  });

  const add = (item: PlayableRef, name: string) => {
    removal.dismiss();
    void editor.add([item], name).then((done) => {
      if (done) notify(`Added to ${playlist.name}`);
    });
  };
  const closeDetails = () => {
    dialogs.setEditing(false);
    if (dialogs.fresh) setTimeout(() => search.current?.focus(), 0);
  };

  return (
    <div className="pb-8">
      <PlaylistHeader playlist={playlist} rows={rows} own={own} />
      <PlaylistActions
        playlist={playlist}
        own={own}
        deleted={deleted}
        onRestore={restore}
        onFollow={(following) => void follow(playlist, following)}
        onEdit={() => dialogs.setEditing(true)}
        onDelete={() => dialogs.setDeleting(true)}
      />
      {deleted && <DeletedNotice />}
      <PlaylistBody
        playlist={playlist}
        rows={rows}
        itemsError={itemsError}
        canEdit={canEdit}
        loadMore={loadMore}
        reorder={reorder}
        onRemove={(row) => removal.remove(row, positionOf.get(row.key))}
        saving={editor.saving}
      />
      {canEdit && !itemsError && (
        <Suspense fallback={null}>
          <FindForPlaylist playlistName={playlist.name} onAdd={add} has={(uri) => uris.has(uri)} inputRef={search} />
        </Suspense>
      )}
      {own && !deleted && dialogs.dialogsWanted && (
        <OwnerDialogs playlist={playlist} dialogs={dialogs} onCloseDetails={closeDetails} onDelete={deletePlaylist} />
      )}
    </div>
  );
}

/** Whether this screen was opened for a playlist just made (see useCreatePlaylist). */
function createdState(): boolean {
  const state: unknown = history.state;
  return typeof state === 'object' && state !== null && (state as { editDetails?: unknown }).editDetails === true;
}

/** Starts this screen's query with the app's first one (see app/screens.ts). */
export function preload(client: ApolloClient, { id = '' }: Record<string, string>): void {
  startQuery(client, PlaylistPageDocument, { id });
}

/**
 * A playlist: its header, its items (tracks and episodes) page by page, and, for the listener's
 * own or collaborative playlists, everything to change it: reorder, remove, add, edit, delete.
 */
export default function PlaylistPage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, loading, refetch, fetchMore } = useQuery(PlaylistPageDocument, {
    variables: { id },
    errorPolicy: 'all',
  });
  const playlist = data?.playlist;

  if (loading && !playlist) return <PageSkeleton label="Loading the playlist" />;
  if (!playlist) return <ErrorState error={error} doing="load this playlist" retry={() => void refetch()} level={1} />;
  return (
    <PlaylistView
      key={playlist.id}
      playlist={playlist}
      // The playlist came, but not its items: the one part the screen does without.
      itemsError={playlist.items ? undefined : error}
      loadMore={(after) => (after ? fetchMore({ variables: { after } }) : refetch())}
    />
  );
}
