import type { Response } from 'express';
import { getAuth } from '../accounts/middleware';
import type { Database, Queryable } from '../db/types';
import { ApiError } from '../errors';
import type { ParsedUri, UriType } from '../http/params';
import { forgetArtistFollows } from './follow-counts';
import * as store from './store';
import type { SavedTable } from './store';

/** Saving to and removing from a listener's library; every change is one transaction. */

export function userOf(res: Response): string {
  const userId = getAuth(res).userId;
  if (!userId) throw new ApiError(403, 'This endpoint needs a user: client credentials cannot use it');
  return userId;
}

/** Saves ids that exist; an unknown id fails the whole request and nothing is saved. */
export async function save(tx: Queryable, saved: SavedTable, userId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const rows = await store.savable(tx, saved, userId, unique);
  if (rows.length !== unique.length) throw new ApiError(400, 'Unknown id');
  const allowed = rows.filter((row) => row.visible).map((row) => row.id);
  if (saved.table === 'followed_playlists' && allowed.length !== unique.length) {
    throw new ApiError(404, 'Playlist not found');
  }
  await store.insertSaved(tx, saved, userId, allowed);
}

export const remove = store.remove;

/** Which table a `/me/library` URI goes to, and the scopes it needs to change and to check it. */
export const libraryTargets: Partial<Record<UriType, { saved: SavedTable; modifyScope: string; readScope: string }>> = {
  track: { saved: store.savedTracks, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  album: { saved: store.savedAlbums, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  artist: { saved: store.followedArtists, modifyScope: 'user-follow-modify', readScope: 'user-follow-read' },
  user: { saved: store.followedUsers, modifyScope: 'user-follow-modify', readScope: 'user-follow-read' },
  // Saving a playlist follows it (publicly, as Spotify's library does).
  playlist: {
    saved: store.followedPlaylists,
    modifyScope: 'playlist-modify-public',
    readScope: 'playlist-read-private',
  },
  show: { saved: store.savedShows, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
  episode: { saved: store.savedEpisodes, modifyScope: 'user-library-modify', readScope: 'user-library-read' },
};

/** Audiobooks take the library's scopes, but the catalog has none: none is saved, none contained. */
export const audiobookScopes = { modifyScope: 'user-library-modify', readScope: 'user-library-read' };

/** 403 unless the client has the scope of each URI's kind: `modifyScope` or `readScope`. */
export function checkScopes(res: Response, uris: readonly ParsedUri[], which: 'modifyScope' | 'readScope'): void {
  const scopes = getAuth(res).scopes;
  for (const uri of uris) {
    const target = uri.type === 'audiobook' ? audiobookScopes : libraryTargets[uri.type];
    if (target && !scopes.has(target[which])) throw new ApiError(403, 'Insufficient client scope');
  }
}

/** Saves or removes `/me/library` URIs of every kind, in one transaction. */
export async function changeLibrary(
  db: Database,
  res: Response,
  uris: readonly ParsedUri[],
  change: typeof save,
): Promise<void> {
  checkScopes(res, uris, 'modifyScope');
  const userId = userOf(res);
  // Saving an unknown id saves nothing; removing one removes nothing.
  if (change === save && uris.some((uri) => uri.type === 'audiobook')) throw new ApiError(400, 'Unknown id');
  await db.transaction(async (tx) => {
    for (const [type, target] of Object.entries(libraryTargets)) {
      const ids = uris.filter((uri) => uri.type === type).map((uri) => uri.id);
      if (ids.length > 0) await change(tx, target.saved, userId, ids);
    }
  });
  // Committed: artists' follower counts are read again.
  if (uris.some((uri) => uri.type === 'artist')) forgetArtistFollows();
}
