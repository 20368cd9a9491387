import { createHash } from 'node:crypto';

/**
 * Playlist snapshot ids. Like Spotify's, a snapshot id is the base64 of `<version>,<hash>`:
 * the version counts the playlist's changes and the hash ties it to the playlist, so the
 * service can tell an earlier snapshot of a playlist from one that never belonged to it
 * without keeping every version. Seeded playlists start with an id of another form, which
 * counts as version 0.
 */

function versionHash(playlistId: string, version: number): string {
  return createHash('sha256').update(`playlist:${playlistId}:${version}`).digest('hex').slice(0, 40);
}

/** The snapshot id of version `version` of a playlist. */
export function snapshotFor(playlistId: string, version: number): string {
  return Buffer.from(`${version},${versionHash(playlistId, version)}`).toString('base64');
}

/** The version a snapshot id names, or null when it is not one of this playlist's. */
export function snapshotVersion(playlistId: string, snapshotId: string): number | null {
  if (!/^[A-Za-z0-9+/]+=*$/.test(snapshotId) || snapshotId.length > 200) return null;
  const match = /^(\d{1,9}),([0-9a-f]{40})$/.exec(Buffer.from(snapshotId, 'base64').toString('latin1'));
  if (!match) return null;
  const version = Number(match[1]);
  return match[2] === versionHash(playlistId, version) ? version : null;
}

/** The id of the snapshot after `current`. */
export function nextSnapshot(playlistId: string, current: string): string {
  return snapshotFor(playlistId, (snapshotVersion(playlistId, current) ?? 0) + 1);
}

/** Whether `given` is the playlist's current snapshot or one it had before. */
export function snapshotBelongs(playlistId: string, current: string, given: string): boolean {
  if (given === current) return true;
  const version = snapshotVersion(playlistId, given);
  return version !== null && version <= (snapshotVersion(playlistId, current) ?? 0);
}
