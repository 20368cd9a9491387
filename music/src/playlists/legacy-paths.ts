import type { NextFunction, Request, Response } from 'express';
import type { Profile } from '../http/profile';

const legacyItems = /^\/playlists\/([^/]+)\/tracks(\?.*)?$/;
/** Spotify's paths before 2018 named the owner: /users/{owner}/playlists/{id}/…. */
const ownerPaths = /^\/users\/[^/]+\/playlists\/([^/?]+)(\/[^?]*)?(\?.*)?$/;

/**
 * Spotify renamed `/playlists/{id}/tracks` to `/playlists/{id}/items` in 2026 for development-mode
 * apps; apps with extended access, and the client libraries written before, still use the old
 * path, and some the older still that named the playlist's owner. On the full profile the old
 * paths are served by the new routes (they answer both the old and the new field names);
 * development-mode apps find them gone, as on Spotify. A page of items read by the old path takes
 * that path's limit (up to 100, where `/items` takes 50) and links to the old path.
 */
export function legacyPlaylistItems(profile: () => Profile) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (profile() === 'full') {
      const owned = ownerPaths.exec(req.url);
      if (owned) req.url = `/playlists/${owned[1] ?? ''}${owned[2] ?? ''}${owned[3] ?? ''}`;
      const match = legacyItems.exec(req.url);
      if (match) {
        res.locals.legacyItemsPath = `/playlists/${match[1] ?? ''}/tracks`;
        req.url = `/playlists/${match[1] ?? ''}/items${match[2] ?? ''}`;
      }
    }
    next();
  };
}

/** The old path a request for a playlist's items came by (`/playlists/{id}/tracks`), if it did. */
export function legacyItemsPath(res: Response): string | undefined {
  const path: unknown = res.locals.legacyItemsPath;
  return typeof path === 'string' ? path : undefined;
}
