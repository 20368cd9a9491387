import type { Response } from 'express';
import { getAuth } from '../accounts/middleware';
import type { Database, Queryable } from '../db/types';
import { ApiError, badRequest, notFound } from '../errors';
import { nextSnapshot, snapshotBelongs } from './snapshots';
import { lockPlaylist, setSnapshot, type Access } from './store';

/**
 * Who may read and change a playlist, and how a change is made: in one transaction that holds
 * the playlist's row and gives it a new snapshot id.
 */

/**
 * A collaborator of a collaborative playlist is someone who follows it: the playlist's id is
 * its invitation, and following it joins it.
 */
function collaborator(row: Access, userId: string | null): boolean {
  return row.collaborative && userId !== null && row.followed;
}

/** Anyone may read a public playlist; a private one only its owner and its collaborators. */
export function readable(row: Access, userId: string | null): boolean {
  return row.public || row.owner_id === userId || collaborator(row, userId);
}

export function changeable(row: Access, userId: string): boolean {
  return row.owner_id === userId || collaborator(row, userId);
}

/** The scope that changes a playlist of this visibility. */
export function modifyScope(isPublic: boolean): string {
  return isPublic ? 'playlist-modify-public' : 'playlist-modify-private';
}

export function requireScope(res: Response, scope: string): void {
  if (!getAuth(res).scopes.has(scope)) throw new ApiError(403, 'Insufficient client scope');
}

export interface Change {
  /** Only the owner may make it (details); otherwise collaborators may too (items). */
  ownerOnly?: boolean;
  /** The snapshot the client made the change against. */
  snapshotId?: string;
  /**
   * The change names positions, which hold only in the snapshot they were read from: a snapshot
   * given must be the playlist's current one (SNAPSHOT_STALE otherwise), since earlier ones are not kept.
   */
  currentSnapshot?: boolean;
  /** Scopes beyond the one for the playlist's present visibility. */
  scopes?: (row: Access) => string[];
}

/**
 * Changes a playlist in one transaction that holds its row, so concurrent changes apply one
 * after the other; answers the new snapshot id. Someone else's private playlist is not found,
 * a playlist the user cannot change is forbidden.
 */
export async function change(
  db: Database,
  res: Response,
  playlistId: string,
  options: Change,
  apply: (tx: Queryable, userId: string) => Promise<void>,
): Promise<string> {
  const userId = getAuth(res).userId ?? '';
  return db.transaction(async (tx) => {
    const row = await lockPlaylist(tx, playlistId, userId);
    if (!row || !readable(row, userId)) throw notFound('Playlist not found');
    if (options.ownerOnly ? row.owner_id !== userId : !changeable(row, userId)) {
      throw new ApiError(403, 'You cannot change this playlist');
    }
    for (const scope of [modifyScope(row.public), ...(options.scopes?.(row) ?? [])]) requireScope(res, scope);
    if (options.snapshotId !== undefined && !snapshotBelongs(playlistId, row.snapshot_id, options.snapshotId)) {
      throw badRequest('Invalid snapshot_id: not a snapshot of this playlist');
    }
    if (options.currentSnapshot && options.snapshotId !== undefined && options.snapshotId !== row.snapshot_id) {
      throw new ApiError(
        400,
        'Stale snapshot_id: the playlist has changed since that snapshot, so its positions may hold other items; read it again',
        'SNAPSHOT_STALE',
      );
    }
    await apply(tx, userId);
    const snapshotId = nextSnapshot(playlistId, row.snapshot_id);
    await setSnapshot(tx, playlistId, snapshotId);
    return snapshotId;
  });
}
