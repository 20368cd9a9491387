import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../accounts/service';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { furnishDemoLibrary } from './demo';
import { seedCatalog } from './seed';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 1, 12);

for (const engine of await testEngines()) {
  describe.runIf(engine.enabled)(`the demo library on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase | undefined;
    const db = () => {
      if (!isolated) throw new Error('no database yet');
      return isolated.db;
    };

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      await seedCatalog(isolated.db, { tracks: 600, albums: 50, artists: 20, playlists: 8, shows: 4, episodes: 16 });
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated?.dispose();
      await engine.shutdown();
    });

    it('gives every screen content: likes, albums, follows, playlists, podcasts and history', async () => {
      await createUser(db(), { id: 'furnished', displayName: 'Furnished' });
      const library = await db().transaction((tx) => furnishDemoLibrary(tx, 'furnished', now));
      expect(library.savedTracks).toBeGreaterThanOrEqual(20);
      expect(library.savedAlbums).toBeGreaterThanOrEqual(5);
      expect(library.followedArtists).toBe(8);
      expect(library.playlists).toBe(3);
      expect(library.followedPlaylists).toBe(6);
      expect(library.savedShows).toBe(3);
      expect(library.savedEpisodes).toBeGreaterThan(0);
      expect(library.plays).toBeGreaterThan(300);

      const count = async (sql: string) => (await db().query<{ n: number }>(sql, ['furnished'])).rows[0]?.n;
      expect(await count('SELECT count(*) AS n FROM saved_tracks WHERE user_id = $1')).toBe(library.savedTracks);
      expect(await count('SELECT count(*) AS n FROM plays WHERE user_id = $1')).toBe(library.plays);
      expect(await count('SELECT count(*) AS n FROM episode_progress WHERE user_id = $1')).toBeGreaterThan(0);

      // Each playlist's positions run 0..n-1 without a gap.
      const { rows: positions } = await db().query<{ n: number; top: number }>(
        `SELECT count(*) AS n, max(position) AS top FROM playlist_items i JOIN playlists p ON p.id = i.playlist_id
          WHERE p.owner_id = $1 GROUP BY p.id`,
        ['furnished'],
      );
      expect(positions).toHaveLength(3);
      for (const { n, top } of positions) expect(top).toBe(n - 1);

      // History spans six months, and never lies in the future.
      const { rows: span } = await db().query<{ first: Date; last: Date }>(
        'SELECT min(played_at) AS first, max(played_at) AS last FROM plays WHERE user_id = $1',
        ['furnished'],
      );
      expect(now - (span[0]?.first.getTime() ?? now)).toBeGreaterThan(170 * DAY_MS);
      expect(span[0]?.last.getTime()).toBeLessThan(now);
    });

    it('makes the last four weeks lean towards other artists than the months before', async () => {
      await createUser(db(), { id: 'listener-history', displayName: 'History' });
      await db().transaction((tx) => furnishDemoLibrary(tx, 'listener-history', now));
      const top = async (fromDaysAgo: number, toDaysAgo: number) =>
        (
          await db().query<{ artist_id: string }>(
            `SELECT ta.artist_id FROM plays p JOIN track_artists ta ON ta.track_id = p.track_id AND ta.position = 0
              WHERE p.user_id = $1 AND p.played_at >= $2 AND p.played_at < $3
              GROUP BY ta.artist_id ORDER BY count(*) DESC, ta.artist_id LIMIT 1`,
            ['listener-history', new Date(now - fromDaysAgo * DAY_MS), new Date(now - toDaysAgo * DAY_MS)],
          )
        ).rows[0]?.artist_id;
      const recent = await top(28, 0);
      const before = await top(180, 28);
      expect(recent).toBeDefined();
      expect(before).toBeDefined();
      expect(recent).not.toBe(before);
    });

    it('gives another user the same library from the same seed, in playlists of their own', async () => {
      await createUser(db(), { id: 'seed-one', displayName: 'One' });
      await createUser(db(), { id: 'seed-two', displayName: 'Two' });
      await db().transaction((tx) => furnishDemoLibrary(tx, 'seed-one', now, 'shared-seed'));
      await db().transaction((tx) => furnishDemoLibrary(tx, 'seed-two', now, 'shared-seed'));
      const library = async (userId: string) => ({
        liked: (
          await db().query<{ track_id: string }>(
            'SELECT track_id FROM saved_tracks WHERE user_id = $1 ORDER BY track_id',
            [userId],
          )
        ).rows,
        followed: (
          await db().query<{ playlist_id: string }>(
            `SELECT f.playlist_id FROM followed_playlists f JOIN playlists p ON p.id = f.playlist_id
              WHERE f.user_id = $1 AND p.owner_id <> $1 ORDER BY f.playlist_id`,
            [userId],
          )
        ).rows,
        playlists: (
          await db().query<{ id: string; name: string }>(
            'SELECT id, name FROM playlists WHERE owner_id = $1 ORDER BY name',
            [userId],
          )
        ).rows,
      });
      const one = await library('seed-one');
      const two = await library('seed-two');
      expect(two.liked).toEqual(one.liked);
      expect(two.followed).toEqual(one.followed);
      expect(two.playlists.map((playlist) => playlist.name)).toEqual(one.playlists.map((playlist) => playlist.name));
      // Each owns their playlists: none is shared.
      const ids = new Set(one.playlists.map((playlist) => playlist.id));
      expect(two.playlists.some((playlist) => ids.has(playlist.id))).toBe(false);
    });

    it('writes nothing when it fails part-way', async () => {
      await expect(db().transaction((tx) => furnishDemoLibrary(tx, 'nobody', now))).rejects.toThrow();
      const { rows } = await db().query<{ n: number }>(
        "SELECT count(*) AS n FROM saved_tracks WHERE user_id = 'nobody'",
      );
      expect(rows[0]?.n).toBe(0);
    });
  });
}
