import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import type DataLoader from 'dataloader';
import type { Resolvers } from '../../__generated__/resolvers-types';
import { musicOf, type Context, type Loaders } from '../../context';
import { chunked, holdLibrary, libraryUrisPerCall, primeLibrary } from '../../music/library-loader';
import type { Upstream } from '../../music/upstream';
import type {
  AlbumParent,
  ArtistParent,
  PlaylistParent,
  ShowParent,
  UserParent,
  V1Artist,
  V1Page,
  V1PlayHistory,
  V1PrivateUser,
  V1SavedAlbum,
  V1SavedEpisode,
  V1SavedShow,
  V1SavedTrack,
  V1SimplifiedPlaylist,
  V1Track,
} from '../../music/v1';
import { connection, connectionFromPage, pageRequest } from '../common/connections';
import { isRefusal, withFeature } from '../common/features';
import type { LibraryChangeParent, LibraryItemType, PlayHistoryEdgeParent } from './parents';
import { topItemsFreshMs } from '../../music/answer-cache';
import { meOf, userLoader } from './people';
import { accountProduct, accountProducts, timeRanges } from './enums';
import { itemsSelect, selectsOnly } from './selection';
import { checkIds, parseUris, uriOf } from './uris';

/** The bounds of every library list: the upstream's default and maximum page. */
const libraryPage = { default: 20, max: 50 };
/** The most URIs one library question or change takes (calls of 40 each). */
const maxUrisPerChange = 200;
const savableTypes = new Set(['track', 'album', 'show', 'episode']);
const libraryTypes = new Set(['track', 'album', 'artist', 'show', 'episode', 'playlist', 'user']);

/** The fields a changed object answers without being fetched: its identity and library state. */
const identityFields = new Set(['__typename', 'id', 'uri', 'saved', 'following']);

/** Whether the signed-in listener has `uri` in their library; null for an anonymous request. */
function inLibrary(context: Context, uri: string): Promise<boolean> | null {
  return context.loaders ? context.loaders.library.load(uri) : null;
}

/**
 * A list whose items' library state the operation shows (`saved`): the request's library questions
 * wait for it (holdLibrary), so that those of several lists share their calls.
 */
function heldForItems<T>(context: Context, info: GraphQLResolveInfo, list: Promise<T>): Promise<T> {
  return itemsSelect(info, 'saved') ? holdLibrary(musicOf(context).loaders.library, list) : list;
}

function primeAll<T extends { id?: string }>(loader: DataLoader<string, T>, items: readonly (T | undefined)[]): void {
  for (const item of items) if (item?.id) loader.prime(item.id, item);
}

// Followed artists come in pages keyed by the last artist id; the cursor wraps that id.
const artistCursorPrefix = 'artist:';

function encodeArtistCursor(id: string): string {
  return Buffer.from(`${artistCursorPrefix}${id}`, 'utf8').toString('base64url');
}

function decodeArtistCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]{1,120}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const id = text.startsWith(artistCursorPrefix) ? text.slice(artistCursorPrefix.length) : '';
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id) || encodeArtistCursor(id) !== cursor) {
    throw new GraphQLError('Invalid cursor: pass an endCursor this API returned.', {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return id;
}

/**
 * A page of the listener's saved items of one type (`GET /me/tracks`, `/me/albums`, ...): each item
 * is known to be in the library, and, when the list holds the full object, primes its loader.
 */
function savedList<Saved extends { added_at?: string }, Item extends { id?: string; uri?: string }>({
  list,
  field,
  type,
  itemOf,
  loaderOf,
}: {
  /** Fetches one page of the upstream list, e.g. `GET /me/tracks`. */
  list: (music: Upstream, query: { limit: number; offset: number }) => Promise<V1Page<Saved>>;
  /** The GraphQL field, for errors. */
  field: string;
  type: 'track' | 'album' | 'show' | 'episode';
  itemOf: (saved: Saved) => Item | undefined;
  /** The loader the listed objects prime, where the list holds them in full. */
  loaderOf?: (loaders: Loaders) => DataLoader<string, Item>;
}) {
  return async (_parent: unknown, args: { first?: number | null; after?: string | null }, context: Context) => {
    const { music, loaders } = musicOf(context);
    const request = pageRequest(args, libraryPage, field);
    const page = await list(music, { limit: request.limit, offset: request.offset });
    const items = (page.items ?? []).map(itemOf);
    if (loaderOf) primeAll(loaderOf(loaders), items);
    primeLibrary(
      loaders.library,
      items.flatMap((item) => (item ? [uriOf(item, type)] : [])),
      true,
    );
    return connectionFromPage(page, request, (saved) => {
      const node = itemOf(saved);
      return node ? { node, addedAt: saved.added_at ?? '' } : null;
    });
  };
}

/** Saves or removes items of the library: `PUT`/`DELETE /me/library`, 40 URIs per call. */
async function changeLibrary(context: Context, uris: readonly string[], save: boolean): Promise<void> {
  const { music, loaders } = musicOf(context);
  const distinct = [...new Set(uris)];
  await Promise.all(
    chunked(distinct, libraryUrisPerCall).map((batch) =>
      save
        ? music.put('/me/library', { query: { uris: batch.join(',') }, idempotent: true })
        : music.delete('/me/library', { query: { uris: batch.join(',') }, idempotent: true }),
    ),
  );
  // The payload's objects answer their new state without another contains call.
  primeLibrary(loaders.library, distinct, save);
}

function emptyChange(): LibraryChangeParent {
  return { ids: { track: [], album: [], show: [], episode: [], artist: [] } };
}

/** Saves or removes tracks, albums, shows and episodes; the ids changed, by type. */
async function changeSaved(
  context: Context,
  input: { uris: readonly string[] },
  save: boolean,
  field: string,
): Promise<LibraryChangeParent> {
  const parsed = parseUris(input.uris, savableTypes, { min: 1, max: maxUrisPerChange }, `${field}.uris`);
  await changeLibrary(
    context,
    parsed.map((uri) => uri.uri),
    save,
  );
  const change = emptyChange();
  for (const uri of parsed) {
    const ids = change.ids[uri.type as LibraryItemType];
    if (!ids.includes(uri.id)) ids.push(uri.id);
  }
  return change;
}

/** Follows or unfollows artists through `/me/library`, which both upstream profiles accept. */
async function changeFollowed(
  context: Context,
  input: { artistIds: readonly string[] },
  follow: boolean,
  field: string,
): Promise<LibraryChangeParent> {
  checkIds(input.artistIds, maxUrisPerChange, `${field}.artistIds`);
  const ids = [...new Set(input.artistIds)];
  await changeLibrary(
    context,
    ids.map((id) => `spotify:artist:${id}`),
    follow,
  );
  return { ids: { ...emptyChange().ids, artist: ids } };
}

/**
 * The objects a library change concerns. When the payload selects only their identity and
 * library state, they are answered from the ids alone; otherwise they are fetched, batched.
 */
async function changedObjects<T>(
  ids: readonly string[],
  type: LibraryItemType,
  loader: DataLoader<string, T>,
  info: GraphQLResolveInfo,
): Promise<T[]> {
  if (ids.length === 0) return [];
  if (selectsOnly(info, identityFields)) {
    return ids.map((id) => ({ id, type, uri: `spotify:${type}:${id}` }) as T);
  }
  const loaded = await loader.loadMany(ids);
  return loaded.map((item) => {
    if (item instanceof Error) throw item;
    return item;
  });
}

/**
 * A played-from context, as the object it names; null when its type is one this API does not link.
 * Most plays come from the track's own album (or one of its artists), which the play already
 * describes; of any other context only the identity is known here, and its other fields fetch it
 * when they are selected, batched with the rest of the request.
 */
function contextObject(
  played: NonNullable<V1PlayHistory['context']>,
  track: V1Track,
): AlbumParent | ArtistParent | PlaylistParent | ShowParent | null {
  const match = /^spotify:(album|artist|playlist|show):([A-Za-z0-9._-]+)$/.exec(played.uri ?? '');
  const type = match?.[1];
  const id = match?.[2];
  if (!type || !id) return null;
  const uri = `spotify:${type}:${id}`;
  if (type === 'album') return track.album?.id === id ? track.album : { id, uri, type: 'album' };
  if (type === 'artist') return track.artists?.find((artist) => artist.id === id) ?? { id, uri, type: 'artist' };
  if (type === 'show') return { id, uri, type: 'show' };
  return { id, uri, type: 'playlist' };
}

/** The signed-in listener's profile: the parent once fetched, else `GET /me` (once per request). */
async function profileOf(parent: V1PrivateUser, context: Context): Promise<V1PrivateUser> {
  return 'id' in parent ? parent : meOf(context);
}

/** Reads a listener's field, fetching the full profile when the parent holds only the id. */
async function userField(
  parent: UserParent,
  key: 'display_name' | 'images' | 'followers',
  context: Context,
): Promise<UserParent> {
  if (key in parent) return parent;
  return userLoader(context).load(parent.id ?? '');
}

export const meResolvers: Resolvers = {
  AccountProduct: accountProducts,
  TimeRange: timeRanges,

  Query: {
    // The profile is fetched only when a field of it is selected: the library lists need no `/me`.
    me: (_parent, _args, context) => (context.music ? {} : null),
    user: (_parent, { id }, context) => userLoader(context).load(id),
  },

  Me: {
    id: async (parent, _args, context) => (await profileOf(parent, context)).id ?? '',
    uri: async (parent, _args, context) => uriOf(await profileOf(parent, context), 'user'),
    displayName: async (parent, _args, context) => (await profileOf(parent, context)).display_name ?? null,
    /* oxlint-disable typescript/no-deprecated -- removed for development-mode apps only: null there */
    email: async (parent, _args, context) => (await profileOf(parent, context)).email ?? null,
    country: async (parent, _args, context) => (await profileOf(parent, context)).country ?? null,
    product: async (parent, _args, context) => accountProduct((await profileOf(parent, context)).product),
    followersCount: async (parent, _args, context) => (await profileOf(parent, context)).followers?.total ?? null,
    /* oxlint-enable typescript/no-deprecated */
    images: async (parent, _args, context) => (await profileOf(parent, context)).images ?? [],
    user: (parent, _args, context) => profileOf(parent, context),

    playlists: async (_parent, args, context) => {
      const { music } = musicOf(context);
      const request = pageRequest(args, libraryPage, 'Me.playlists');
      const page = await music.get('/me/playlists', {
        query: { limit: request.limit, offset: request.offset },
        // The listener's list comes with an entity tag: asked again, it costs a 304 while unchanged.
        reuse: {},
      });
      return connectionFromPage(page, request, (playlist) => (playlist.id ? { node: playlist } : null));
    },

    savedTracks: savedList({
      list: (music, query) => music.get('/me/tracks', { query }),
      field: 'Me.savedTracks',
      type: 'track',
      itemOf: (item: V1SavedTrack) => item.track,
      loaderOf: (loaders) => loaders.track,
    }),
    savedAlbums: savedList({
      list: (music, query) => music.get('/me/albums', { query }),
      field: 'Me.savedAlbums',
      type: 'album',
      itemOf: (item: V1SavedAlbum) => item.album,
      loaderOf: (loaders) => loaders.album,
    }),
    // The list holds simplified shows: the show loader keeps waiting for full ones.
    savedShows: savedList({
      list: (music, query) => music.get('/me/shows', { query }),
      field: 'Me.savedShows',
      type: 'show',
      itemOf: (item: V1SavedShow) => item.show,
    }),
    savedEpisodes: savedList({
      list: (music, query) => music.get('/me/episodes', { query }),
      field: 'Me.savedEpisodes',
      type: 'episode',
      itemOf: (item: V1SavedEpisode) => item.episode,
      loaderOf: (loaders) => loaders.episode,
    }),

    followedArtists: async (_parent, args, context) => {
      const { music, loaders } = musicOf(context);
      // Validates `first`; the offset it computes does not apply to this list.
      const { limit } = pageRequest({ first: args.first }, libraryPage, 'Me.followedArtists');
      const after = args.after === null || args.after === undefined ? undefined : decodeArtistCursor(args.after);
      const body = await music.get('/me/following', { query: { type: 'artist', limit, after } });
      const page = body.artists ?? {};
      const artists = (page.items ?? []).filter((artist): artist is V1Artist & { id: string } => !!artist?.id);
      primeAll(loaders.artist, artists);
      primeLibrary(
        loaders.library,
        artists.map((artist) => uriOf(artist, 'artist')),
        true,
      );
      const edges = artists.map((artist) => ({ node: artist, cursor: encodeArtistCursor(artist.id) }));
      return {
        edges,
        nodes: edges.map((edge) => edge.node),
        pageInfo: {
          hasNextPage: Boolean(page.cursors?.after ?? page.next),
          hasPreviousPage: after !== undefined,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
        totalCount: page.total ?? edges.length,
      };
    },

    topArtists: async (_parent, args, context) => {
      const { music, loaders } = musicOf(context);
      const request = pageRequest(args, libraryPage, 'Me.topArtists');
      const page = await music.get('/me/top/artists', {
        query: { time_range: args.timeRange, limit: request.limit, offset: request.offset },
        reuse: { freshForMs: topItemsFreshMs },
      });
      primeAll(loaders.artist, page.items ?? []);
      return connectionFromPage(page, request, (artist) => (artist.id ? { node: artist } : null));
    },

    topTracks: async (_parent, args, context, info) => {
      const { music, loaders } = musicOf(context);
      const request = pageRequest(args, libraryPage, 'Me.topTracks');
      const page = await heldForItems(
        context,
        info,
        music.get('/me/top/tracks', {
          query: { time_range: args.timeRange, limit: request.limit, offset: request.offset },
          reuse: { freshForMs: topItemsFreshMs },
        }),
      );
      primeAll(loaders.track, page.items ?? []);
      return connectionFromPage(page, request, (track) => (track.id ? { node: track } : null));
    },

    recentlyPlayed: async (_parent, args, context, info) => {
      const { music, loaders } = musicOf(context);
      const request = pageRequest({ first: args.first }, libraryPage, 'Me.recentlyPlayed');
      const page = await heldForItems(
        context,
        info,
        music.get('/me/player/recently-played', { query: { limit: request.limit } }),
      );
      const plays = (page.items ?? []).filter(
        (play): play is V1PlayHistory & { track: V1Track } => play.track !== undefined,
      );
      primeAll(
        loaders.track,
        plays.map((play) => play.track),
      );
      const edges = plays.map((play): Omit<PlayHistoryEdgeParent, 'cursor'> => ({
        node: play.track,
        playedAt: play.played_at ?? '',
        context: play.context ?? null,
      }));
      // The upstream keeps one page of plays: the list ends here.
      return connection(edges, request, edges.length);
    },

    libraryContains: async (_parent, { uris }, context) => {
      const { loaders } = musicOf(context);
      const parsed = parseUris(uris, libraryTypes, { min: 1, max: maxUrisPerChange }, 'Me.libraryContains.uris');
      const answers = await loaders.library.loadMany(parsed.map((uri) => uri.uri));
      return answers.map((answer) => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
    },
  },

  PlayHistoryEdge: {
    cursor: (parent) => parent.cursor,
    node: (parent) => parent.node,
    playedAt: (parent) => parent.playedAt,
    context: (parent) => (parent.context ? contextObject(parent.context, parent.node) : null),
  },

  PlayHistoryContext: {
    __resolveType: (parent) => {
      const type = parent.type;
      if (type === 'album') return 'Album';
      if (type === 'artist') return 'Artist';
      if (type === 'show') return 'Show';
      return 'Playlist';
    },
  },

  User: {
    id: (parent) => parent.id ?? '',
    uri: (parent) => uriOf(parent, 'user'),
    displayName: async (parent, _args, context) => {
      const user = await userField(parent, 'display_name', context);
      return 'display_name' in user ? (user.display_name ?? null) : null;
    },
    images: async (parent, _args, context) => {
      const user = await userField(parent, 'images', context);
      return 'images' in user ? (user.images ?? []) : [];
    },
    followersCount: async (parent, _args, context) => {
      const user = await userField(parent, 'followers', context);
      // oxlint-disable-next-line typescript/no-deprecated -- removed for development-mode apps only
      return 'followers' in user ? (user.followers?.total ?? null) : null;
    },
    playlists: async (parent, args, context) => {
      const { music } = musicOf(context);
      const request = pageRequest(args, libraryPage, 'User.playlists');
      const id = parent.id ?? '';
      const query = { limit: request.limit, offset: request.offset };
      let page: V1Page<V1SimplifiedPlaylist>;
      try {
        page = await music.get('/users/{user_id}/playlists', { path: { user_id: id }, query });
      } catch (error) {
        // Development mode has no one's playlists by user id, but one's own are at /me/playlists.
        if (!isRefusal(error)) throw error;
        const me = await meOf(context);
        if (me.id !== id) return withFeature("other listeners' playlists", () => Promise.reject(error));
        page = await music.get('/me/playlists', { query, reuse: {} });
      }
      return connectionFromPage(page, request, (playlist) => (playlist.id ? { node: playlist } : null));
    },
  },

  Track: {
    saved: (parent, _args, context) => inLibrary(context, uriOf(parent, 'track')),
  },
  Album: {
    saved: (parent, _args, context) => inLibrary(context, uriOf(parent, 'album')),
  },
  Show: {
    saved: (parent, _args, context) => inLibrary(context, uriOf(parent, 'show')),
  },
  Episode: {
    saved: (parent, _args, context) => inLibrary(context, uriOf(parent, 'episode')),
  },
  Artist: {
    following: (parent, _args, context) => inLibrary(context, uriOf(parent, 'artist')),
  },

  Mutation: {
    saveToLibrary: (_parent, { input }, context) => changeSaved(context, input, true, 'saveToLibrary.input'),
    removeFromLibrary: (_parent, { input }, context) => changeSaved(context, input, false, 'removeFromLibrary.input'),
    followArtists: (_parent, { input }, context) => changeFollowed(context, input, true, 'followArtists.input'),
    unfollowArtists: (_parent, { input }, context) => changeFollowed(context, input, false, 'unfollowArtists.input'),
  },

  SaveToLibraryPayload: {
    tracks: (parent, _args, context, info) =>
      changedObjects(parent.ids.track, 'track', musicOf(context).loaders.track, info),
    albums: (parent, _args, context, info) =>
      changedObjects(parent.ids.album, 'album', musicOf(context).loaders.album, info),
    shows: (parent, _args, context, info) =>
      changedObjects(parent.ids.show, 'show', musicOf(context).loaders.show, info),
    episodes: (parent, _args, context, info) =>
      changedObjects(parent.ids.episode, 'episode', musicOf(context).loaders.episode, info),
  },
  RemoveFromLibraryPayload: {
    tracks: (parent, _args, context, info) =>
      changedObjects(parent.ids.track, 'track', musicOf(context).loaders.track, info),
    albums: (parent, _args, context, info) =>
      changedObjects(parent.ids.album, 'album', musicOf(context).loaders.album, info),
    shows: (parent, _args, context, info) =>
      changedObjects(parent.ids.show, 'show', musicOf(context).loaders.show, info),
    episodes: (parent, _args, context, info) =>
      changedObjects(parent.ids.episode, 'episode', musicOf(context).loaders.episode, info),
  },
  FollowArtistsPayload: {
    artists: (parent, _args, context, info) =>
      changedObjects(parent.ids.artist, 'artist', musicOf(context).loaders.artist, info),
  },
  UnfollowArtistsPayload: {
    artists: (parent, _args, context, info) =>
      changedObjects(parent.ids.artist, 'artist', musicOf(context).loaders.artist, info),
  },
};
