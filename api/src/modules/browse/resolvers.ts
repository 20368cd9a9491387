import type { Resolvers, ResolversTypes } from '../../__generated__/resolvers-types';
import { musicOf } from '../../context';
import type { V1Page, V1SimplifiedPlaylist } from '../../music/v1';
import { connectionFromPage, pageRequest } from '../common/connections';
import { withUpstreamFeature } from '../catalog/capabilities';
import { idOf } from '../catalog/parents';
import { recommendationsQuery } from './recommendations';

/** The browse lists: the upstream's default and maximum page. */
const browsePage = { default: 20, max: 50 };

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
      const { music } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        music.get('/browse/new-releases', { query: { limit: request.limit, offset: request.offset } }),
      );
      return connectionFromPage(body.albums ?? { items: [], total: 0 }, request, edge);
    },
    featuredPlaylists: async (_parent, args, context) => {
      const request = pageRequest(args, browsePage, 'featuredPlaylists');
      const { music } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        music.get('/browse/featured-playlists', { query: { limit: request.limit, offset: request.offset } }),
      );
      return { message: body.message ?? null, playlists: playlistConnection(body.playlists, request) };
    },
    categories: async (_parent, args, context) => {
      const request = pageRequest(args, browsePage, 'categories');
      const { music } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        music.get('/browse/categories', { query: { limit: request.limit, offset: request.offset } }),
      );
      return connectionFromPage(body.categories ?? { items: [], total: 0 }, request, edge);
    },
    category: async (_parent, { id }, context) => {
      const { music } = musicOf(context);
      return withUpstreamFeature(context, 'browse', () =>
        music.get('/browse/categories/{category_id}', { path: { category_id: id } }),
      );
    },
    recommendations: async (_parent, { input }, context) => {
      const query = recommendationsQuery(input);
      const { music, loaders } = musicOf(context);
      const body = await withUpstreamFeature(context, 'recommendations', () =>
        music.get('/recommendations', { query }),
      );
      // The tracks are full: their other fields need no further call.
      for (const track of body.tracks) if (track.id) loaders.track.prime(track.id, track);
      return body;
    },
    genreSeeds: async (_parent, _args, context) => {
      const { music } = musicOf(context);
      const body = await withUpstreamFeature(context, 'recommendations', () =>
        music.get('/recommendations/available-genre-seeds'),
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
      const { music } = musicOf(context);
      const id = idOf(parent, 'category');
      const body = await withUpstreamFeature(context, 'browse', () =>
        music.get('/browse/categories/{category_id}/playlists', {
          path: { category_id: id },
          query: { limit: request.limit, offset: request.offset },
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
