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

    it('writes nothing when it fails part-way', async () => {
      await expect(db().transaction((tx) => furnishDemoLibrary(tx, 'nobody', now))).rejects.toThrow();
      const { rows } = await db().query<{ n: number }>(
        "SELECT count(*) AS n FROM saved_tracks WHERE user_id = 'nobody'",
      );
      expect(rows[0]?.n).toBe(0);
    });
  });
}
