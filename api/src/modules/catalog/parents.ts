import { GraphQLError } from 'graphql';
import type { MusicProvider } from '../../__generated__/resolvers-types';
import type {
  AlbumParent,
  ArtistParent,
  EpisodeParent,
  ShowParent,
  TrackParent,
  V1Album,
  V1Artist,
  V1Show,
  V1Track,
} from '../../music/v1';

/**
 * A resolver's parent is the object the upstream gave: a full object, a simplified one from a
 * list, or only an id (a recommendation seed). A field reads the parent when it has the field
 * or is already the full object (development mode leaves fields out of full objects: fetching
 * again would not find them), and fetches the full object otherwise, through the loaders.
 */

/** What `Upstream` resolvers receive from the base resolver; `features` resolves on its own. */
export interface UpstreamParent {
  provider: MusicProvider;
  name: string;
}

/** Objects the upstream identifies by id. */
interface Identified {
  id?: string;
}

/** The id of an upstream object; an object without one is a fault of the upstream. */
export function idOf(parent: Identified, type: string): string {
  if (typeof parent.id === 'string' && parent.id !== '') return parent.id;
  throw new GraphQLError(`The music service described a ${type} without an id.`, {
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

/** A full track has its album; a simplified one (an album's tracks) does not. */
export function isFullTrack(parent: TrackParent): parent is V1Track {
  return 'album' in parent;
}

/** A full album embeds the first page of its tracks. */
export function isFullAlbum(parent: AlbumParent): parent is V1Album {
  return 'tracks' in parent;
}

/** A full artist has images (possibly none); a simplified one has no `images` at all. */
export function isFullArtist(parent: ArtistParent): parent is V1Artist {
  return 'images' in parent;
}

/** A full show embeds the first page of its episodes. */
export function isFullShow(parent: ShowParent): parent is V1Show {
  return 'episodes' in parent;
}

/** A full episode has its show. */
export function isFullEpisode(parent: EpisodeParent): boolean {
  return 'show' in parent;
}

/** How to tell a full object from a simplified one, and which fields only the full one has. */
export interface Shape<P> {
  isFull: (parent: P) => boolean;
  fullOnly: ReadonlySet<string>;
}

/** Fields that Spotify's development mode removes from full objects too (popularity, label …). */
export const extendedFields: ReadonlySet<string> = new Set(['popularity', 'label', 'genres', 'followers']);

/**
 * The object to read `key` from: `parent` when it has the key, is full, or is a simplified object
 * (it has a name) and the key is one the simplified shape has too, since an upstream that left it
 * out leaves it out of the full object as well; otherwise the full object that `load` fetches.
 * `extendedMissing` says the upstream is known to give no extended fields: no load for those.
 */
export async function sourceOf<P extends object, F extends P>(
  parent: P,
  key: string,
  shape: Shape<P>,
  load: () => Promise<F>,
  extendedMissing = false,
): Promise<P> {
  if (key in parent || shape.isFull(parent)) return parent;
  const simplified = 'name' in parent;
  if (simplified && !shape.fullOnly.has(key)) return parent;
  if (simplified && extendedMissing && extendedFields.has(key)) return parent;
  return load();
}

export const trackShape: Shape<TrackParent> = {
  isFull: isFullTrack,
  fullOnly: new Set(['album', 'popularity', 'external_ids']),
};
export const albumShape: Shape<AlbumParent> = {
  isFull: isFullAlbum,
  fullOnly: new Set(['tracks', 'copyrights', 'external_ids', 'genres', 'label', 'popularity']),
};
export const artistShape: Shape<ArtistParent> = {
  isFull: isFullArtist,
  fullOnly: new Set(['images', 'genres', 'popularity', 'followers']),
};
export const showShape: Shape<ShowParent> = { isFull: isFullShow, fullOnly: new Set(['episodes']) };
export const episodeShape: Shape<EpisodeParent> = { isFull: isFullEpisode, fullOnly: new Set(['show']) };

/**
 * Reads `key` of an upstream object as an unknown value, for fields the published shapes leave
 * out (such as `description`) or declare required although development mode removes them.
 */
export function rawField(parent: object, key: string): unknown {
  return (parent as Record<string, unknown>)[key];
}

/** `value` when it is a string, else null. */
export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `value` when it is a number, else null. */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/** `value` when it is a boolean, else null. */
export function booleanOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/**
 * The album that lists a simplified track (an album's tracks carry no album of their own), and the
 * show that lists a simplified episode: recorded when the list is read, so that `Track.album` and
 * `Episode.show` need no further call.
 */
const albumOfTrack = new WeakMap<object, AlbumParent>();
const showOfEpisode = new WeakMap<object, ShowParent>();

export function withAlbum<T extends object>(track: T, album: AlbumParent): T {
  albumOfTrack.set(track, album);
  return track;
}

export function knownAlbum(track: object): AlbumParent | undefined {
  return albumOfTrack.get(track);
}

export function withShow<T extends object>(episode: T, show: ShowParent): T {
  showOfEpisode.set(episode, show);
  return episode;
}

export function knownShow(episode: object): ShowParent | undefined {
  return showOfEpisode.get(episode);
}

/** BAD_USER_INPUT unless `ids` holds 1 to `max` ids. */
export function checkIdCount(ids: readonly string[], max: number, field: string): void {
  if (ids.length < 1 || ids.length > max) {
    throw new GraphQLError(`${field}: ids must hold 1 to ${max} ids, got ${ids.length}.`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
}

/** A catalog id as the music v1 API writes them: 22 base62 characters. */
const catalogIdPattern = /^[0-9A-Za-z]{22}$/;

/**
 * BAD_USER_INPUT unless `id` looks like a catalog id. Checked before asking the upstream: a
 * malformed id in a multi-get would make the upstream refuse the whole batch.
 */
export function checkCatalogId(id: string, field: string): string {
  if (!catalogIdPattern.test(id)) {
    throw new GraphQLError(`${field}: "${id.slice(0, 40)}" is not a catalog id (22 letters and digits).`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return id;
}

/**
 * Loads each id through `load`, in the order asked: a malformed id fails in its place only,
 * without reaching the upstream.
 */
export function loadEach<T>(ids: readonly string[], field: string, load: (id: string) => Promise<T>): Promise<T>[] {
  return ids.map((id) => {
    try {
      return load(checkCatalogId(id, field));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
