import { getArgumentValues, GraphQLError, isObjectType, type GraphQLResolveInfo } from 'graphql';
import type { AlbumGroup, AudioFeatures, Resolvers } from '../../__generated__/resolvers-types';
import { musicOf, type Context } from '../../context';
import { MusicApiError } from '../../music/errors';
import { holdLibrary } from '../../music/library-loader';
import type {
  AlbumParent,
  ArtistParent,
  TrackParent,
  V1Album,
  V1Artist,
  V1ArtistAlbum,
  V1Page,
  V1SimplifiedTrack,
  V1Track,
} from '../../music/v1';
import { connectionFromPage, pageRequest, type PageRequest } from '../common/connections';
import { childFields, itemsSelect, selectsField } from '../me/selection';
import { knownMissing, learn, upstreamFeatures, withUpstreamFeature } from './capabilities';
import {
  albumShape,
  artistShape,
  booleanOrNull,
  checkCatalogId,
  checkIdCount,
  idOf,
  isFullAlbum,
  isFullArtist,
  isFullTrack,
  knownAlbum,
  loadEach,
  numberOrNull,
  rawField,
  sourceOf,
  stringOrNull,
  trackShape,
  withAlbum,
} from './parents';

/** The most ids `tracks`, `albums` and `artists` take (the loaders split them into the upstream's batches). */
export const maxIdsPerQuery = 100;
/** `Album.tracks`: the upstream's default and maximum page; a full album embeds the first 50 tracks at most. */
const albumTracksPage = { default: 20, max: 50 };
/** `Artist.albums`: the upstream's default and maximum page (5 and 10 since 2026). */
const artistAlbumsPage = { default: 5, max: 10 };

/** A field the upstream must give; its absence is a fault of the upstream. */
export function required<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) {
    throw new GraphQLError(`The music service left out ${field}.`, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
  return value;
}

function trackSource(parent: TrackParent, key: string, context: Context): Promise<TrackParent> {
  return sourceOf<TrackParent, V1Track>(
    parent,
    key,
    trackShape,
    () => musicOf(context).loaders.track.load(idOf(parent, 'track')),
    knownMissing(context, 'extendedMetadata'),
  );
}

/** A copyright notice as music v1 sends it: C for the composition, P for the recording. */
function isCopyright(value: unknown): value is { text: string; type: 'C' | 'P' } {
  if (typeof value !== 'object' || value === null) return false;
  const { text, type } = value as { text?: unknown; type?: unknown };
  return typeof text === 'string' && (type === 'C' || type === 'P');
}

function albumSource(parent: AlbumParent, key: string, context: Context): Promise<AlbumParent> {
  return sourceOf<AlbumParent, V1Album>(
    parent,
    key,
    albumShape,
    () => musicOf(context).loaders.album.load(idOf(parent, 'album')),
    knownMissing(context, 'extendedMetadata'),
  );
}

function artistSource(parent: ArtistParent, key: string, context: Context): Promise<ArtistParent> {
  return sourceOf<ArtistParent, V1Artist>(
    parent,
    key,
    artistShape,
    () => musicOf(context).loaders.artist.load(idOf(parent, 'artist')),
    knownMissing(context, 'extendedMetadata'),
  );
}

/**
 * The page of an album's tracks that `request` asks for, out of the first page a full album
 * embeds when that page holds it; undefined when it does not.
 */
export function embeddedPage<T>(
  embedded: V1Page<T> | undefined,
  request: PageRequest,
): { items: T[]; total: number } | undefined {
  const items = embedded?.items;
  if (!embedded || !items || (embedded.offset ?? 0) !== 0) return undefined;
  const total = embedded.total ?? items.length;
  const end = request.offset + request.limit;
  if (end > items.length && items.length < total) return undefined;
  return { items: items.slice(request.offset, end), total };
}

/**
 * An artist's catalog lists (top tracks, related artists, pages of albums) and an album's pages of
 * tracks: the same for every listener, so served from the cross-request cache, and fetched at most
 * once per request. `asksLibrary`: the operation shows the items' library state (`saved`), so the
 * library questions of the request wait for the list and share their calls with its items.
 */
function catalogList<T>(context: Context, list: Promise<T>, asksLibrary: boolean): Promise<T> {
  return asksLibrary ? holdLibrary(musicOf(context).loaders.library, list) : list;
}

function topTracksOf(context: Context, id: string, asksLibrary: boolean): Promise<V1Track[]> {
  const { music, loaders } = musicOf(context);
  const list = loaders.artist.list('top-tracks', id, async () => {
    const body = await withUpstreamFeature(context, 'artistTopTracks', () =>
      music.get('/artists/{id}/top-tracks', { path: { id } }),
    );
    return body.tracks ?? [];
  });
  return catalogList(context, list, asksLibrary);
}

function relatedArtistsOf(context: Context, id: string): Promise<V1Artist[]> {
  const { music, loaders } = musicOf(context);
  return loaders.artist.list('related-artists', id, async () => {
    const body = await withUpstreamFeature(context, 'relatedArtists', () =>
      music.get('/artists/{id}/related-artists', { path: { id } }),
    );
    return body.artists ?? [];
  });
}

/** The distinct groups asked for, in a stable order; undefined for all four. */
function groupsParam(groups: readonly AlbumGroup[] | null | undefined): string | undefined {
  return groups && groups.length > 0 ? [...new Set(groups)].join(',') : undefined;
}

function artistAlbumsOf(
  context: Context,
  id: string,
  request: PageRequest,
  groups: string | undefined,
  asksLibrary: boolean,
): Promise<V1Page<V1ArtistAlbum>> {
  const { music, loaders } = musicOf(context);
  const list = loaders.artist.list('albums', `${id}:${groups ?? 'all'}:${request.limit}:${request.offset}`, () =>
    music.get('/artists/{id}/albums', {
      path: { id },
      query: { include_groups: groups, limit: request.limit, offset: request.offset },
    }),
  );
  return catalogList(context, list, asksLibrary);
}

/** Lets a fetch started ahead of the field that needs it fail quietly: that field reports the failure. */
function ahead(started: Promise<unknown>): void {
  started.catch(() => undefined);
}

/**
 * Starts what the selected fields of an artist need from the artist's id alone (top tracks, related
 * artists, pages of albums, whether the listener follows them) while the artist itself is fetched:
 * the screen takes one round trip to the upstream instead of two. The fields pick up the same
 * fetches; a field whose arguments are wrong starts nothing here and reports the error itself.
 */
function lookAheadOfArtist(context: Context, id: string, artist: Promise<unknown>, info: GraphQLResolveInfo): void {
  const { loaders } = musicOf(context);
  const artistType = info.schema.getType('Artist');
  if (!isObjectType(artistType)) return;
  const fields = artistType.getFields();
  /** The items of `list` are asked about once the artist and the list are both in: hold the questions till then. */
  const started = <T>(list: Promise<T>, asksLibrary: boolean): void => {
    ahead(list);
    if (asksLibrary) ahead(holdLibrary(loaders.library, Promise.all([artist, list])));
  };
  for (const node of childFields(info)) {
    const name = node.name.value;
    if (name === 'topTracks') started(topTracksOf(context, id, false), selectsField(info, 'saved', [node]));
    if (name === 'relatedArtists') ahead(relatedArtistsOf(context, id));
    const albumsField = fields.albums;
    if (name === 'albums' && albumsField) {
      try {
        const args = getArgumentValues(albumsField, node, info.variableValues) as {
          first?: number | null;
          after?: string | null;
          groups?: AlbumGroup[] | null;
        };
        const request = pageRequest(args, artistAlbumsPage, 'Artist.albums');
        started(
          artistAlbumsOf(context, id, request, groupsParam(args.groups), false),
          itemsSelect(info, 'saved', [node]),
        );
      } catch {
        // Bad arguments: the field itself answers BAD_USER_INPUT.
      }
    }
    if (name === 'following') ahead(loaders.library.load(`spotify:artist:${id}`));
  }
}

/** A mode as the upstream numbers it (1 major, 0 minor), or null. */
function modeOf(mode: number | undefined): AudioFeatures['mode'] {
  if (mode === 1) return 'MAJOR';
  if (mode === 0) return 'MINOR';
  return null;
}

export const catalogResolvers: Resolvers = {
  Query: {
    track: (_parent, { id }, context) => musicOf(context).loaders.track.load(checkCatalogId(id, 'track')),
    tracks: (_parent, { ids }, context) => {
      checkIdCount(ids, maxIdsPerQuery, 'tracks');
      const { loaders } = musicOf(context);
      return loadEach(ids, 'tracks', (id) => loaders.track.load(id));
    },
    album: (_parent, { id }, context) => musicOf(context).loaders.album.load(checkCatalogId(id, 'album')),
    albums: (_parent, { ids }, context) => {
      checkIdCount(ids, maxIdsPerQuery, 'albums');
      const { loaders } = musicOf(context);
      return loadEach(ids, 'albums', (id) => loaders.album.load(id));
    },
    artist: (_parent, { id }, context, info) => {
      const { loaders } = musicOf(context);
      const artistId = checkCatalogId(id, 'artist');
      const artist = loaders.artist.load(artistId);
      lookAheadOfArtist(context, artistId, artist, info);
      return artist;
    },
    artists: (_parent, { ids }, context) => {
      checkIdCount(ids, maxIdsPerQuery, 'artists');
      const { loaders } = musicOf(context);
      return loadEach(ids, 'artists', (id) => loaders.artist.load(id));
    },
  },

  Upstream: {
    features: (_parent, _args, context) => upstreamFeatures(context, context.music),
  },

  AlbumType: { ALBUM: 'album', SINGLE: 'single', COMPILATION: 'compilation' },
  AlbumGroup: { ALBUM: 'album', SINGLE: 'single', COMPILATION: 'compilation', APPEARS_ON: 'appears_on' },
  CopyrightType: { COPYRIGHT: 'C', PERFORMANCE: 'P' },
  ReleaseDatePrecision: { YEAR: 'year', MONTH: 'month', DAY: 'day' },

  Track: {
    id: (parent) => idOf(parent, 'track'),
    uri: (parent) => parent.uri ?? `spotify:track:${idOf(parent, 'track')}`,
    name: async (parent, _args, context) => required((await trackSource(parent, 'name', context)).name, 'Track.name'),
    durationMs: async (parent, _args, context) =>
      required((await trackSource(parent, 'duration_ms', context)).duration_ms, 'Track.durationMs'),
    explicit: async (parent, _args, context) => (await trackSource(parent, 'explicit', context)).explicit ?? false,
    discNumber: async (parent, _args, context) => (await trackSource(parent, 'disc_number', context)).disc_number ?? 1,
    trackNumber: async (parent, _args, context) =>
      required((await trackSource(parent, 'track_number', context)).track_number, 'Track.trackNumber'),
    popularity: async (parent, _args, context) => {
      const source = await trackSource(parent, 'popularity', context);
      const popularity = numberOrNull(rawField(source, 'popularity'));
      // A full track without popularity: this upstream leaves out the extended metadata.
      if (isFullTrack(source)) learn(context, 'extendedMetadata', popularity !== null);
      return popularity;
    },
    previewUrl: async (parent, _args, context) =>
      stringOrNull(rawField(await trackSource(parent, 'preview_url', context), 'preview_url')),
    isPlayable: async (parent, _args, context) =>
      booleanOrNull(rawField(await trackSource(parent, 'is_playable', context), 'is_playable')),
    album: async (parent, _args, context) => {
      const known = knownAlbum(parent) ?? (isFullTrack(parent) ? parent.album : undefined);
      if (known) return known;
      const full = await musicOf(context).loaders.track.load(idOf(parent, 'track'));
      return required(full.album, 'Track.album');
    },
    artists: async (parent, _args, context) => (await trackSource(parent, 'artists', context)).artists ?? [],
    audioFeatures: async (parent, _args, context) => {
      const { loaders } = musicOf(context);
      const id = idOf(parent, 'track');
      try {
        return await withUpstreamFeature(context, 'audioFeatures', () => loaders.audioFeatures.load(id));
      } catch (error) {
        // A track the music service has not analysed has no audio features: null, not an error.
        if (error instanceof MusicApiError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  },

  Album: {
    id: (parent) => idOf(parent, 'album'),
    uri: (parent) => (typeof parent.uri === 'string' ? parent.uri : `spotify:album:${idOf(parent, 'album')}`),
    name: async (parent, _args, context) => required((await albumSource(parent, 'name', context)).name, 'Album.name'),
    albumType: async (parent, _args, context) =>
      required((await albumSource(parent, 'album_type', context)).album_type, 'Album.albumType'),
    releaseDate: async (parent, _args, context) =>
      required((await albumSource(parent, 'release_date', context)).release_date, 'Album.releaseDate'),
    releaseDatePrecision: async (parent, _args, context) =>
      required(
        (await albumSource(parent, 'release_date_precision', context)).release_date_precision,
        'Album.releaseDatePrecision',
      ),
    totalTracks: async (parent, _args, context) =>
      required((await albumSource(parent, 'total_tracks', context)).total_tracks, 'Album.totalTracks'),
    images: async (parent, _args, context) =>
      (rawField(await albumSource(parent, 'images', context), 'images') as V1Album['images'] | undefined) ?? [],
    label: async (parent, _args, context) =>
      stringOrNull(rawField(await albumSource(parent, 'label', context), 'label')),
    popularity: async (parent, _args, context) => {
      const source = await albumSource(parent, 'popularity', context);
      const popularity = numberOrNull(rawField(source, 'popularity'));
      // A full album without popularity: this upstream leaves out the extended metadata.
      if (isFullAlbum(source)) learn(context, 'extendedMetadata', popularity !== null);
      return popularity;
    },
    genres: async (parent, _args, context) => {
      const genres = rawField(await albumSource(parent, 'genres', context), 'genres');
      return Array.isArray(genres) ? genres.filter((genre): genre is string => typeof genre === 'string') : null;
    },
    artists: async (parent, _args, context) =>
      (rawField(await albumSource(parent, 'artists', context), 'artists') as V1Album['artists'] | undefined) ?? [],
    copyrights: async (parent, _args, context) => {
      const copyrights = rawField(await albumSource(parent, 'copyrights', context), 'copyrights');
      return Array.isArray(copyrights) ? copyrights.filter(isCopyright) : [];
    },
    albumGroup: (parent) => {
      const group = rawField(parent, 'album_group');
      return typeof group === 'string' ? (group as V1ArtistAlbum['album_group']) : null;
    },
    tracks: async (parent, args, context, info) => {
      const request = pageRequest(args, albumTracksPage, 'Album.tracks');
      const { music, loaders } = musicOf(context);
      const id = idOf(parent, 'album');
      // A full album embeds its first page of tracks: use it when it holds the page asked for.
      const full = isFullAlbum(parent)
        ? parent
        : request.offset + request.limit <= albumTracksPage.max
          ? await loaders.album.load(id)
          : undefined;
      const album: AlbumParent = full ?? parent;
      const page: V1Page<V1SimplifiedTrack> =
        embeddedPage(full?.tracks, request) ??
        (await catalogList(
          context,
          loaders.album.list('tracks', `${id}:${request.limit}:${request.offset}`, () =>
            music.get('/albums/{id}/tracks', {
              path: { id },
              query: { limit: request.limit, offset: request.offset },
            }),
          ),
          itemsSelect(info, 'saved'),
        ));
      return connectionFromPage(page, request, (track) => ({ node: withAlbum(track, album) }));
    },
  },

  Artist: {
    id: (parent) => idOf(parent, 'artist'),
    uri: (parent) => parent.uri ?? `spotify:artist:${idOf(parent, 'artist')}`,
    name: async (parent, _args, context) => required((await artistSource(parent, 'name', context)).name, 'Artist.name'),
    images: async (parent, _args, context) =>
      (rawField(await artistSource(parent, 'images', context), 'images') as V1Artist['images'] | undefined) ?? [],
    genres: async (parent, _args, context) => {
      const genres = rawField(await artistSource(parent, 'genres', context), 'genres');
      return Array.isArray(genres) ? genres.filter((genre): genre is string => typeof genre === 'string') : null;
    },
    popularity: async (parent, _args, context) => {
      const source = await artistSource(parent, 'popularity', context);
      const popularity = numberOrNull(rawField(source, 'popularity'));
      // A full artist without popularity: this upstream leaves out the extended metadata.
      if (isFullArtist(source)) learn(context, 'extendedMetadata', popularity !== null);
      return popularity;
    },
    followersCount: async (parent, _args, context) => {
      const followers = rawField(await artistSource(parent, 'followers', context), 'followers') as
        | V1Artist['followers']
        | undefined;
      return numberOrNull(followers?.total);
    },
    albums: async (parent, args, context, info) => {
      const request = pageRequest(args, artistAlbumsPage, 'Artist.albums');
      const page = await artistAlbumsOf(
        context,
        idOf(parent, 'artist'),
        request,
        groupsParam(args.groups),
        itemsSelect(info, 'saved'),
      );
      return connectionFromPage(page, request, (album) => ({ node: album }));
    },
    topTracks: async (parent, _args, context, info) => {
      const { loaders } = musicOf(context);
      const tracks = await topTracksOf(context, idOf(parent, 'artist'), selectsField(info, 'saved'));
      for (const track of tracks) if (track.id) loaders.track.prime(track.id, track);
      return tracks;
    },
    relatedArtists: async (parent, _args, context) => {
      const { loaders } = musicOf(context);
      const artists = await relatedArtistsOf(context, idOf(parent, 'artist'));
      for (const artist of artists) if (artist.id) loaders.artist.prime(artist.id, artist);
      return artists;
    },
  },

  AudioFeatures: {
    acousticness: (parent) => required(parent.acousticness, 'AudioFeatures.acousticness'),
    danceability: (parent) => required(parent.danceability, 'AudioFeatures.danceability'),
    durationMs: (parent) => required(parent.duration_ms, 'AudioFeatures.durationMs'),
    energy: (parent) => required(parent.energy, 'AudioFeatures.energy'),
    instrumentalness: (parent) => required(parent.instrumentalness, 'AudioFeatures.instrumentalness'),
    key: (parent) => (parent.key === undefined || parent.key < 0 ? null : parent.key),
    liveness: (parent) => required(parent.liveness, 'AudioFeatures.liveness'),
    loudness: (parent) => required(parent.loudness, 'AudioFeatures.loudness'),
    mode: (parent) => modeOf(parent.mode),
    speechiness: (parent) => required(parent.speechiness, 'AudioFeatures.speechiness'),
    tempo: (parent) => required(parent.tempo, 'AudioFeatures.tempo'),
    timeSignature: (parent) => required(parent.time_signature, 'AudioFeatures.timeSignature'),
    valence: (parent) => required(parent.valence, 'AudioFeatures.valence'),
  },
};
