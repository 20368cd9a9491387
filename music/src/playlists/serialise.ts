import * as objects from '../http/objects';
import { offsetPage } from '../http/paging';
import type { PlaylistItemRow } from './items';
import type { PlaylistRow } from './store';

/** Playlists and their items in Spotify's shapes. */

export function playlistRecord(row: PlaylistRow): objects.PlaylistRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public,
    collaborative: row.collaborative,
    snapshotId: row.snapshot_id,
    owner: { id: row.owner_id, displayName: row.owner_name },
    totalItems: row.total,
    followers: row.followers,
    cover: row.cover,
  };
}

/** A full playlist with `items`, the first page of its items. */
export function playlistJson<T>(urls: objects.Urls, row: PlaylistRow, items: T) {
  return objects.playlist(urls, playlistRecord(row), items);
}

/** A full playlist without its items (what development-mode apps see of others' playlists). */
export function playlistWithoutItems(urls: objects.Urls, row: PlaylistRow) {
  const { items: _hidden, ...withoutItems } = objects.playlist(urls, playlistRecord(row), null);
  return withoutItems;
}

export function simplifiedPlaylistJson(urls: objects.Urls, row: PlaylistRow) {
  return objects.simplifiedPlaylist(urls, playlistRecord(row));
}

/** The first page of a playlist's items, as a new playlist has it. */
export function emptyItemsPage(urls: objects.Urls, playlistId: string) {
  return offsetPage(`${urls.api}/playlists/${playlistId}/items`, {}, [], { limit: 100, offset: 0 }, 0);
}

/** One entry of a playlist's items: the track or episode with when and by whom it was added. */
export function itemEntry<T>(urls: objects.Urls, row: PlaylistItemRow, item: T) {
  return {
    added_at: row.addedAt,
    added_by: row.addedBy ? objects.playlistUser(urls, row.addedBy) : null,
    is_local: false,
    item,
    track: item,
  };
}
