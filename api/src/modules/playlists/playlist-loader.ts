import DataLoader from 'dataloader';
import { musicOf, type Context } from '../../context';
import type { V1Playlist } from '../../music/v1';
import { learn } from '../catalog/capabilities';

/**
 * Spotify renamed a playlist's items in 2026 (`tracks` to `items`, and each item's `track` to
 * `item`) and answers both names meanwhile, so a full playlist carries its first 100 items twice
 * over (907 KB for 100 tracks, where 239 KB say it all). Once an answer has shown that the
 * upstream uses the new names, the api asks only for them (Spotify's `fields` filter); until then,
 * and from an upstream that knows only the old names, it takes the whole answer and reads
 * whichever names it has.
 */
const renamedItems = 'playlistItemsRenamed';

const itemFields = 'added_at,added_by,is_local,item';
const pageFields = ['href', 'limit', 'next', 'offset', 'previous', 'total'];

/** The filter for a page of playlist items: each item once, as `item`. */
export const itemPageFields = [...pageFields, `items(${itemFields})`].join(',');

/** The filter for a full playlist: every field, and its first page of items as `itemPageFields` has it. */
export const playlistFields = [
  'collaborative,description,external_urls,followers,href,id,images,name,owner,public,snapshot_id,type,uri',
  ...pageFields.map((field) => `items.${field}`),
  `items.items(${itemFields})`,
].join(',');

/** The `fields` parameter to send with `filter`: none until the upstream is known to use the new names. */
export function itemFilter(context: Pick<Context, 'capabilities'>, filter: string): { fields?: string } {
  return context.capabilities.feature(renamedItems) === true ? { fields: filter } : {};
}

/** Learns the upstream's names for playlist items from a page of them; a page without items teaches nothing. */
export function learnItemNames(context: Pick<Context, 'capabilities'>, page: { items?: unknown } | undefined): void {
  const items: unknown = page?.items;
  const first: unknown = Array.isArray(items) ? (items as unknown[])[0] : undefined;
  if (typeof first !== 'object' || first === null) return;
  if ('item' in first) learn(context, renamedItems, true);
  else if ('track' in first) learn(context, renamedItems, false);
}

/**
 * Full playlists by id (`GET /playlists/{id}`, once per id and request). A playlist may be
 * private to the listener, so it is kept per request, and across requests only in the listener's
 * own part of the answer cache, asked again with its entity tag.
 */

const loaders = new WeakMap<Context, DataLoader<string, V1Playlist>>();

export function playlistLoader(context: Context): DataLoader<string, V1Playlist> {
  const { music } = musicOf(context);
  let loader = loaders.get(context);
  if (!loader) {
    loader = new DataLoader<string, V1Playlist>((ids) =>
      Promise.all(
        ids.map((id) =>
          music
            .get('/playlists/{playlist_id}', {
              path: { playlist_id: id },
              query: { additional_types: 'track,episode', ...itemFilter(context, playlistFields) },
              // Kept for the listener with its entity tag: read again, an unchanged playlist costs a 304, no parse.
              reuse: {},
            })
            .then((playlist) => {
              // oxlint-disable-next-line typescript/no-deprecated -- the name of `items` before 2026
              learnItemNames(context, playlist.items ?? playlist.tracks);
              return playlist;
            })
            .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
        ),
      ),
    );
    loaders.set(context, loader);
  }
  return loader;
}
