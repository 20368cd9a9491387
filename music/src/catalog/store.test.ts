import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { OPEN_TIMEOUT_MS, testEngines, type IsolatedDatabase } from '../db/__fixtures__/engines';
import { migrate } from '../db/migrate';
import type { Queryable, Row } from '../db/types';
import { errorHandler } from '../errors';
import { catalogRoutes } from './routes';
import { assertShape } from '../v1/contract/shapes';
import * as objects from '../http/objects';
import { catalogMeta, seedCatalog } from './seed';
import type { ArtistAlbumRecord } from './reads';
import { SqlCatalogStore } from './store';

const sizes = { tracks: 600, albums: 50, artists: 12, playlists: 6, shows: 3, episodes: 12 };
const engines = await testEngines();

for (const engine of engines) {
  describe.runIf(engine.enabled)(`the seeded catalog on ${engine.kind}`, () => {
    let isolated: IsolatedDatabase;
    let store: SqlCatalogStore;
    let server: RunningServer;

    beforeAll(async () => {
      isolated = await engine.isolate();
      await migrate(isolated.db);
      const steps: string[] = [];
      expect(await seedCatalog(isolated.db, sizes, ({ step }) => steps.push(step))).toMatchObject(sizes);
      expect(steps.at(-1)).toBe('done');
      store = new SqlCatalogStore(isolated.db);
      const app = express();
      app.use(
        '/v1',
        catalogRoutes({ store, urls: { api: 'http://127.0.0.1:4100/v1', site: 'http://127.0.0.1:4100' } }),
      );
      app.use(errorHandler);
      server = await listen(app);
    }, OPEN_TIMEOUT_MS);

    afterAll(async () => {
      await server.close();
      await isolated.dispose();
      await engine.shutdown();
    });

    /** The test database, counting the statements run through it. */
    function countingDb(): Queryable & { queries: number } {
      const counting = {
        queries: 0,
        query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
          counting.queries += 1;
          return isolated.db.query<T>(sql, params);
        },
      };
      return counting;
    }

    async function get(path: string): Promise<unknown> {
      const response = await fetch(`${server.url}/v1${path}`);
      const body: unknown = await response.json();
      assertShape('GET', `/v1${path}`, response.status, body);
      expect(response.status).toBe(200);
      return body;
    }

    it('stores every row once, and a second seeding does nothing', async () => {
      const count = async (table: string) =>
        (await isolated.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n;
      expect(await count('tracks')).toBe(600);
      expect(await count('albums')).toBe(50);
      expect(await count('artists')).toBe(12);
      expect(await count('episodes')).toBe(12);
      expect(await seedCatalog(isolated.db, sizes)).toBeNull();
      expect(await count('tracks')).toBe(600);
      expect((await catalogMeta(isolated.db))?.seed).toBe('graphonic');
    });

    it('answers the catalog endpoints from the database in Spotify shapes', async () => {
      const { rows } = await isolated.db.query<{ id: string; album_id: string }>(
        'SELECT id, album_id FROM tracks ORDER BY id LIMIT 3',
      );
      const ids = rows.map((row) => row.id);
      const tracks = (await get(`/tracks?ids=${ids.join(',')}`)) as { tracks: { id: string }[] };
      expect(tracks.tracks.map((track) => track.id)).toEqual(ids);
      const albumId = rows[0]?.album_id ?? '';
      const album = (await get(`/albums/${albumId}`)) as {
        tracks: { total: number; items: { track_number: number }[] };
      };
      expect(album.tracks.items.map((track) => track.track_number).slice(0, 2)).toEqual([1, 2]);
      const features = (await get(`/audio-features/${ids[0] ?? ''}`)) as { tempo: number };
      expect(features.tempo).toBeGreaterThan(50);
    });

    it('answers the several-tracks call byte for byte as the objects serialise, repeats and unknown ids kept', async () => {
      const urls = { api: 'http://127.0.0.1:4100/v1', site: 'http://127.0.0.1:4100' };
      const { rows } = await isolated.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY md5(id) LIMIT 50');
      const ids = rows.map((row) => row.id);
      const asked = [...ids.slice(0, 47), 'Q'.repeat(22), ids[0] ?? '', ids[1] ?? ''];
      const records = await new SqlCatalogStore(isolated.db).tracks(asked);
      const expected = JSON.stringify({
        tracks: asked.map((id) => {
          const record = records.get(id);
          return record ? objects.track(urls, record) : null;
        }),
      });
      // Twice: the first answer prepares the objects, the second copies them.
      for (let round = 0; round < 2; round += 1) {
        const response = await fetch(`${server.url}/v1/tracks?ids=${asked.join(',')}`);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await response.text()).toBe(expected);
      }
    });

    it('lists every id once the whole catalog is in memory, and none of a catalog too large for it', async () => {
      const ids = await new SqlCatalogStore(isolated.db).ids();
      expect(ids?.tracks).toHaveLength(600);
      expect(ids?.albums).toHaveLength(50);
      expect(await new SqlCatalogStore(isolated.db, 100).ids()).toBeNull();
    });

    it('serves records it read before from memory', async () => {
      const counting = countingDb();
      // Smaller than the catalog: records are read by id.
      const cached = new SqlCatalogStore(counting, 100);
      const { rows } = await isolated.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 4');
      const ids = rows.map((row) => row.id);
      const first = await cached.tracks(ids.slice(0, 3));
      const afterFirst = counting.queries;
      expect(afterFirst).toBeGreaterThan(0);
      expect(await cached.tracks(ids.slice(0, 3))).toEqual(first);
      expect(counting.queries).toBe(afterFirst);
      expect((await cached.tracks(ids)).size).toBe(4);
      expect(counting.queries).toBeGreaterThan(afterFirst);
    });

    it('reads a catalog that fits whole at the first miss, then never again', async () => {
      const counting = countingDb();
      const whole = new SqlCatalogStore(counting);
      const { rows } = await isolated.db.query<{ id: string; album_id: string }>(
        'SELECT id, album_id FROM tracks ORDER BY id',
      );
      const ids = rows.map((row) => row.id);
      const [first, again] = await Promise.all([whole.tracks(ids.slice(0, 2)), whole.tracks(ids.slice(2, 4))]);
      expect(first.size + again.size).toBe(4);
      const afterFirst = counting.queries;
      expect((await whole.tracks(ids)).size).toBe(600);
      expect((await whole.albums(rows.map((row) => row.album_id))).size).toBe(50);
      expect(counting.queries).toBe(afterFirst);
      // The same records as read by id, artists in credit order.
      const byId = new SqlCatalogStore(isolated.db, 100);
      expect(await byId.tracks(ids.slice(0, 50))).toEqual(await whole.tracks(ids.slice(0, 50)));
      // An unknown id is still asked for, and absent.
      expect((await whole.tracks(['0000000000000000000000'])).size).toBe(0);
      expect(counting.queries).toBe(afterFirst + 1);
    });

    it('answers album tracks, artist albums, top tracks and new releases from memory as the database does', async () => {
      const counting = countingDb();
      const whole = new SqlCatalogStore(counting);
      // Smaller than the catalog: every list is a statement of its own.
      const byStatement = new SqlCatalogStore(isolated.db, 100);
      const albums = (await isolated.db.query<{ id: string }>('SELECT id FROM albums ORDER BY id')).rows;
      const artists = (await isolated.db.query<{ id: string }>('SELECT id FROM artists ORDER BY id')).rows;
      const unknown = '0000000000000000000000';
      // Read ahead (as the service does at start): then nothing more.
      await whole.warm();
      const afterFirst = counting.queries;

      for (const { id } of [...albums, { id: unknown }]) {
        for (const page of [
          { limit: 50, offset: 0 },
          { limit: 3, offset: 2 },
          { limit: 5, offset: 40 },
        ]) {
          expect(await whole.albumTracks(id, page)).toEqual(await byStatement.albumTracks(id, page));
        }
      }
      const groupings: ArtistAlbumRecord['albumGroup'][][] = [
        ['album', 'single', 'appears_on', 'compilation'],
        ['appears_on', 'album'],
        ['single'],
        ['compilation', 'album'],
      ];
      for (const { id } of [...artists, { id: unknown }]) {
        expect(await whole.artistTopTracks(id)).toEqual(await byStatement.artistTopTracks(id));
        for (const groups of groupings) {
          for (const page of [
            { limit: 50, offset: 0 },
            { limit: 2, offset: 1 },
          ]) {
            expect(await whole.artistAlbums(id, groups, page)).toEqual(
              await byStatement.artistAlbums(id, groups, page),
            );
          }
        }
      }
      expect(counting.queries).toBe(afterFirst);

      // Release dates are text, compared as the database compares them; one statement per day.
      for (const today of ['2026-11-23', '2019-06-30', '1900-01-01']) {
        for (const page of [
          { limit: 50, offset: 0 },
          { limit: 7, offset: 10 },
        ]) {
          expect(await whole.newReleases(today, page)).toEqual(await byStatement.newReleases(today, page));
        }
      }
      expect(counting.queries).toBe(afterFirst + 3);
      await whole.newReleases('1900-01-01', { limit: 5, offset: 0 });
      // The cases above are not empty ones: singles, appearances, and releases of more than one day.
      const { rows: kinds } = await isolated.db.query<{ singles: number; appearances: number }>(
        `SELECT (SELECT count(*) FROM albums WHERE album_type = 'single') AS singles,
                (SELECT count(*) FROM album_artists WHERE position > 0) AS appearances`,
      );
      expect(kinds[0]?.singles).toBeGreaterThan(0);
      expect(kinds[0]?.appearances).toBeGreaterThan(0);
      const earlier = (await whole.newReleases('2019-06-30', { limit: 1, offset: 0 })).total;
      expect(earlier).toBeGreaterThan(0);
      expect(earlier).toBeLessThan((await whole.newReleases('2026-11-23', { limit: 1, offset: 0 })).total);
    });

    it('lists an artist albums by group, top tracks and related artists', async () => {
      const { rows } = await isolated.db.query<{ artist_id: string }>(
        'SELECT artist_id FROM album_artists WHERE position = 0 GROUP BY artist_id ORDER BY count(*) DESC, artist_id LIMIT 1',
      );
      const artistId = rows[0]?.artist_id ?? '';
      const albums = (await get(`/artists/${artistId}/albums?limit=10`)) as {
        total: number;
        items: { album_group: string }[];
      };
      expect(albums.total).toBeGreaterThan(0);
      const top = (await get(`/artists/${artistId}/top-tracks`)) as { tracks: { popularity: number }[] };
      const popularity = top.tracks.map((track) => track.popularity);
      expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
      await get(`/artists/${artistId}/related-artists`);
      expect((await store.artists([artistId, 'x'])).size).toBe(1);
    });
  });
}
