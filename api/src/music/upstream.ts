import type { paths } from './__generated__/music-v1';
import { assertSafeBaseUrl, type HttpMethod, type MusicClient, type RequestOptions, type Reuse } from './client';
import { MusicApiError } from './errors';
import type { V1Device, V1Queue } from './v1';

/**
 * The typed boundary to the music v1 API: every resolver's and loader's upstream call names an
 * endpoint of the generated description (./__generated__/music-v1, Spotify's published shapes), and
 * gets its path parameters, its query and its body checked, and its answer typed, from it. The path
 * parameters are encoded here; everything else (timeouts, retries, the rate gate, the token refresh,
 * the status-to-code table) is the client's (./client), which sends every call.
 */

/**
 * What the local music service offers beyond Spotify's description: a client registers itself as a
 * playback device that plays the audio (POST), says it is still there (PUT), and removes itself (DELETE).
 * See music/src/player/routes.ts. A removal of a playlist's items may also name the positions of the
 * copies to remove, as Spotify's older API did (music/src/playlists/item-changes.ts). The queue says how
 * much of it the listener added, and takes items out of that part (music/src/player/commands.ts). The
 * player has a playback speed for episodes (`PUT /me/player/speed`), and says it as `playback_rate`.
 */
interface LocalExtensions {
  /** Sets the listener's playback speed for episodes (one of the service's allowed rates). */
  '/me/player/speed': {
    put: {
      parameters: {
        query: { rate: number; device_id?: string };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 204: { headers: Record<string, unknown>; content?: never } };
    };
  };
  '/me/player/queue': Omit<paths['/me/player/queue'], 'get' | 'delete'> & {
    get: Omit<paths['/me/player/queue']['get'], 'responses'> & {
      responses: {
        200: {
          headers: Record<string, unknown>;
          content: { 'application/json': V1Queue & { queued_by_listener?: number } };
        };
      };
    };
    /** Takes one item the listener queued out (by position and URI), or, with neither, empties what they queued. */
    delete: {
      parameters: {
        query?: { position: number; uri: string };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: { 204: { headers: Record<string, unknown>; content?: never } };
    };
  };
  '/playlists/{playlist_id}/items': Omit<paths['/playlists/{playlist_id}/items'], 'delete'> & {
    delete: Omit<paths['/playlists/{playlist_id}/items']['delete'], 'requestBody'> & {
      requestBody: {
        content: {
          'application/json': { items: { uri: string; positions?: number[] }[]; snapshot_id?: string };
        };
      };
    };
  };
  '/me/player/devices': Omit<paths['/me/player/devices'], 'post'> & {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': { name: string; type?: string } } };
      responses: {
        201: {
          headers: Record<string, unknown>;
          content: { 'application/json': V1Device };
        };
      };
    };
  };
  '/me/player/devices/{device_id}': {
    delete: {
      parameters: { query?: never; header?: never; path: { device_id: string }; cookie?: never };
      requestBody?: never;
      responses: { 204: { headers: Record<string, unknown>; content?: never } };
    };
    /** "Still here": keeps a registered device listed (404 once it has lapsed or was removed). */
    put: {
      parameters: { query?: never; header?: never; path: { device_id: string }; cookie?: never };
      requestBody?: never;
      responses: {
        200: {
          headers: Record<string, unknown>;
          content: { 'application/json': V1Device };
        };
      };
    };
  };
  /** The listener's player as server-sent events (music/src/player/events-route.ts), read as a stream. */
  '/me/player/events': {
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: Record<string, unknown>; content: { 'text/event-stream': string } } };
    };
  };
}

/** Every endpoint the api may call: Spotify's, with the local extensions in place of their entries. */
export type UpstreamPaths = Omit<paths, keyof LocalExtensions> & LocalExtensions;

type Method = 'get' | 'put' | 'post' | 'delete';

/**
 * Where the listener's player streams its events from, under the upstream's base URL (the local music service's own
 * endpoint; Spotify has none). The one endpoint the api reads as a stream (modules/player/live/event-stream.ts), by
 * this address, under the client's rule for addresses.
 */
export function playerEventsUrl(baseUrl: string): URL {
  const path = '/me/player/events' satisfies PathsFor<'get'>;
  return new URL(`${assertSafeBaseUrl(baseUrl).href.replace(/\/$/, '')}${path}`);
}

/** The paths that answer `method`. */
export type PathsFor<M extends Method> = {
  [P in keyof UpstreamPaths]: UpstreamPaths[P] extends Record<M, { parameters: unknown }> ? P : never;
}[keyof UpstreamPaths];

/** The operation of `method` on `path`. */
export type Operation<P extends keyof UpstreamPaths, M extends Method> =
  UpstreamPaths[P] extends Record<M, infer O> ? O : never;

type ParamsOf<O> = O extends { parameters: infer Q } ? Q : never;

/** The operation's path parameters; never when it has none. */
export type PathParams<O> = ParamsOf<O> extends { path: infer X } ? X : never;

/** The operation's query; never when it has none. */
export type QueryParams<O> = NonNullable<ParamsOf<O> extends { query?: infer Q } ? Q : never>;

/** The operation's JSON body; never when it takes none. */
export type RequestBody<O> = O extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: { 'application/json': infer J } }
    ? J
    : never
  : never;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;

/** What the operation answers: its 200 or 201 JSON, and undefined where it may answer 204 (or no content). */
export type Answer<O> = O extends { responses: infer R }
  ? JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]> | (204 extends keyof R ? undefined : never)
  : never;

/**
 * The answers whose lists Spotify may leave out, or leave gaps (null items) in, though its description
 * promises them: search's and browse's pages, an artist's top tracks and related artists, the
 * followed artists, the genre seeds and the devices. Their answers are typed so (`Lenient`),
 * here rather than at each caller.
 */
type LenientPath =
  | '/search'
  | '/artists/{id}/top-tracks'
  | '/artists/{id}/related-artists'
  | '/me/following'
  | '/browse/new-releases'
  | '/browse/featured-playlists'
  | '/browse/categories'
  | '/browse/categories/{category_id}/playlists'
  | '/recommendations/available-genre-seeds'
  | '/me/player/devices';

/** A page whose parts may be missing and whose items may be gaps; anything else as it is. */
type WithGaps<T> = T extends { items?: (infer I)[] } ? { [K in keyof T]?: K extends 'items' ? (I | null)[] : T[K] } : T;

/** An answer any of whose parts may be missing, its pages with gaps. */
export type Lenient<T> = T extends object ? { [K in keyof T]?: WithGaps<T[K]> } : T;

/**
 * What `method` on `path` answers, as the api may rely on it. A write may answer 200 or 201 with an
 * empty body where 204 was meant, which the client answers as undefined.
 */
export type AnswerOf<P extends keyof UpstreamPaths, M extends Method> =
  | (P extends LenientPath ? Lenient<Answer<Operation<P, M>>> : Answer<Operation<P, M>>)
  | (M extends 'get' ? never : undefined);

/** The options of a call of `O`: its path parameters and query (required where the operation requires them), its body. */
export type CallOptions<O> = ([PathParams<O>] extends [never] ? { path?: never } : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never]
    ? { query?: never }
    : undefined extends ParamsOf<O>['query' & keyof ParamsOf<O>]
      ? { query?: QueryParams<O> }
      : { query: QueryParams<O> }) &
  ([RequestBody<O>] extends [never]
    ? { body?: never }
    : O extends { requestBody: unknown }
      ? { body: RequestBody<O> }
      : { body?: RequestBody<O> }) & {
    /** Whether the call may be sent again after a failure (RequestOptions.idempotent). */
    idempotent?: boolean;
    /** Whether a read may be kept for the listener and reused (RequestOptions.reuse). */
    reuse?: Reuse;
  };

/** The options argument: optional when nothing in it is required. */
type OptionsArg<O> = object extends CallOptions<O> ? [options?: CallOptions<O>] : [options: CallOptions<O>];

type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | null | undefined;

/** `template` with each `{name}` replaced by its parameter, encoded; a missing one is refused. */
export function fillPath(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${template} needs its parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** The query as the client sends it: lists joined with commas (Spotify's form style), nulls left out. */
export function flatQuery(query: Readonly<Record<string, QueryValue>> = {}): RequestOptions['query'] {
  const flat: NonNullable<RequestOptions['query']> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    flat[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return flat;
}

/** The typed calls of one request's client. */
export class Upstream {
  constructor(readonly client: MusicClient) {}

  get<P extends PathsFor<'get'>>(path: P, ...[options]: OptionsArg<Operation<P, 'get'>>) {
    return this.send<AnswerOf<P, 'get'>>('GET', path, options);
  }

  put<P extends PathsFor<'put'>>(path: P, ...[options]: OptionsArg<Operation<P, 'put'>>) {
    return this.send<AnswerOf<P, 'put'>>('PUT', path, options);
  }

  post<P extends PathsFor<'post'>>(path: P, ...[options]: OptionsArg<Operation<P, 'post'>>) {
    return this.send<AnswerOf<P, 'post'>>('POST', path, options);
  }

  delete<P extends PathsFor<'delete'>>(path: P, ...[options]: OptionsArg<Operation<P, 'delete'>>) {
    return this.send<AnswerOf<P, 'delete'>>('DELETE', path, options);
  }

  /** The one place an answer takes its operation's type: the generated description vouches for it. */
  private send<T>(
    method: HttpMethod,
    template: string,
    options: { path?: unknown; query?: unknown; body?: unknown; idempotent?: boolean; reuse?: Reuse } = {},
  ): Promise<T> {
    const path = fillPath(template, options.path as Readonly<Record<string, string | number>> | undefined);
    const query = flatQuery(options.query as Readonly<Record<string, QueryValue>> | undefined);
    // A plain read goes through the client's `get`, the one call a stand-in client for tests needs.
    if (method === 'GET' && options.idempotent === undefined) {
      return options.reuse === undefined
        ? this.client.get<T>(path, query)
        : this.client.get<T>(path, query, options.reuse);
    }
    return this.client.request<T>(method, path, {
      query,
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.idempotent === undefined ? {} : { idempotent: options.idempotent }),
    });
  }
}

/**
 * The endpoints that fetch objects by id: the multi-get (`many`), the key of the list it answers, the
 * most ids it takes, and the single GET (`one`) for an upstream without multi-gets.
 */
export const byIdEndpoints = {
  track: { many: '/tracks', key: 'tracks', maxIds: 50, one: '/tracks/{id}' },
  album: { many: '/albums', key: 'albums', maxIds: 20, one: '/albums/{id}' },
  artist: { many: '/artists', key: 'artists', maxIds: 50, one: '/artists/{id}' },
  show: { many: '/shows', key: 'shows', maxIds: 50, one: '/shows/{id}' },
  episode: { many: '/episodes', key: 'episodes', maxIds: 50, one: '/episodes/{id}' },
  audioFeatures: { many: '/audio-features', key: 'audio_features', maxIds: 100, one: '/audio-features/{id}' },
} as const satisfies Record<string, ByIdEndpoint>;

type ManyPath = '/tracks' | '/albums' | '/artists' | '/shows' | '/episodes' | '/audio-features';
type OnePath = `${ManyPath}/{id}` & PathsFor<'get'>;

export interface ByIdEndpoint {
  many: ManyPath & PathsFor<'get'>;
  key: string;
  maxIds: number;
  one: OnePath;
}

/** The list a multi-get answered for `ids` (at most `maxIds`), in the upstream's order; not a list: empty. */
export async function getMany(music: Upstream, endpoint: ByIdEndpoint, ids: readonly string[]): Promise<unknown[]> {
  const body = await music.get(endpoint.many, { query: { ids: ids.join(',') } });
  // The endpoint's answer, read under its key: an upstream may leave gaps (null) or leave the list out.
  const list: unknown = Reflect.get(body, endpoint.key);
  return Array.isArray(list) ? (list as unknown[]) : [];
}

/** One object by id, from the single GET. */
export function getOne(music: Upstream, endpoint: ByIdEndpoint, id: string): Promise<unknown> {
  return music.get(endpoint.one, { path: { id } });
}

/** A write's answer that the caller needs (a new playlist, a new device); an empty one is a fault of the upstream. */
export function answered<T>(answer: T | undefined, operation: string): T {
  if (answer === undefined) {
    throw new MusicApiError('The music service answered without the object it made.', {
      code: 'INTERNAL_SERVER_ERROR',
      operation,
    });
  }
  return answer;
}

const upstreams = new WeakMap<MusicClient, Upstream>();

/** The typed calls over `client` (one per client). */
export function upstreamOf(client: MusicClient): Upstream {
  let upstream = upstreams.get(client);
  if (!upstream) {
    upstream = new Upstream(client);
    upstreams.set(client, upstream);
  }
  return upstream;
}
