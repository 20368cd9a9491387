import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../catalog/seed';
import { counting, OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { PlaylistItems } from './items';
import { nextSnapshot } from './snapshots';

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`playlist items kept by snapshot on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let playlists: string[];

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      await seedCatalog(isolated.db, { tracks: 200, albums: 15, artists: 6, playlists: 3, shows: 1, episodes: 2 });
      playlists = (
        await isolated.db.query<{ id: string }>(
          'SELECT playlist_id AS id FROM playlist_items GROUP BY playlist_id ORDER BY playlist_id',
        )
      ).rows.map((row) => row.id);
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated.dispose();
      await engine.shutdown();
    });

    const stored = async (playlistId: string) => {
      const { rows } = await isolated.db.query<{ track_id: string; position: number }>(
        'SELECT track_id, position FROM playlist_items WHERE playlist_id = $1 ORDER BY position',
        [playlistId],
      );
      return rows.map((row) => row.track_id);
    };
    const snapshotOf = async (playlistId: string) =>
      (await isolated.db.query<{ s: string }>('SELECT snapshot_id AS s FROM playlists WHERE id = $1', [playlistId]))
        .rows[0]?.s ?? '';
    /** A change as another process makes it: the items and, in the same transaction, the snapshot. */
    const changeElsewhere = (playlistId: string, sql: string) =>
      isolated.db.transaction(async (tx) => {
        await tx.query(sql, [playlistId]);
        const { rows } = await tx.query<{ s: string }>('SELECT snapshot_id AS s FROM playlists WHERE id = $1', [
          playlistId,
        ]);
        await tx.query('UPDATE playlists SET snapshot_id = $2 WHERE id = $1', [
          playlistId,
          nextSnapshot(playlistId, rows[0]?.s ?? ''),
        ]);
      });

    it('reads a playlist once per snapshot and pages it from memory', async () => {
      const [playlist] = playlists;
      if (playlist === undefined) throw new Error('The catalog has no playlist with items.');
      const store = counting(isolated.db);
      const items = new PlaylistItems(store.db);
      const snapshot = await snapshotOf(playlist);
      const all = await stored(playlist);
      const first = await items.page(playlist, snapshot, { limit: 5, offset: 0 });
      const second = await items.page(playlist, snapshot, { limit: 5, offset: 5 });
      const past = await items.page(playlist, snapshot, { limit: 5, offset: all.length });
      expect([...first, ...second].map((item) => item.trackId)).toEqual(all.slice(0, 10));
      expect(past).toEqual([]);
      expect(first[0]?.addedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(store.reads()).toBe(1);
      expect(items.size).toEqual({ playlists: 1, items: all.length });
    });

    it('reads again when the playlist has a new snapshot, whoever changed it', async () => {
      const [, playlist] = playlists;
      if (playlist === undefined) throw new Error('The catalog has too few playlists.');
      const store = counting(isolated.db);
      const items = new PlaylistItems(store.db);
      const before = await snapshotOf(playlist);
      const page = { limit: 100, offset: 0 };
      expect((await items.page(playlist, before, page)).map((item) => item.trackId)).toEqual(await stored(playlist));
      await changeElsewhere(
        playlist,
        'DELETE FROM playlist_items WHERE playlist_id = $1 AND position = (SELECT min(position) FROM playlist_items WHERE playlist_id = $1)',
      );
      const after = await snapshotOf(playlist);
      expect(after).not.toBe(before);
      const changed = await items.page(playlist, after, page);
      expect(changed.map((item) => item.trackId)).toEqual(await stored(playlist));
      expect(store.reads()).toBe(2);
      // A caller that read the playlist before the change gets the items as they are now.
      expect((await items.page(playlist, before, page)).map((item) => item.trackId)).toEqual(await stored(playlist));
    });

    it('answers nothing for an empty or unknown playlist', async () => {
      const [, , playlist] = playlists;
      if (playlist === undefined) throw new Error('The catalog has too few playlists.');
      await changeElsewhere(playlist, 'DELETE FROM playlist_items WHERE playlist_id = $1');
      const items = new PlaylistItems(isolated.db);
      expect(await items.page(playlist, await snapshotOf(playlist), { limit: 10, offset: 0 })).toEqual([]);
      expect(await items.page('0000000000000000000000', 'none', { limit: 10, offset: 0 })).toEqual([]);
    });

    it('keeps at most its bound of items, the least recently used playlists going first', async () => {
      const [a, b] = playlists;
      if (a === undefined || b === undefined) throw new Error('The catalog has too few playlists.');
      const sizeA = (await stored(a)).length;
      const sizeB = (await stored(b)).length;
      const store = counting(isolated.db);
      const page = { limit: 1, offset: 0 };
      const items = new PlaylistItems(store.db, Math.max(sizeA, sizeB));
      await items.page(a, await snapshotOf(a), page);
      await items.page(b, await snapshotOf(b), page);
      expect(items.size.playlists).toBe(1);
      await items.page(b, await snapshotOf(b), page);
      await items.page(a, await snapshotOf(a), page);
      // Bound reads: the snapshot look-ups above do not go through `store`.
      expect(store.reads()).toBe(3);
      const tiny = new PlaylistItems(store.db, 1);
      await tiny.page(a, await snapshotOf(a), page);
      expect(tiny.size).toEqual({ playlists: 0, items: 0 });
    });
  });
}
