import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Entity tags of a playlist's answers that follow its snapshot, as Spotify's do: every change of the
 * playlist's details or items gives it a new `snapshot_id` (./access.ts), so the tag hashes that
 * with what else the answer shows (`parts`: followers, the owner's name, whether its items are
 * hidden, the profile) and the question asked (the path with its query: `fields`, the page, the
 * market). A client that sends the tag back as `If-None-Match` gets a 304 before the answer is
 * built. Where the answer holds what changes without a new snapshot (an episode with the listener's
 * resume point), the caller leaves the tag to Express, which hashes the answer once it is built.
 */

/** Sets the answer's tag; answers 304 and true when the client holds it already. */
export function notModifiedSince(req: Request, res: Response, snapshotId: string, parts: readonly unknown[]): boolean {
  // The app may turn entity tags off (`app.set('etag', false)`): then none is made here either.
  if (typeof req.app.get('etag fn') !== 'function') return false;
  const digest = createHash('sha1')
    .update(JSON.stringify([snapshotId, req.originalUrl, ...parts]))
    .digest('base64url')
    .slice(0, 27);
  res.set('ETag', `W/"${digest}"`);
  if (!req.fresh) return false;
  res.status(304).end();
  return true;
}
