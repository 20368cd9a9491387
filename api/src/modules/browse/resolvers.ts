import type { Resolvers, ResolversTypes } from '../../__generated__/resolvers-types';
import { musicOf, type Context } from '../../context';
import { entityKey } from '../../music/entity-cache';
import type { V1Page, V1SimplifiedPlaylist } from '../../music/v1';
import { connectionFromPage, pageRequest } from '../common/connections';
import { withUpstreamFeature } from '../catalog/capabilities';
import { idOf } from '../catalog/parents';
import { meOf } from '../me/people';
import { recommendationsQuery } from './recommendations';

/** The browse lists: the upstream's default and maximum page. */
const browsePage = { default: 20, max: 50 };

/**
 * A browse list that is the same for every listener of a market and locale (new releases, the
 * categories, a category's playlists): shared by them through `context.browse` for a short time
 * (../../ops/shared-state.ts). The upstream answers by the token's country, so the market is the
 * listener's country, from their profile (kept for the session); the api sends no locale, so every
 * list is in the upstream's default one, and the key says so. A listener whose country is not known
 * gets the list asked for them alone; a failure is never kept.
 */
async function sharedList<T>(
  context: Context,
  name: string,
  page: { limit: number; offset: number },
  fetch: () => Promise<T>,
): Promise<T> {
  const cache = context.browse;
  if (!cache) return fetch();
  // oxlint-disable-next-line typescript/no-deprecated -- removed for development-mode apps only
  const country = (await meOf(context).catch(() => null))?.country;
  if (!country) return fetch();
  const key = entityKey('browse', `${country}:default-locale:${name}:${String(page.limit)}:${String(page.offset)}`);
  const [kept] = await cache.getMany([key]);
  if (kept !== undefined) return kept as T;
  const fresh = await fetch();
  await cache.setMany([[key, fresh]]);
  return fresh;
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
      const { music } = musicOf(context);
      const body = await withUpstreamFeature(context, 'browse', () =>
        sharedList(context, 'new-releases', request, () =>
          music.get('/browse/new-releases', { query: { limit: request.limit, offset: request.offset } }),
        ),
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
        sharedList(context, 'categories', request, () =>
          music.get('/browse/categories', { query: { limit: request.limit, offset: request.offset } }),
        ),
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
        sharedList(context, `category:${id}:playlists`, request, () =>
          music.get('/browse/categories/{category_id}/playlists', {
            path: { category_id: id },
            query: { limit: request.limit, offset: request.offset },
          }),
        ),
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
