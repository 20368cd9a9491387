import type { NextFunction, Request, Response } from 'express';
import type { Profile } from './profile';

const legacyItems = /^\/playlists\/([^/]+)\/tracks(\?.*)?$/;

/**
 * Spotify renamed `/playlists/{id}/tracks` to `/playlists/{id}/items` in 2026 for development-mode
 * apps; apps with extended access, and the client libraries written before, still use the old
 * path. On the full profile the old path is served by the new routes (they answer both the old
 * and the new field names); development-mode apps find it gone, as on Spotify.
 */
export function legacyPlaylistItems(profile: () => Profile) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const match = legacyItems.exec(req.url);
    if (match && profile() === 'full') req.url = `/playlists/${match[1] ?? ''}/items${match[2] ?? ''}`;
    next();
  };
}
