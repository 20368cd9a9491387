import { GraphQLError } from 'graphql';
import type { Resolvers, ResolversTypes, SearchType } from '../../__generated__/resolvers-types';
import { musicOf } from '../../context';
import { connectionFromPage, pageRequest } from '../common/connections';

/** `search`: the upstream's default and maximum page for each type (5 and 10 since 2026). */
export const searchPage = { default: 5, max: 10 };
/** The upstream reaches the first 1000 results of a type at most. */
export const maxSearchOffset = 1000;
/** The longest query text accepted. */
export const maxQueryLength = 500;

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** An item of a search page as an edge, or null for the empty slots the upstream may leave. */
function edge<T>(item: T | null): { node: T } | null {
  return item === null ? null : { node: item };
}

/** The checked query text and types of a search; BAD_USER_INPUT when either is unusable. */
export function searchInput(query: string, types: readonly SearchType[]): { q: string; type: SearchType[] } {
  const q = query.trim();
  if (q.length < 1 || q.length > maxQueryLength) {
    throw badInput(`search: query must hold 1 to ${maxQueryLength} characters.`);
  }
  const distinct = [...new Set(types)];
  if (distinct.length === 0) throw badInput('search: types must name at least one type.');
  return { q, type: distinct };
}

export const searchResolvers: Resolvers = {
  SearchType: {
    TRACK: 'track',
    ALBUM: 'album',
    ARTIST: 'artist',
    PLAYLIST: 'playlist',
    SHOW: 'show',
    EPISODE: 'episode',
  },

  Query: {
    search: async (_parent, args, context) => {
      const { q, type } = searchInput(args.query, args.types);
      const request = pageRequest(args, searchPage, 'search');
      if (request.offset > maxSearchOffset) {
        throw badInput(`search: the music service reaches the first ${maxSearchOffset} results of a type at most.`);
      }
      const { music, loaders } = musicOf(context);
      const body = await music.get('/search', { query: { q, type, limit: request.limit, offset: request.offset } });
      // Search answers full tracks and artists: later fields of the same objects need no call.
      for (const track of body.tracks?.items ?? []) if (track?.id) loaders.track.prime(track.id, track);
      for (const artist of body.artists?.items ?? []) if (artist?.id) loaders.artist.prime(artist.id, artist);
      const results: ResolversTypes['SearchResults'] = {
        tracks: body.tracks ? connectionFromPage(body.tracks, request, edge) : null,
        albums: body.albums ? connectionFromPage(body.albums, request, edge) : null,
        artists: body.artists ? connectionFromPage(body.artists, request, edge) : null,
        playlists: body.playlists ? connectionFromPage(body.playlists, request, edge) : null,
        shows: body.shows ? connectionFromPage(body.shows, request, edge) : null,
        episodes: body.episodes ? connectionFromPage(body.episodes, request, edge) : null,
      };
      return results;
    },
  },
};
