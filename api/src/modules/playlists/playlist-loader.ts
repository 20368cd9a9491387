import DataLoader from 'dataloader';
import { musicOf, type Context } from '../../context';
import type { V1Playlist } from '../../music/v1';

/**
 * Full playlists by id (`GET /playlists/{id}`, once per id and request). A playlist may be
 * private to the listener, so it is kept per request, never shared across requests.
 */

const loaders = new WeakMap<Context, DataLoader<string, V1Playlist>>();

export function playlistLoader(context: Context): DataLoader<string, V1Playlist> {
  const { client } = musicOf(context);
  let loader = loaders.get(context);
  if (!loader) {
    loader = new DataLoader<string, V1Playlist>((ids) =>
      Promise.all(
        ids.map((id) =>
          client
            .get<V1Playlist>(`/playlists/${encodeURIComponent(id)}`, { additional_types: 'track,episode' })
            .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
        ),
      ),
    );
    loaders.set(context, loader);
  }
  return loader;
}
