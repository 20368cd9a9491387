import type { Queryable } from '../db/types';
import { itemsWithSnapshot } from './store';

/** One item of a playlist, as its pages list it. */
export interface PlaylistItemRow {
  trackId: string | null;
  episodeId: string | null;
  /** When it was added, as the answer writes it (ISO 8601). */
  addedAt: string;
  addedBy: string | null;
}

interface Entry {
  snapshotId: string;
  items: readonly PlaylistItemRow[];
}

/**
 * The items of playlists, in order, kept per playlist with the snapshot they belong to.
 *
 * Every change of a playlist's items gives it a new `snapshot_id` in the same transaction
 * (see `change` in ./access.ts), so items read together with their snapshot id stay right
 * for as long as the playlist has that snapshot id: a page asked for at another snapshot reads
 * the playlist again. Nothing has to be told of changes, and a change made by another process
 * shows at once. Bounded by the items kept in all; the least recently used playlists go first.
 */
export class PlaylistItems {
  private readonly entries = new Map<string, Entry>();
  private kept = 0;

  constructor(
    private readonly db: Queryable,
    /** Items kept in all, across playlists. */
    private readonly maxItems = 200_000,
  ) {}

  /**
   * Items `offset` to `offset + limit` of the playlist as of `snapshotId` (the snapshot the
   * caller read with the playlist). When the playlist has changed since, the items are those
   * of the snapshot read now, as a read of the items alone would give.
   */
  async page(
    playlistId: string,
    snapshotId: string,
    page: { limit: number; offset: number },
  ): Promise<readonly PlaylistItemRow[]> {
    let entry = this.entries.get(playlistId);
    if (entry?.snapshotId === snapshotId) {
      // Most recently used last.
      this.entries.delete(playlistId);
      this.entries.set(playlistId, entry);
    } else {
      entry = await this.read(playlistId);
      if (entry === undefined) return [];
      this.keep(playlistId, entry);
    }
    return entry.items.slice(page.offset, page.offset + page.limit);
  }

  /** How many playlists and items are kept now (for tests and figures). */
  get size(): { playlists: number; items: number } {
    return { playlists: this.entries.size, items: this.kept };
  }

  /** The playlist's items with its snapshot id, read in one statement so that they belong together. */
  private async read(playlistId: string): Promise<Entry | undefined> {
    const rows = await itemsWithSnapshot(this.db, playlistId);
    const first = rows[0];
    if (first === undefined) return undefined;
    const items = rows.flatMap((row): PlaylistItemRow[] =>
      // An empty playlist reads as one row without an item.
      row.added_at === null
        ? []
        : [
            {
              trackId: row.track_id,
              episodeId: row.episode_id,
              addedAt: row.added_at.toISOString(),
              addedBy: row.added_by,
            },
          ],
    );
    return { snapshotId: first.snapshot_id, items };
  }

  private keep(playlistId: string, entry: Entry): void {
    const previous = this.entries.get(playlistId);
    if (previous) {
      this.entries.delete(playlistId);
      this.kept -= previous.items.length;
    }
    // A playlist larger than the whole bound is read at each page instead.
    if (entry.items.length > this.maxItems) return;
    this.entries.set(playlistId, entry);
    this.kept += entry.items.length;
    for (const [id, oldest] of this.entries) {
      if (this.kept <= this.maxItems) break;
      this.entries.delete(id);
      this.kept -= oldest.items.length;
    }
  }
}
