import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  type FieldPolicy,
  type Reference,
  type TypePolicies,
} from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { relayStylePagination } from '@apollo/client/utilities';
import { graphql } from './__generated__';
import { createConnection, createConnectionLink, setConnection, unreachableOf } from './connection';
import { freshReadsLink } from './fresh-reads';
import { createLiveLink, createLiveStatus, liveUrl, setLiveStatus, splitLive } from './live';
import { commandOrderLink, operationNames, playerStateCommandNames } from './player/command-order';
import { KeepPlaybackDeviceMutation, RegisterPlaybackDeviceMutation } from './player/operations';

/**
 * Lists that grow are connections paged with `first`/`after` (docs/decisions/004-paging.md).
 * Each one's pages merge into one list in the cache; queries read `edges`, not `nodes`, of a
 * paged connection, since only edges are merged.
 */
const paged = (keyArgs: string[] | false = false): FieldPolicy => {
  const relay = relayStylePagination(keyArgs);
  const { merge, read } = relay;
  return {
    ...relay,
    // A count alone (`totalCount` without `edges`, as a library overview asks) must not pose as an
    // empty first page: a screen that lists the edges would otherwise read zero of them from the cache.
    merge(existing: Edges | null | undefined, incoming: Edges | null, options) {
      const countOnly = (value: Edges | null | undefined) => !!value && !('edges' in value);
      if (countOnly(incoming) && (!existing || countOnly(existing))) return { ...existing, ...incoming };
      if (typeof merge !== 'function') return incoming;
      return merge(countOnly(existing) ? undefined : (existing as never), incoming as never, options);
    },
    read(existing: Edges | undefined, options) {
      if (!existing || !('edges' in existing) || typeof read !== 'function') return existing;
      return read(existing as never, options);
    },
  };
};

/** A root field that names one entity by id reads it from the cache when it is already there. */
function byId(typename: string): FieldPolicy {
  return {
    read(existing: unknown, { args, toReference }) {
      if (existing !== undefined) return existing;
      const id: unknown = args?.id;
      return typeof id === 'string' ? toReference({ __typename: typename, id }) : undefined;
    },
  };
}

type Edges = { edges?: readonly unknown[]; pageInfo?: unknown } & Record<string, unknown>;

/**
 * Search results are one object per query and types; "load more" on a type's tab asks for the
 * next page of that type, and its edges are appended to what the tab shows.
 */
const searchPolicy: FieldPolicy<Record<string, Edges | null | string>> = {
  keyArgs: ['query', 'types'],
  merge(existing, incoming, { args }) {
    if (!existing || !args?.after) return incoming;
    const merged: Record<string, Edges | null | string> = { ...existing };
    for (const [key, value] of Object.entries(incoming)) {
      const before = existing[key];
      if (value && typeof value === 'object' && before && typeof before === 'object') {
        merged[key] = { ...value, edges: [...(before.edges ?? []), ...(value.edges ?? [])] };
      } else {
        merged[key] = value;
      }
    }
    return merged;
  },
};

/**
 * The later of two readings of the player's state, by `timestamp` (when it was read): a read sent before a command
 * and answered after the command's own answer is older news, and the cache keeps what the command left (a command
 * rolled back then lands on the truth, not on the older reading). No state, nothing playing, is always taken; an
 * optimistic answer is stamped later than any reading (see optimisticStamp), so it is taken too, and kept when an
 * earlier command's answer comes in beneath it.
 */
const laterPlaybackState: FieldPolicy['merge'] = (existing: unknown, incoming: unknown, { readField }) => {
  if (!existing || !incoming) return incoming;
  const before = readField<number>('timestamp', existing as Reference);
  const after = readField<number>('timestamp', incoming as Reference);
  return typeof before === 'number' && typeof after === 'number' && after < before ? existing : incoming;
};

/** The devices this client forgot, per cache: a list read before a device was forgotten may be answered after. */
const forgottenDevices = new WeakMap<object, Set<string>>();

/**
 * Notes that the music service has forgotten a device. Its id never comes back (a browser that registers again
 * gets a new one), so any list written from now on leaves it out: a device list read before the device was
 * forgotten and answered after (a command's answer, a poll) would otherwise bring it back for good.
 */
export function forgetDeviceIn(cache: object, deviceId: string): void {
  const forgotten = forgottenDevices.get(cache) ?? new Set<string>();
  forgotten.add(deviceId);
  forgottenDevices.set(cache, forgotten);
}

const devicesPolicy: FieldPolicy<readonly Reference[]> = {
  merge(_existing, incoming, { cache, readField }) {
    const forgotten = forgottenDevices.get(cache);
    if (!forgotten) return incoming;
    return incoming.filter((device) => !forgotten.has(readField<string>('id', device) ?? ''));
  },
};

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      track: byId('Track'),
      album: byId('Album'),
      artist: byId('Artist'),
      playlist: byId('Playlist'),
      show: byId('Show'),
      episode: byId('Episode'),
      user: byId('User'),
      category: byId('Category'),
      newReleases: paged(),
      categories: paged(),
      search: searchPolicy,
      // The player is the listener's one player: every command's payload refreshes the same object.
      player: { merge: true },
    },
  },
  // One per listener, with no id of its own.
  Player: {
    keyFields: [],
    fields: {
      state: { merge: laterPlaybackState },
      queue: { merge: false },
      devices: devicesPolicy,
    },
  },
  Upstream: { keyFields: [] },
  Me: {
    fields: {
      playlists: paged(),
      savedTracks: paged(),
      savedAlbums: paged(),
      savedShows: paged(),
      savedEpisodes: paged(),
      followedArtists: paged(),
      topArtists: paged(['timeRange']),
      topTracks: paged(['timeRange']),
      recentlyPlayed: { keyArgs: false, merge: false },
    },
  },
  User: { fields: { playlists: paged() } },
  Album: { fields: { tracks: paged() } },
  Artist: { fields: { albums: paged(['groups']) } },
  Playlist: { fields: { items: paged() } },
  Show: { fields: { episodes: paged() } },
  Category: { fields: { playlists: paged() } },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies,
    // Playlist items and queue entries are tracks or episodes.
    possibleTypes: { PlayableItem: ['Track', 'Episode'], PlayHistoryContext: ['Album', 'Artist', 'Playlist', 'Show'] },
  });
}

/**
 * Changes outlive the page: a mutation is sent with `keepalive`, so that a reload or a navigation right
 * after a click (unliking a song, say) does not cancel the request on its way and lose the change.
 */
export const keepChangesLink = new ApolloLink((operation, forward) => {
  if (operation.operationType === OperationTypeNode.MUTATION) {
    operation.setContext(({ fetchOptions }: { fetchOptions?: RequestInit }) => ({
      fetchOptions: { ...fetchOptions, keepalive: true },
    }));
  }
  return forward(operation);
});

/** The hex SHA-256 of `text`, as the persisted query protocol names an operation. */
export async function sha256Hex(text: string, subtle: SubtleCrypto): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Operations go by hash (docs/decisions/048-trusted-documents.md): the api knows the text of every operation
 * of this build (`graphql-operations.json`, written by the build with the text this client sends), and in
 * production runs no other for a session. Queries go as GET, a short stable address; mutations stay POST. A
 * hash the api does not know is sent once more with its text (a development server registers it). Without
 * Web Crypto (a page over plain http beyond this machine) the text goes as before.
 */
export function persistedOperationsLink(webCrypto: Partial<Crypto> = globalThis.crypto): ApolloLink {
  // A browser gives Web Crypto's `subtle` part to secure contexts (https, or this machine) alone.
  const { subtle } = webCrypto;
  if (!subtle) return new ApolloLink((operation, forward) => forward(operation));
  return new PersistedQueryLink({ sha256: (text: string) => sha256Hex(text, subtle), useGETForHashedQueries: true });
}

/**
 * The smallest question that needs both the api and the music service: one liked song. The profile would not do,
 * as the api keeps it for a while and answers it without the music service. A visitor's `me` is null, and asks
 * the api alone.
 */
export const ConnectionProbeQuery = graphql(`
  query ConnectionProbe {
    me {
      id
      savedTracks(first: 1) {
        totalCount
      }
    }
  }
`);

/**
 * The changes whose effect reaches what the screens read by a way of their own, so that a read they overtake is
 * kept rather than asked for twice: the player's commands that answer with its state alone (the cache keeps its
 * newest reading), a registration, which asks for the device lists again once it is answered, and a device that
 * says it is still there, which changes nothing shown. A tab's first screen is on its way while the tab registers.
 */
const deviceUpkeepNames = operationNames([RegisterPlaybackDeviceMutation, KeepPlaybackDeviceMutation]);
export const leavesReadsFresh = (name: string | undefined): boolean =>
  name !== undefined && (playerStateCommandNames.has(name) || deviceUpkeepNames.has(name));

/**
 * One client for the app: same-origin GraphQL with the session cookie. Queries and mutations go over
 * HTTP; subscriptions over a WebSocket at the same address (`liveUrl`), whose state the player follows
 * (`liveStatusOf`) to poll only while the socket is down. Their failures to reach the api or the music
 * service go to the connection (`connectionOf`), which tries again by itself and, once the answers are
 * back, asks every query on screen again.
 */
export function createApolloClient(uri = '/graphql'): ApolloClient {
  const status = createLiveStatus();
  // The probe leaves the cache alone: a failed try must not write its nulls over what the screen shows.
  const connection = createConnection({
    probe: () =>
      client.query({ query: ConnectionProbeQuery, fetchPolicy: 'no-cache', errorPolicy: 'all' }).then(
        ({ error }) => unreachableOf(error),
        (error: unknown) => unreachableOf(error),
      ),
    recover: () => client.refetchQueries({ include: 'active' }),
  });
  // A read that a change's answer overtook is asked again rather than written over the change. The player's
  // commands reach the api in the order they were made, each while the one before is answered.
  const http = freshReadsLink(leavesReadsFresh)
    .concat(commandOrderLink())
    .concat(createConnectionLink(connection))
    .concat(keepChangesLink)
    .concat(persistedOperationsLink())
    .concat(
      new HttpLink({
        uri,
        credentials: 'same-origin',
        // Apollo Server's CSRF prevention accepts requests that carry this header.
        headers: { 'apollo-require-preflight': 'true' },
      }),
    );
  // The session cookie goes with the WebSocket's upgrade request, from this page's origin.
  const live = createLiveLink(liveUrl(window.location, uri), status);
  const client: ApolloClient = new ApolloClient({ link: splitLive(live, http), cache: createCache() });
  setLiveStatus(client, status);
  setConnection(client, connection);
  // The browser knows when its network comes back: no need to wait for the next try.
  window.addEventListener('online', connection.tryNow);
  return client;
}
