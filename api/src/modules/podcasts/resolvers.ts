import type { Resolvers } from '../../__generated__/resolvers-types';
import { musicOf, type Context } from '../../context';
import type {
  EpisodeParent,
  ShowParent,
  TrackParent,
  V1Episode,
  V1Page,
  V1Show,
  V1SimplifiedEpisode,
} from '../../music/v1';
import { connectionFromPage, pageRequest } from '../common/connections';
import { embeddedPage, required } from '../catalog/resolvers';
import {
  checkCatalogId,
  idOf,
  episodeShape,
  isFullShow,
  knownShow,
  rawField,
  showShape,
  sourceOf,
  stringOrNull,
  withShow,
} from '../catalog/parents';

/** `Show.episodes`: the upstream's default and maximum page; a full show embeds the first 50 episodes at most. */
const showEpisodesPage = { default: 20, max: 50 };

function showSource(parent: ShowParent, key: string, context: Context): Promise<ShowParent> {
  return sourceOf<ShowParent, V1Show>(parent, key, showShape, () =>
    musicOf(context).loaders.show.load(idOf(parent, 'show')),
  );
}

function episodeSource(parent: EpisodeParent, key: string, context: Context): Promise<EpisodeParent> {
  return sourceOf<EpisodeParent, V1Episode>(parent, key, episodeShape, () =>
    musicOf(context).loaders.episode.load(idOf(parent, 'episode')),
  );
}

/** Plain-text descriptions: the published shapes leave `description` out, the upstream sends it. */
function descriptionOf(source: object): string {
  return stringOrNull(rawField(source, 'description')) ?? '';
}

/** Which member of `PlayableItem` an upstream item is: music v1 marks episodes with `type: "episode"`. */
export function playableType(item: TrackParent | EpisodeParent): 'Track' | 'Episode' {
  return rawField(item, 'type') === 'episode' ? 'Episode' : 'Track';
}

export const podcastsResolvers: Resolvers = {
  Query: {
    show: (_parent, { id }, context) => musicOf(context).loaders.show.load(checkCatalogId(id, 'show')),
    episode: (_parent, { id }, context) => musicOf(context).loaders.episode.load(checkCatalogId(id, 'episode')),
  },

  PlayableItem: {
    __resolveType: (parent) => playableType(parent),
  },

  Show: {
    id: (parent) => idOf(parent, 'show'),
    uri: (parent) => (typeof parent.uri === 'string' ? parent.uri : `spotify:show:${idOf(parent, 'show')}`),
    name: async (parent, _args, context) => required((await showSource(parent, 'name', context)).name, 'Show.name'),
    publisher: async (parent, _args, context) =>
      stringOrNull(rawField(await showSource(parent, 'publisher', context), 'publisher')),
    description: async (parent, _args, context) => descriptionOf(await showSource(parent, 'description', context)),
    images: async (parent, _args, context) =>
      (rawField(await showSource(parent, 'images', context), 'images') as V1Show['images'] | undefined) ?? [],
    explicit: async (parent, _args, context) =>
      rawField(await showSource(parent, 'explicit', context), 'explicit') === true,
    languages: async (parent, _args, context) =>
      (rawField(await showSource(parent, 'languages', context), 'languages') as string[] | undefined) ?? [],
    totalEpisodes: async (parent, _args, context) =>
      required((await showSource(parent, 'total_episodes', context)).total_episodes, 'Show.totalEpisodes'),
    episodes: async (parent, args, context) => {
      const request = pageRequest(args, showEpisodesPage, 'Show.episodes');
      const { music, loaders } = musicOf(context);
      const id = idOf(parent, 'show');
      // A full show embeds its first page of episodes: use it when it holds the page asked for.
      const full = isFullShow(parent)
        ? parent
        : request.offset + request.limit <= showEpisodesPage.max
          ? await loaders.show.load(id)
          : undefined;
      const show: ShowParent = full ?? parent;
      const page: V1Page<V1SimplifiedEpisode> =
        embeddedPage(full?.episodes, request) ??
        (await music.get('/shows/{id}/episodes', {
          path: { id },
          query: { limit: request.limit, offset: request.offset },
        }));
      return connectionFromPage(page, request, (episode) => ({ node: withShow(episode, show) }));
    },
  },

  Episode: {
    id: (parent) => idOf(parent, 'episode'),
    uri: (parent) => (typeof parent.uri === 'string' ? parent.uri : `spotify:episode:${idOf(parent, 'episode')}`),
    name: async (parent, _args, context) =>
      required((await episodeSource(parent, 'name', context)).name, 'Episode.name'),
    description: async (parent, _args, context) => descriptionOf(await episodeSource(parent, 'description', context)),
    durationMs: async (parent, _args, context) =>
      required((await episodeSource(parent, 'duration_ms', context)).duration_ms, 'Episode.durationMs'),
    releaseDate: async (parent, _args, context) =>
      required((await episodeSource(parent, 'release_date', context)).release_date, 'Episode.releaseDate'),
    explicit: async (parent, _args, context) =>
      rawField(await episodeSource(parent, 'explicit', context), 'explicit') === true,
    images: async (parent, _args, context) =>
      (rawField(await episodeSource(parent, 'images', context), 'images') as V1Show['images'] | undefined) ?? [],
    audioPreviewUrl: async (parent, _args, context) =>
      stringOrNull(rawField(await episodeSource(parent, 'audio_preview_url', context), 'audio_preview_url')),
    show: async (parent, _args, context) => {
      // The published full episode type is unusable (its `type` discriminators conflict): read `show` raw.
      const known = knownShow(parent) ?? (rawField(parent, 'show') as ShowParent | undefined);
      if (known) return known;
      const full: EpisodeParent = await musicOf(context).loaders.episode.load(idOf(parent, 'episode'));
      return required(rawField(full, 'show') as ShowParent | undefined, 'Episode.show');
    },
    resumePoint: async (parent, _args, context) =>
      (await episodeSource(parent, 'resume_point', context)).resume_point ?? null,
  },

  ResumePoint: {
    fullyPlayed: (parent) => parent.fully_played ?? false,
    resumePositionMs: (parent) => parent.resume_position_ms ?? 0,
  },
};
