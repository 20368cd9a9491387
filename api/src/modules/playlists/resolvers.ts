import type { Resolvers } from '../../__generated__/resolvers-types';
import { musicOf, type Context } from '../../context';
import { primeLibrary } from '../../music/library-loader';
import { answered } from '../../music/upstream';
import type { PlaylistParent, V1Page, V1PlaylistItem } from '../../music/v1';
import { connectionFromPage, pageRequest, type PageRequest } from '../common/connections';
import { withFeature } from '../common/features';
import { parseUris, uriOf } from '../me/uris';
import { itemFilter, itemPageFields, learnItemNames, playlistLoader } from './playlist-loader';
import { removalBody } from './removal';

const itemsPage = { default: 20, max: 50 };
/** The most items one change of a playlist's items takes (the upstream's maximum). */
const maxItemsPerChange = 100;
const itemTypes = new Set(['track', 'episode']);

/**
 * The playlist with every field: the parent itself when it came from `GET /playlists/{id}` or a
 * list (which leaves out only the followers), else fetched once per request. A mutation's
 * payload holds only the id and the new snapshot.
 */
async function described(
  parent: PlaylistParent,
  context: Context,
  field: 'name' | 'followers',
): Promise<PlaylistParent> {
  if (field in parent) return parent;
  return playlistLoader(context).load(parent.id ?? '');
}

/** A playlist that a mutation changed: its identity and new snapshot; other fields load on demand. */
function changed(context: Context, id: string, snapshotId?: string): PlaylistParent {
  // The next read of this playlist in the request must see the change.
  playlistLoader(context).clear(id);
  return {
    id,
    type: 'playlist',
    uri: `spotify:playlist:${id}`,
    ...(snapshotId === undefined ? {} : { snapshot_id: snapshotId }),
  };
}

/** The embedded first page of items, when it covers the page asked for. */
function embeddedItems(parent: PlaylistParent, request: PageRequest): V1Page<V1PlaylistItem> | null {
  // A list's playlists carry only `{ href, total }` here; a full playlist its first page of items.
  // oxlint-disable-next-line typescript/no-deprecated -- the name of `items` before 2026
  const page: V1Page<V1PlaylistItem> | undefined = parent.items ?? parent.tracks;
  if (!page || !Array.isArray(page.items) || (page.offset ?? 0) !== 0) return null;
  const items = page.items;
  const end = request.offset + request.limit;
  const total = page.total ?? items.length;
  if (end > items.length && items.length < total) return null;
  return { items: items.slice(request.offset, end), total };
}

export const playlistsResolvers: Resolvers = {
  Query: {
    playlist: (_parent, { id }, context) => playlistLoader(context).load(id),
  },

  Playlist: {
    id: (parent) => parent.id ?? '',
    uri: (parent) => uriOf(parent, 'playlist'),
    name: async (parent, _args, context) => (await described(parent, context, 'name')).name ?? '',
    description: async (parent, _args, context) => {
      // The published shapes leave `description` out, though every answer carries it.
      const playlist = await described(parent, context, 'name');
      return playlist.description ? playlist.description : null;
    },
    public: async (parent, _args, context) => (await described(parent, context, 'name')).public ?? null,
    collaborative: async (parent, _args, context) => (await described(parent, context, 'name')).collaborative ?? false,
    owner: async (parent, _args, context) => {
      const owner = (await described(parent, context, 'name')).owner;
      return owner ?? { id: '', type: 'user' };
    },
    images: async (parent, _args, context) => (await described(parent, context, 'name')).images ?? [],
    snapshotId: async (parent, _args, context) =>
      parent.snapshot_id ?? (await described(parent, context, 'name')).snapshot_id ?? '',
    followersCount: async (parent, _args, context) => {
      const playlist = await described(parent, context, 'followers');
      return 'followers' in playlist ? (playlist.followers?.total ?? null) : null;
    },
    following: (parent, _args, context) =>
      context.loaders ? context.loaders.library.load(uriOf(parent, 'playlist')) : null,
    items: async (parent, args, context) => {
      const { music, loaders } = musicOf(context);
      const request = pageRequest(args, itemsPage, 'Playlist.items');
      const id = parent.id ?? '';
      const page =
        embeddedItems(parent, request) ??
        (await withFeature('the items of playlists you neither own nor collaborate on', async () => {
          const fetched = await music.get('/playlists/{playlist_id}/items', {
            path: { playlist_id: id },
            query: {
              limit: request.limit,
              offset: request.offset,
              additional_types: 'track,episode',
              ...itemFilter(context, itemPageFields),
            },
            // Asked again with its entity tag; without one, a page is the same while the playlist's snapshot is.
            reuse: parent.snapshot_id === undefined ? {} : { snapshot: parent.snapshot_id },
          });
          learnItemNames(context, fetched);
          return fetched;
        }));
      return connectionFromPage(page, request, (entry) => {
        // oxlint-disable-next-line typescript/no-deprecated -- renamed in 2026: `item` was `track`
        const item = entry.item ?? entry.track;
        if (!item?.id) return null;
        // Only episodes belong to a show.
        if ('show' in item) loaders.episode.prime(item.id, item);
        else loaders.track.prime(item.id, item);
        return { node: item, addedAt: entry.added_at ?? null, addedBy: entry.added_by ?? null };
      });
    },
  },

  Mutation: {
    createPlaylist: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      const created = await music.post('/me/playlists', {
        body: {
          name: input.name,
          ...(input.description === undefined || input.description === null ? {} : { description: input.description }),
          ...(input.public === undefined || input.public === null ? {} : { public: input.public }),
          ...(input.collaborative === undefined || input.collaborative === null
            ? {}
            : { collaborative: input.collaborative }),
        },
      });
      const playlist = answered(created, 'POST /me/playlists');
      if (playlist.id) playlistLoader(context).prime(playlist.id, playlist);
      return { playlist };
    },

    updatePlaylistDetails: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      const body: Record<string, string | boolean> = {};
      if (input.name !== undefined && input.name !== null) body.name = input.name;
      if (input.description !== undefined && input.description !== null) body.description = input.description;
      if (input.public !== undefined && input.public !== null) body.public = input.public;
      if (input.collaborative !== undefined && input.collaborative !== null) body.collaborative = input.collaborative;
      // Sets the details: sending them twice leaves the same details.
      await music.put('/playlists/{playlist_id}', { path: { playlist_id: input.playlistId }, body, idempotent: true });
      return { playlist: changed(context, input.playlistId) };
    },

    addPlaylistItems: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      const uris = parseUris(input.uris, itemTypes, { min: 1, max: maxItemsPerChange }, 'addPlaylistItems.input.uris');
      const answer = await music.post('/playlists/{playlist_id}/items', {
        path: { playlist_id: input.playlistId },
        body: {
          uris: uris.map((uri) => uri.uri),
          ...(input.position === undefined || input.position === null ? {} : { position: input.position }),
        },
      });
      return { playlist: changed(context, input.playlistId, answer?.snapshot_id) };
    },

    removePlaylistItems: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      const body = removalBody(input, context.config.provider);
      const answer = await music.delete('/playlists/{playlist_id}/items', {
        path: { playlist_id: input.playlistId },
        body,
        // Every occurrence of the URIs: a second removal finds none left. By position with a snapshot: a
        // second one is refused as made against a stale snapshot. By position alone, a second one could
        // take a neighbouring copy: never resent.
        idempotent: body.snapshot_id !== undefined || body.items.every((item) => item.positions === undefined),
      });
      return { playlist: changed(context, input.playlistId, answer?.snapshot_id) };
    },

    reorderPlaylistItems: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      const answer = await music.put('/playlists/{playlist_id}/items', {
        path: { playlist_id: input.playlistId },
        body: {
          range_start: input.rangeStart,
          insert_before: input.insertBefore,
          range_length: input.rangeLength ?? 1,
          ...(input.snapshotId ? { snapshot_id: input.snapshotId } : {}),
        },
        // A move by positions: sent twice, it moves the items twice. Never resent; a failure is the listener's to see.
        idempotent: false,
      });
      return { playlist: changed(context, input.playlistId, answer?.snapshot_id) };
    },

    replacePlaylistItems: async (_parent, { input }, context) => {
      const { music } = musicOf(context);
      const uris = parseUris(
        input.uris,
        itemTypes,
        { min: 0, max: maxItemsPerChange },
        'replacePlaylistItems.input.uris',
      );
      const answer = await music.put('/playlists/{playlist_id}/items', {
        path: { playlist_id: input.playlistId },
        body: { uris: uris.map((uri) => uri.uri) },
        // Replaces every item with these: sent twice, the playlist holds the same items.
        idempotent: true,
      });
      return { playlist: changed(context, input.playlistId, answer?.snapshot_id) };
    },

    followPlaylist: async (_parent, { input }, context) => {
      const { music, loaders } = musicOf(context);
      const uri = `spotify:playlist:${input.playlistId}`;
      parseUris([uri], new Set(['playlist']), { min: 1, max: 1 }, 'followPlaylist.input.playlistId');
      await music.put('/me/library', { query: { uris: uri }, idempotent: true });
      primeLibrary(loaders.library, [uri], true);
      return { playlist: changed(context, input.playlistId) };
    },

    unfollowPlaylist: async (_parent, { input }, context) => {
      const { music, loaders } = musicOf(context);
      const uri = `spotify:playlist:${input.playlistId}`;
      parseUris([uri], new Set(['playlist']), { min: 1, max: 1 }, 'unfollowPlaylist.input.playlistId');
      await music.delete('/me/library', { query: { uris: uri }, idempotent: true });
      primeLibrary(loaders.library, [uri], false);
      return { playlist: changed(context, input.playlistId) };
    },
  },
};
