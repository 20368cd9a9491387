import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../accounts/service';
import { seedCatalog } from '../catalog/seed';
import { counting, OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import { ArtistFollowCounts, forgetArtistFollows } from './follow-counts';

const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`artists' follower counts on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let artists: string[];

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      await seedCatalog(isolated.db, { tracks: 40, albums: 4, artists: 4, playlists: 1, shows: 1, episodes: 1 });
      for (const user of ['fan1', 'fan2']) await createUser(isolated.db, { id: user });
      artists = (await isolated.db.query<{ id: string }>('SELECT id FROM artists ORDER BY id')).rows.map((r) => r.id);
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await isolated.dispose();
      await engine.shutdown();
    });

    const follow = (user: string, artist: string) =>
      isolated.db.query('INSERT INTO followed_artists (user_id, artist_id) VALUES ($1, $2)', [user, artist]);
    const unfollowAll = () => isolated.db.query('DELETE FROM followed_artists');

    it('reads every count in one statement and reuses it until it is too old', async () => {
      await unfollowAll();
      const [a, b, c] = artists;
      if (a === undefined || b === undefined || c === undefined) throw new Error('The catalog has too few artists.');
      await follow('fan1', a);
      await follow('fan2', a);
      await follow('fan1', b);
      let clock = 0;
      const store = counting(isolated.db);
      const counts = new ArtistFollowCounts(store.db, { maxAgeMs: 1000, now: () => clock });
      expect(await counts.of([a, b, c])).toEqual(
        new Map([
          [a, 2],
          [b, 1],
        ]),
      );
      expect(await counts.of([b])).toEqual(new Map([[b, 1]]));
      expect(await counts.of([])).toEqual(new Map());
      expect(store.reads()).toBe(1);
      // Another process follows: seen once the counts are older than their age.
      await follow('fan2', c);
      clock = 999;
      expect((await counts.of([c])).get(c)).toBeUndefined();
      clock = 1001;
      expect((await counts.of([c])).get(c)).toBe(1);
      expect(store.reads()).toBe(2);
    });

    it('reads again at once after a change of follows in this process, and shares a read under way', async () => {
      await unfollowAll();
      const [a] = artists;
      if (a === undefined) throw new Error('The catalog has no artist.');
      const store = counting(isolated.db);
      const counts = new ArtistFollowCounts(store.db, { maxAgeMs: 60_000, now: () => 0 });
      const [first, second] = await Promise.all([counts.of([a]), counts.of([a])]);
      expect(first.get(a)).toBeUndefined();
      expect(second.get(a)).toBeUndefined();
      expect(store.reads()).toBe(1);
      await follow('fan1', a);
      forgetArtistFollows();
      expect((await counts.of([a])).get(a)).toBe(1);
      expect(store.reads()).toBe(2);
    });

    it('does not keep counts read while follows changed', async () => {
      await unfollowAll();
      const [a] = artists;
      if (a === undefined) throw new Error('The catalog has no artist.');
      const store = counting(isolated.db);
      const counts = new ArtistFollowCounts(store.db, { maxAgeMs: 60_000, now: () => 0 });
      // The change commits while the read runs: what it read is used once, and not kept.
      const reading = counts.of([a]);
      await follow('fan1', a);
      forgetArtistFollows();
      await reading;
      expect((await counts.of([a])).get(a)).toBe(1);
      expect(store.reads()).toBe(2);
      expect((await counts.of([a])).get(a)).toBe(1);
      expect(store.reads()).toBe(2);
    });
  });
}
