import { GraphQLError } from 'graphql';
import type { Config } from './config';
import type { MusicClient } from './music/client';
import type { LiveContext } from './modules/player/live/subscription';
import type { EntityCache } from './music/entity-cache';
import { createLibraryLoader, type LibraryLoader } from './music/library-loader';
import { createEntityLoader, entitySpecs, type EntityLoader } from './music/loaders';
import type { UpstreamCapabilities } from './music/upstream-capabilities';
import { upstreamOf, type Upstream } from './music/upstream';
import type { V1Album, V1Artist, V1AudioFeatures, V1Episode, V1Show, V1Track } from './music/v1';

/** Per-request loaders of every entity the upstream can fetch by id (batched, de-duplicated, cached). */
export interface Loaders {
  track: EntityLoader<V1Track>;
  album: EntityLoader<V1Album>;
  artist: EntityLoader<V1Artist>;
  show: EntityLoader<V1Show>;
  episode: EntityLoader<V1Episode>;
  audioFeatures: EntityLoader<V1AudioFeatures>;
  /** Whether URIs are in the signed-in listener's library; never shared between requests. */
  library: LibraryLoader;
}

/** What every resolver receives: built once per GraphQL request. */
export interface Context {
  config: Config;
  /**
   * The music v1 client acting for the signed-in person, or for the third-party client's bearer
   * token; null for an anonymous request. Resolvers reach it through `musicOf`.
   */
  music: MusicClient | null;
  /** Null exactly when `music` is. */
  loaders: Loaders | null;
  /**
   * What the upstream can do: the process's, learnt from the app's own client (signed-in listeners);
   * for a third-party client's bearer token, its token's own, since the upstream may treat its app otherwise.
   */
  capabilities: UpstreamCapabilities;
  /** A subscription's live player (the WebSocket's); absent over HTTP. */
  live?: LiveContext;
  /** Tells the listener's live players that a command ran (their polled source reads at once). */
  onCommand?: () => void;
  /** The browse lists of each market, shared by its listeners (absent: each request asks). */
  browse?: EntityCache;
}

/** The parts of a context that live as long as the process. */
export interface SharedContext {
  config: Config;
  capabilities: UpstreamCapabilities;
  cache: EntityCache;
  /** The browse lists of each market and locale, shared by every listener there for a short time. */
  browse?: EntityCache;
}

/** The loaders of one request, over that request's client, what it knows of the upstream, and the process's cache. */
export function createLoaders(
  client: MusicClient,
  shared: SharedContext,
  capabilities: UpstreamCapabilities = shared.capabilities,
): Loaders {
  const options = { client, capabilities, cache: shared.cache };
  return {
    track: createEntityLoader<V1Track>(entitySpecs.track, options),
    album: createEntityLoader<V1Album>(entitySpecs.album, options),
    artist: createEntityLoader<V1Artist>(entitySpecs.artist, options),
    show: createEntityLoader<V1Show>(entitySpecs.show, options),
    episode: createEntityLoader<V1Episode>(entitySpecs.episode, options),
    audioFeatures: createEntityLoader<V1AudioFeatures>(entitySpecs.audioFeatures, options),
    library: createLibraryLoader(client),
  };
}

/**
 * A request's music client, and what its calls learn into: absent for the app's own client (a
 * signed-in listener's token), which teaches the process; a bearer token's own otherwise.
 */
export interface RequestMusic {
  client: MusicClient;
  capabilities?: UpstreamCapabilities;
}

/**
 * A request's context: signed in (a client) or anonymous (none). Only the app's own client teaches
 * the process what the upstream can do; a bearer token of another app learns for that token alone.
 */
export function createContext(shared: SharedContext, music: RequestMusic | null): Context {
  const capabilities = music?.capabilities ?? shared.capabilities;
  return {
    config: shared.config,
    capabilities,
    music: music?.client ?? null,
    loaders: music ? createLoaders(music.client, shared, capabilities) : null,
    ...(shared.browse ? { browse: shared.browse } : {}),
  };
}

/**
 * The signed-in music client, its typed calls (`music`, the one way resolvers call the upstream) and
 * loaders, or UNAUTHENTICATED for an anonymous request.
 */
export function musicOf(context: Context): { client: MusicClient; music: Upstream; loaders: Loaders } {
  if (!context.music || !context.loaders) {
    throw new GraphQLError('Sign in to use your music.', { extensions: { code: 'UNAUTHENTICATED' } });
  }
  return { client: context.music, music: upstreamOf(context.music), loaders: context.loaders };
}
