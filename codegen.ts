import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { buildSchema, isEnumType } from 'graphql';

/**
 * What each GraphQL type's resolvers receive: the music v1 objects (api/src/music/v1.ts) or a
 * domain's own parent type. One block per domain of the schema.
 */
const catalogMappers: Record<string, string> = {
  Image: '../music/v1#V1Image',
  Track: '../music/v1#TrackParent',
  Album: '../music/v1#AlbumParent',
  Artist: '../music/v1#ArtistParent',
  AudioFeatures: '../music/v1#V1AudioFeatures',
  Show: '../music/v1#ShowParent',
  Episode: '../music/v1#EpisodeParent',
  Category: '../music/v1#V1Category',
  Recommendations: '../music/v1#V1Recommendations',
  RecommendationSeed: '../modules/browse/parents#RecommendationSeedParent',
  ResumePoint: '../music/v1#V1ResumePoint',
  // `Upstream.features` (catalog.graphql) has its own resolver; the base resolver gives the rest.
  Upstream: '../modules/catalog/parents#UpstreamParent',
  // An enum with inline enumValues is otherwise typed `null` as a resolver's result.
  AlbumType: 'AlbumType',
  AlbumGroup: 'AlbumGroup',
  CopyrightType: 'CopyrightType',
  ReleaseDatePrecision: 'ReleaseDatePrecision',
  SearchType: 'SearchType',
};
const libraryMappers: Record<string, string> = {
  Playlist: '../music/v1#PlaylistParent',
  User: '../music/v1#UserParent',
  Me: '../music/v1#V1PrivateUser',
  // An enum with inline enumValues is otherwise typed `null` as a resolver's result.
  AccountProduct: 'AccountProduct',
  TimeRange: 'TimeRange',
  PlayHistoryEdge: '../modules/me/parents#PlayHistoryEdgeParent',
  SaveToLibraryPayload: '../modules/me/parents#LibraryChangeParent',
  RemoveFromLibraryPayload: '../modules/me/parents#LibraryChangeParent',
  FollowArtistsPayload: '../modules/me/parents#LibraryChangeParent',
  UnfollowArtistsPayload: '../modules/me/parents#LibraryChangeParent',
};
const playerMappers: Record<string, string> = {
  Player: '../modules/player/parents#PlayerParent',
  PlaybackState: '../music/v1#V1PlaybackState',
  PlaybackContext: '../modules/player/parents#PlaybackContextParent',
  Device: '../music/v1#V1Device',
  Queue: '../music/v1#V1Queue',
  StartPlaybackPayload: '../modules/player/parents#PlayerParent',
  PausePlaybackPayload: '../modules/player/parents#PlayerParent',
  SkipToNextPayload: '../modules/player/parents#PlayerParent',
  SkipToPreviousPayload: '../modules/player/parents#PlayerParent',
  SeekPlaybackPayload: '../modules/player/parents#PlayerParent',
  SetShufflePayload: '../modules/player/parents#PlayerParent',
  SetRepeatModePayload: '../modules/player/parents#PlayerParent',
  SetVolumePayload: '../modules/player/parents#PlayerParent',
  SetPlaybackSpeedPayload: '../modules/player/parents#PlayerParent',
  TransferPlaybackPayload: '../modules/player/parents#PlayerParent',
  AddToQueuePayload: '../modules/player/parents#PlayerParent',
  RemoveFromQueuePayload: '../modules/player/parents#PlayerParent',
  ClearQueuePayload: '../modules/player/parents#PlayerParent',
  UnregisterPlaybackDevicePayload: '../modules/player/parents#PlayerParent',
  RegisterPlaybackDevicePayload: '../modules/player/parents#RegisteredDeviceParent',
  // An enum with inline enumValues is otherwise typed `null` as a resolver's result.
  RepeatMode: 'RepeatMode',
  PlaybackContextType: 'PlaybackContextType',
};

/** GraphQL enums are UPPER_CASE; these map them to the music v1 API's strings. One block per domain. */
const catalogEnums: Record<string, Record<string, string>> = {
  AlbumType: { ALBUM: 'album', SINGLE: 'single', COMPILATION: 'compilation' },
  AlbumGroup: { ALBUM: 'album', SINGLE: 'single', COMPILATION: 'compilation', APPEARS_ON: 'appears_on' },
  CopyrightType: { COPYRIGHT: 'C', PERFORMANCE: 'P' },
  ReleaseDatePrecision: { YEAR: 'year', MONTH: 'month', DAY: 'day' },
  SearchType: {
    TRACK: 'track',
    ALBUM: 'album',
    ARTIST: 'artist',
    PLAYLIST: 'playlist',
    SHOW: 'show',
    EPISODE: 'episode',
  },
};
const libraryEnums: Record<string, Record<string, string>> = {
  AccountProduct: { PREMIUM: 'premium', FREE: 'free', OPEN: 'open' },
  TimeRange: { SHORT_TERM: 'short_term', MEDIUM_TERM: 'medium_term', LONG_TERM: 'long_term' },
};
const playerEnums: Record<string, Record<string, string>> = {
  RepeatMode: { OFF: 'off', TRACK: 'track', CONTEXT: 'context' },
  PlaybackContextType: { ALBUM: 'album', ARTIST: 'artist', PLAYLIST: 'playlist', SHOW: 'show' },
};

/**
 * The web client's list of error codes, from `enum ErrorCode` (schema/common.graphql). The client preset only
 * writes the enums its operations use, and no field returns this one: it types `extensions.code`. The client
 * needs the values at run time too, to tell a code of the catalogue from any other.
 */
function errorCodesModule(): string {
  const sdl = readdirSync('schema')
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(join('schema', name), 'utf8'));
  const errorCode = buildSchema(sdl.join('\n')).getType('ErrorCode');
  if (!isEnumType(errorCode)) throw new Error('The schema declares no enum ErrorCode.');
  const values = errorCode
    .getValues()
    .flatMap((value) => [`  /** ${(value.description ?? '').replace(/\s+/g, ' ').trim()} */`, `  '${value.name}',`]);
  return [
    "/** The codes of the api's error catalogue (enum ErrorCode in schema/common.graphql, docs/errors.md). */",
    'export const errorCodes = [',
    ...values,
    '] as const;',
    '',
    'export type ErrorCode = (typeof errorCodes)[number];',
    '',
  ].join('\n');
}

/**
 * One configuration for both sides: resolver types for the api and typed documents for
 * the web client, both read from `schema/*.graphql`. The output is committed; `npm test`
 * fails when running codegen would change it.
 */
const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema/*.graphql',
  generates: {
    'api/src/__generated__/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../context#Context',
        useTypeImports: true,
        defaultScalarType: 'unknown',
        useIndexSignature: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        strictScalars: true,
        scalars: {},
        mappers: { ...catalogMappers, ...libraryMappers, ...playerMappers },
        enumValues: { ...catalogEnums, ...libraryEnums, ...playerEnums },
      },
    },
    'web/src/__generated__/error-codes.ts': {
      plugins: [{ add: { content: errorCodesModule() } }],
    },
    'web/src/__generated__/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/__generated__/**'],
      preset: 'client',
      presetConfig: {
        fragmentMasking: { unmaskFunctionName: 'getFragmentData' },
      },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        // Apollo Client adds __typename to every selection; optimistic responses must carry it too.
        nonOptionalTypename: true,
        defaultScalarType: 'unknown',
        strictScalars: true,
        scalars: {},
      },
    },
  },
};

export default config;
