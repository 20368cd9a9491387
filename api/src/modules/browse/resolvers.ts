import type { Resolvers, ResolversTypes } from '../../__generated__/resolvers-types';
import { musicOf } from '../../context';
import type { V1Category, V1Page, V1Recommendations, V1SimplifiedAlbum, V1SimplifiedPlaylist } from '../../music/v1';
import { connectionFromPage, pageRequest } from '../common/connections';
import { withUpstreamFeature } from '../catalog/capabilities';
import { idOf } from '../catalog/parents';
import { recommendationsQuery } from './recommendations';

/** The browse lists: the upstream's default and maximum page. */
const browsePage = { default: 20, max: 50 };

/** What `GET /browse/featured-playlists` and `GET /browse/categories/{id}/playlists` answer. */
interface V1PlaylistsWithMessage {
  message?: string | null;
  playlists?: V1Page<V1SimplifiedPlaylist | null>;
}

/** An item of a page as an edge, or null for the empty slots the upstream may leave. */
function edge<T>(item: T | null): { node: T } | null {
  return item === null ? null : { node: item };
}

function playlistConnection(
  page: V1Page<V1SimplifiedPlaylist | null> | undefined,
  request: ReturnType<typeof pageRequest>,
): ResolversTypes['PlaylistConnection'] {
  return connectionFromPage(page ?? { items: [], total: 0 }, request, edge);
}

export const browseResolvers: Resolvers = {
  Query: {
    newReleases: async (_parent, args, context) => {
      const request = pageRequest(args, browsePage, 'newReleases');
      const { client } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        client.get<{ albums?: V1Page<V1SimplifiedAlbum | null> }>('/browse/new-releases', {
          limit: request.limit,
          offset: request.offset,
        }),
      );
      return connectionFromPage(body.albums ?? { items: [], total: 0 }, request, edge);
    },
    featuredPlaylists: async (_parent, args, context) => {
      const request = pageRequest(args, browsePage, 'featuredPlaylists');
      const { client } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        client.get<V1PlaylistsWithMessage>('/browse/featured-playlists', {
          limit: request.limit,
          offset: request.offset,
        }),
      );
      return { message: body.message ?? null, playlists: playlistConnection(body.playlists, request) };
    },
    categories: async (_parent, args, context) => {
      const request = pageRequest(args, browsePage, 'categories');
      const { client } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        client.get<{ categories?: V1Page<V1Category | null> }>('/browse/categories', {
          limit: request.limit,
          offset: request.offset,
        }),
      );
      return connectionFromPage(body.categories ?? { items: [], total: 0 }, request, edge);
    },
    category: async (_parent, { id }, context) => {
      const { client } = musicOf(context);
      return withUpstreamFeature(context, 'browse', () =>
        client.get<V1Category>(`/browse/categories/${encodeURIComponent(id)}`),
      );
    },
    recommendations: async (_parent, { input }, context) => {
      const query = recommendationsQuery(input);
      const { client, loaders } = musicOf(context);
      const body = await withUpstreamFeature(context, 'recommendations', () =>
        client.get<V1Recommendations>('/recommendations', query),
      );
      // The tracks are full: their other fields need no further call.
      for (const track of body.tracks) if (track.id) loaders.track.prime(track.id, track);
      return body;
    },
    genreSeeds: async (_parent, _args, context) => {
      const { client } = musicOf(context);
      const body = await withUpstreamFeature(context, 'recommendations', () =>
        client.get<{ genres?: string[] }>('/recommendations/available-genre-seeds'),
      );
      return body.genres ?? [];
    },
  },

  Category: {
    id: (parent) => parent.id,
    name: (parent) => parent.name,
    icons: (parent) => parent.icons,
    playlists: async (parent, args, context) => {
      const request = pageRequest(args, browsePage, 'Category.playlists');
      const { client } = musicOf(context);
      const id = idOf(parent, 'category');
      const body = await withUpstreamFeature(context, 'browse', () =>
        client.get<V1PlaylistsWithMessage>(`/browse/categories/${encodeURIComponent(id)}/playlists`, {
          limit: request.limit,
          offset: request.offset,
        }),
      );
      return playlistConnection(body.playlists, request);
    },
  },

  Recommendations: {
    seeds: (parent) => parent.seeds,
    tracks: (parent) => parent.tracks,
  },

  RecommendationSeed: {
    type: (parent) => {
      const type = (parent.type ?? '').toUpperCase();
      return type === 'ARTIST' || type === 'TRACK' ? type : 'GENRE';
    },
    artist: (parent) => (parent.type?.toUpperCase() === 'ARTIST' && parent.id ? { id: parent.id } : null),
    track: (parent) => (parent.type?.toUpperCase() === 'TRACK' && parent.id ? { id: parent.id } : null),
    genre: (parent) => (parent.type?.toUpperCase() === 'GENRE' ? (parent.id ?? null) : null),
    initialPoolSize: (parent) => parent.initialPoolSize ?? null,
    afterFilteringSize: (parent) => parent.afterFilteringSize ?? null,
  },
};
