import type { OperationName, ScreenIds } from './operations';

/**
 * What each benchmark operation needs from the music v1 upstream, read from its answer, and what
 * that costs at the least: the yardstick the api's upstream calls are measured against.
 *
 * A need is one request of its own (a list, the playlist the screen shows), catalog objects to
 * fetch in full because a selected field is missing from the shape a list gave (artist pictures
 * on the album screen), or URIs whose library state the screen shows (`saved`, `following`). A
 * need may wait for the answer of others (`after`): the ids it concerns come from them.
 *
 * The minimum fetches every id once, in full batches at each endpoint's maximum (50 ids, 20 for
 * albums, 40 URIs for the library; one GET per id where the upstream has no multi-get), and asks
 * no list twice. Ids that become known at different round trips share a batch only when nothing
 * waits for them (their fetch can go with the last of them without delaying the answer). The
 * round trips are the longest chain of needs, each waiting for the ones it is `after`.
 */

export type Profile = 'full' | 'development';
export type EntityType = 'track' | 'album' | 'artist' | 'show';

/** The most ids each multi-get takes (Spotify's maxima, kept by the local music service). */
export const maxIdsPerCall: Record<EntityType, number> = { track: 50, album: 20, artist: 50, show: 50 };
/** The most URIs one `GET /me/library/contains` takes. */
export const libraryUrisPerCall = 40;

/** Optional features a development-mode upstream lacks (its answer is FEATURE_UNAVAILABLE, without a call once known). */
export type Feature = 'browse' | 'artistTopTracks' | 'relatedArtists';
const developmentLacks: ReadonlySet<Feature> = new Set(['browse', 'artistTopTracks', 'relatedArtists']);

interface NeedBase {
  key: string;
  /** The needs whose answers this one waits for. */
  after?: string[];
}

export type Need =
  | (NeedBase & {
      kind: 'request';
      /** `GET /path`, for reading. */
      label: string;
      /** Where the answer is catalog data the api keeps across requests: its cache key. */
      catalogKey?: string;
      /**
       * Where the answer is kept for a while without asking again: for the listener (their profile, their
       * top items) or for every listener of the market (browse lists); its key.
       */
      kept?: { key: string; for: 'listener' | 'market' };
      feature?: Feature;
    })
  | (NeedBase & { kind: 'fetch'; type: EntityType; ids: string[] })
  | (NeedBase & { kind: 'library'; uris: string[] });

/** The catalog data the api holds across requests: `type:id` of objects, and catalog keys of lists. */
export type CacheModel = ReadonlySet<string>;

export interface Minimum {
  requests: number;
  /** Upstream round trips on the critical path. */
  roundTrips: number;
}

function distinct<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** Whether a need costs anything on `profile` with `cached` already held. */
function made(need: Need, profile: Profile, cached: CacheModel): boolean {
  if (need.kind === 'request') {
    if (need.feature && profile === 'development' && developmentLacks.has(need.feature)) return false;
    if (need.kept && cached.has(need.kept.key)) return false;
    return !(need.catalogKey && cached.has(need.catalogKey));
  }
  if (need.kind === 'fetch') return need.ids.some((id) => !cached.has(`${need.type}:${id}`));
  return need.uris.length > 0;
}

/** The fewest requests and round trips that serve `needs`. */
export function minimumOf(needs: readonly Need[], profile: Profile, cached: CacheModel = new Set()): Minimum {
  const byKey = new Map(needs.map((need) => [need.key, need]));
  const rounds = new Map<string, number>();
  const roundOf = (need: Need): number => {
    const known = rounds.get(need.key);
    if (known !== undefined) return known;
    const waits = (need.after ?? []).map((key) => {
      const before = byKey.get(key);
      return before ? roundOf(before) : 0;
    });
    const round = made(need, profile, cached) ? 1 + Math.max(0, ...waits) : Math.max(0, ...waits);
    rounds.set(need.key, round);
    return round;
  };
  const awaited = new Set(needs.flatMap((need) => need.after ?? []));
  let requests = 0;
  const fetchGroups = new Map<string, { type: EntityType; ids: Set<string> }>();
  const uris = new Set<string>();
  for (const need of needs) {
    if (!made(need, profile, cached)) continue;
    if (need.kind === 'request') requests += 1;
    else if (need.kind === 'library') for (const uri of need.uris) uris.add(uri);
    else {
      // Fetches nothing waits for may wait for each other; the others go in their own round trip.
      const group = `${need.type}:${awaited.has(need.key) ? String(roundOf(need)) : 'last'}`;
      const ids = fetchGroups.get(group)?.ids ?? new Set<string>();
      for (const id of need.ids) if (!cached.has(`${need.type}:${id}`)) ids.add(id);
      fetchGroups.set(group, { type: need.type, ids });
    }
  }
  for (const { type, ids } of fetchGroups.values()) {
    requests += profile === 'full' ? Math.ceil(ids.size / maxIdsPerCall[type]) : ids.size;
  }
  requests += Math.ceil(uris.size / libraryUrisPerCall);
  const roundTrips = Math.max(0, ...needs.map(roundOf));
  return { requests, roundTrips };
}

/** What serving `needs` leaves in the api: catalog data, and the answers kept for the listener and the market. */
export function cachedAfter(needs: readonly Need[]): Set<string> {
  const keys = new Set<string>();
  for (const need of needs) {
    if (need.kind === 'request' && need.catalogKey) keys.add(need.catalogKey);
    if (need.kind === 'request' && need.kept) keys.add(need.kept.key);
    if (need.kind === 'fetch') for (const id of need.ids) keys.add(`${need.type}:${id}`);
  }
  return keys;
}

/**
 * What a gateway that fetches each object on its own would cost: one request per list, one per
 * object in the answer (each time it appears) and one per library mark shown.
 */
export function perObjectOf(needs: readonly Need[], data: unknown, profile: Profile): number {
  let objects = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string') objects += 1;
    if (typeof record.saved === 'boolean') objects += 1;
    if (typeof record.following === 'boolean') objects += 1;
    for (const child of Object.values(record)) visit(child);
  };
  visit(data);
  const lists = needs.filter((need) => need.kind === 'request' && made(need, profile, new Set())).length;
  return lists + objects;
}

/** The values at `path` (dot-separated) under `value`, arrays flattened on the way. */
export function pluck(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const key of path.split('.')) {
    current = current.flatMap((item) => {
      if (typeof item !== 'object' || item === null) return [];
      const next = (item as Record<string, unknown>)[key];
      if (next === undefined || next === null) return [];
      return Array.isArray(next) ? (next as unknown[]) : [next];
    });
  }
  return current;
}

function strings(values: readonly unknown[]): string[] {
  return values.filter((value): value is string => typeof value === 'string');
}

/** What serving `needs` for one listener leaves for every other listener of the market: the browse lists. */
export function sharedAfter(needs: readonly Need[]): Set<string> {
  return new Set(
    needs.flatMap((need) => (need.kind === 'request' && need.kept?.for === 'market' ? [need.kept.key] : [])),
  );
}

const me = (): Need => request('me', 'GET /me', { kept: { key: 'listener:me', for: 'listener' } });

/** A request the screen cannot do without. */
function request(key: string, label: string, extra: Partial<Extract<Need, { kind: 'request' }>> = {}): Need {
  return { kind: 'request', key, label, ...extra };
}

/** The played-from contexts of the home screen that the play itself does not describe. */
function homeContexts(data: unknown): Need[] {
  const albums: string[] = [];
  const artists: string[] = [];
  const shows: string[] = [];
  const playlists = new Set<string>();
  for (const edge of pluck(data, 'me.recentlyPlayed.edges')) {
    const [context] = pluck(edge, 'context');
    const [type] = strings(pluck(context, '__typename'));
    const [id] = strings(pluck(context, 'id'));
    if (!type || !id) continue;
    // A play of the track's own album, or one of its artists: the track describes it.
    if (type === 'Album' && !strings(pluck(edge, 'node.album.id')).includes(id)) albums.push(id);
    if (type === 'Artist' && !strings(pluck(edge, 'node.artists.id')).includes(id)) artists.push(id);
    if (type === 'Show') shows.push(id);
    if (type === 'Playlist') playlists.add(id);
  }
  const after = ['recently-played'];
  return [
    { kind: 'fetch', key: 'context-albums', type: 'album', ids: distinct(albums), after },
    { kind: 'fetch', key: 'context-artists', type: 'artist', ids: distinct(artists), after },
    { kind: 'fetch', key: 'context-shows', type: 'show', ids: distinct(shows), after },
    ...[...playlists].map((id) => request(`context-playlist-${id}`, `GET /playlists/${id}`, { after })),
  ];
}

/** The URIs of the items of a playlist page that show whether they are saved. */
function playlistItemUris(data: unknown): string[] {
  return strings(pluck(data, 'playlist.items.edges.node.uri'));
}

/** What `name` needs, read from its answer `data`, for the screen `ids`. */
export function needsOf(name: OperationName, data: unknown, ids: ScreenIds): Need[] {
  switch (name) {
    case 'HomeScreen':
      return [
        me(),
        request('recently-played', 'GET /me/player/recently-played'),
        request('top-artists', 'GET /me/top/artists', { kept: { key: 'listener:top-artists', for: 'listener' } }),
        request('top-tracks', 'GET /me/top/tracks', { kept: { key: 'listener:top-tracks', for: 'listener' } }),
        // Shared by the listeners of a market, which the listener's profile tells.
        request('new-releases', 'GET /browse/new-releases', {
          feature: 'browse',
          kept: { key: 'market:new-releases', for: 'market' },
          after: ['me'],
        }),
        request('categories', 'GET /browse/categories', {
          feature: 'browse',
          kept: { key: 'market:categories', for: 'market' },
          after: ['me'],
        }),
        ...homeContexts(data),
        // Only the top tracks show whether they are saved.
        {
          kind: 'library',
          key: 'saved',
          uris: distinct(strings(pluck(data, 'me.topTracks.edges.node.uri'))),
          after: ['top-tracks'],
        },
      ];
    case 'PlaylistScreen':
    case 'PlaylistScreenMore':
      // Either page: the playlist (which holds its first 100 items), and whether the listener follows
      // it and saved each item.
      return [
        request('playlist', `GET /playlists/${ids.playlistId}`),
        {
          kind: 'library',
          key: 'saved',
          uris: distinct([`spotify:playlist:${ids.playlistId}`, ...playlistItemUris(data)]),
          after: ['playlist'],
        },
      ];
    case 'AlbumScreen': {
      const artists = distinct(strings(pluck(data, 'album.artists.id')));
      return [
        { kind: 'fetch', key: 'album', type: 'album', ids: [ids.albumId] },
        // The album lists its artists without their pictures.
        { kind: 'fetch', key: 'artists', type: 'artist', ids: artists, after: ['album'] },
        // "More by": a page of each artist's albums.
        ...artists.map((id) =>
          request(`more-by-${id}`, `GET /artists/${id}/albums?include_groups=album,single,compilation`, {
            catalogKey: `artist-albums:${id}:album,single,compilation:10:0`,
            after: ['album'],
          }),
        ),
        {
          kind: 'library',
          key: 'saved',
          uris: distinct([`spotify:album:${ids.albumId}`, ...strings(pluck(data, 'album.tracks.edges.node.uri'))]),
          after: ['album'],
        },
      ];
    }
    case 'ArtistScreen': {
      const id = ids.artistId;
      const albums = (group: string): Need =>
        request(`albums-${group}`, `GET /artists/${id}/albums?include_groups=${group}`, {
          catalogKey: `artist-albums:${id}:${group}:10:0`,
        });
      return [
        { kind: 'fetch', key: 'artist', type: 'artist', ids: [id] },
        request('top-tracks', `GET /artists/${id}/top-tracks`, {
          catalogKey: `artist-top-tracks:${id}`,
          feature: 'artistTopTracks',
        }),
        albums('album'),
        albums('single'),
        albums('compilation'),
        albums('appears_on'),
        request('related-artists', `GET /artists/${id}/related-artists`, {
          catalogKey: `artist-related-artists:${id}`,
          feature: 'relatedArtists',
        }),
        {
          kind: 'library',
          key: 'saved',
          uris: distinct([`spotify:artist:${id}`, ...strings(pluck(data, 'artist.topTracks.uri'))]),
          after: ['top-tracks'],
        },
      ];
    }
    case 'LibraryScreen':
      return [
        // The screen reads the listener's id.
        me(),
        request('saved-tracks', 'GET /me/tracks'),
        request('saved-albums', 'GET /me/albums'),
        request('followed-artists', 'GET /me/following?type=artist'),
        request('playlists', 'GET /me/playlists'),
        request('saved-shows', 'GET /me/shows'),
      ];
    case 'SearchScreen':
      return [
        request('search', 'GET /search'),
        {
          kind: 'library',
          key: 'saved',
          uris: distinct(strings(pluck(data, 'search.tracks.edges.node.uri'))),
          after: ['search'],
        },
      ];
  }
}

/** One request the upstream received: `METHOD /v1/path?query` and its status. */
export interface ReceivedRequest {
  method: string;
  url: string;
  status: number;
  /** The bytes of the answer's body (0 for a 304). */
  bytes?: number;
  /** When the upstream received it and when it had answered, in milliseconds since the epoch. */
  start?: number;
  end?: number;
}

/**
 * How long, between `from` and `to` (milliseconds since the epoch), at least one of `received` was
 * in flight at the upstream: the time the answer spent waiting for it. The rest is the api's own.
 */
export function upstreamTimeOf(received: readonly ReceivedRequest[], from: number, to: number): number {
  const spans = received
    .flatMap(({ start, end }) =>
      start === undefined || end === undefined ? [] : [[Math.max(start, from), Math.min(end, to)]],
    )
    .filter(([start = 0, end = 0]) => end > start)
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  let total = 0;
  let reach = from;
  for (const [start = 0, end = 0] of spans) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
}

/** Catalog objects and their catalog lists: what the api keeps across requests. */
const catalogPath =
  /^\/v1\/(?:tracks|albums|artists|shows|audio-features)(?:\/[^/]+(?:\/(?:tracks|albums|top-tracks|related-artists))?)?$/;
const multiGetPath = /^\/v1\/(tracks|albums|artists|shows|episodes|audio-features)$/;
const singleGetPath = /^\/v1\/(tracks|albums|artists|shows|episodes|audio-features)\/([^/]+)$/;

export interface UpstreamFigures {
  requests: number;
  /** Requests for catalog objects and lists (what a warm cache serves). */
  catalog: number;
  /** Requests the upstream refused with 403 (a development-mode upstream lacking a feature). */
  refused: number;
  /** Ids fetched more than once (`type:id`), and library URIs asked more than once. */
  repeated: string[];
  /** The bytes of the answers' bodies: what the api received from the upstream. */
  bytes: number;
  /** Answers 304 Not Modified: a kept answer still right. */
  notModified: number;
}

/** Reads what the upstream received for one operation. */
export function figuresOf(received: readonly ReceivedRequest[]): UpstreamFigures {
  const fetched = new Map<string, number>();
  const count = (key: string): void => {
    fetched.set(key, (fetched.get(key) ?? 0) + 1);
  };
  let catalog = 0;
  let refused = 0;
  let bytes = 0;
  let notModified = 0;
  for (const { url, status, bytes: answered } of received) {
    bytes += answered ?? 0;
    if (status === 304) notModified += 1;
    const parsed = new URL(url, 'http://upstream');
    if (catalogPath.test(parsed.pathname)) catalog += 1;
    if (status === 403) refused += 1;
    if (status < 200 || status > 299) continue;
    const multi = multiGetPath.exec(parsed.pathname);
    const listed = (name: string): string[] => (parsed.searchParams.get(name) ?? '').split(',').filter(Boolean);
    if (multi) for (const id of listed('ids')) count(`${multi[1] ?? ''}:${id}`);
    const single = singleGetPath.exec(parsed.pathname);
    if (single) count(`${single[1] ?? ''}:${decodeURIComponent(single[2] ?? '')}`);
    if (parsed.pathname === '/v1/me/library/contains') {
      for (const uri of listed('uris')) count(uri);
    }
  }
  const repeated = [...fetched].filter(([, times]) => times > 1).map(([key]) => key);
  return { requests: received.length, catalog, refused, repeated, bytes, notModified };
}
