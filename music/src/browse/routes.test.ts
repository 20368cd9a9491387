import { beforeAll, expect, it } from 'vitest';
import { categories as categoryList } from '../catalog/genres';
import { describeService } from '../v1/__fixtures__/service';
import { genreSeed } from './catalog';

interface Named {
  id: string;
  name: string;
}

interface Features {
  id: string;
  tempo: number;
  energy: number;
  danceability: number;
  popularity: number;
}

await describeService('browse and recommendations', (service) => {
  let genre: string;
  let artistId: string;
  let trackId: string;
  let categoryWithPlaylists: string;

  beforeAll(async () => {
    genre =
      (
        await service.db.query<{ genre: string }>(
          'SELECT genre FROM albums GROUP BY genre ORDER BY count(*) DESC, genre LIMIT 1',
        )
      ).rows[0]?.genre ?? '';
    artistId = (await service.db.query<{ id: string }>('SELECT id FROM artists ORDER BY id LIMIT 1')).rows[0]?.id ?? '';
    trackId = (await service.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 1')).rows[0]?.id ?? '';
    categoryWithPlaylists =
      (await service.db.query<{ category_id: string }>('SELECT category_id FROM playlist_categories LIMIT 1')).rows[0]
        ?.category_id ?? '';
  });

  /** Audio features and popularity of tracks, straight from the catalog. */
  const features = async (ids: string[]): Promise<Map<string, Features>> => {
    const { rows } = await service.db.query<Features & Record<string, unknown>>(
      'SELECT id, tempo, energy, danceability, popularity FROM tracks WHERE id = ANY($1::text[])',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  };
  const ids = (body: Record<string, unknown>): string[] => (body.tracks as Named[]).map((track) => track.id);

  it('list categories page by page, and read one', async () => {
    const { call } = await service.listener([]);
    const first = await call('GET', '/browse/categories?limit=5&locale=sv_SE');
    expect(first.status).toBe(200);
    const page = first.body.categories as { items: Named[]; total: number; next: string | null; limit: number };
    expect(page.total).toBe(categoryList.length);
    expect(page.items.map((category) => category.id)).toEqual(categoryList.slice(0, 5).map((c) => c.id));
    expect(page.next).toContain('offset=5');
    expect(page.next).toContain('locale=sv_SE');
    const last = await call('GET', `/browse/categories?limit=50&offset=${categoryList.length - 2}`);
    expect((last.body.categories as { items: Named[]; next: string | null }).items).toHaveLength(2);
    expect((last.body.categories as { next: string | null }).next).toBeNull();
    const beyond = await call('GET', '/browse/categories?offset=1000');
    expect(beyond.body.categories).toMatchObject({ items: [], total: categoryList.length });

    const one = await call('GET', '/browse/categories/rock?locale=en_US');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 'rock', name: 'Rock' });
    expect(one.body.href).toBe(`${service.config.publicUrl}/v1/browse/categories/rock`);
    expect((one.body.icons as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuse bad paging, locales and category ids, and answer 404 for unknown categories', async () => {
    const { call } = await service.listener([]);
    expect((await call('GET', '/browse/categories?limit=51')).status).toBe(400);
    expect((await call('GET', '/browse/categories?limit=0')).status).toBe(400);
    expect((await call('GET', '/browse/categories?offset=-1')).status).toBe(400);
    expect((await call('GET', '/browse/categories?limit=ten')).status).toBe(400);
    expect((await call('GET', '/browse/categories?locale=swedish')).status).toBe(400);
    expect((await call('GET', '/browse/categories/no-such-category')).status).toBe(404);
    expect((await call('GET', '/browse/categories/no-such-category/playlists')).status).toBe(404);
    expect((await call('GET', '/browse/categories/bad%20id')).status).toBe(400);
    expect((await call('GET', '/browse/new-releases?limit=100')).status).toBe(400);
    expect((await call('GET', '/browse/featured-playlists?offset=x')).status).toBe(400);
    expect((await call('GET', '/browse/featured-playlists?timestamp=yesterday')).status).toBe(400);
  });

  it("list a category's playlists, all of them editorial and in the category", async () => {
    const { call } = await service.listener([]);
    const answer = await call('GET', `/browse/categories/${categoryWithPlaylists}/playlists?limit=1`);
    expect(answer.status).toBe(200);
    const page = answer.body.playlists as { items: { id: string; owner: { id: string } }[]; total: number };
    const expected = await service.db.query<{ playlist_id: string }>(
      'SELECT playlist_id FROM playlist_categories WHERE category_id = $1',
      [categoryWithPlaylists],
    );
    expect(page.total).toBe(expected.rows.length);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.owner.id).toBe('graphonic');
    expect(expected.rows.map((row) => row.playlist_id)).toContain(page.items[0]?.id);
    expect(typeof answer.body.message).toBe('string');
    const empty = categoryList.find((category) => category.id !== categoryWithPlaylists)?.id ?? 'spoken';
    const none = await call('GET', `/browse/categories/${empty}/playlists?offset=0`);
    expect(none.status).toBe(200);
  });

  it('feature playlists with a greeting for the local time and language', async () => {
    const { call } = await service.listener([]);
    const morning = await call('GET', '/browse/featured-playlists?timestamp=2026-11-20T08:30:00&limit=2');
    expect(morning.status).toBe(200);
    expect(morning.body.message).toBe('Good morning');
    const playlists = morning.body.playlists as { items: Named[]; total: number };
    expect(playlists.items).toHaveLength(2);
    expect(playlists.total).toBe(3);
    const again = await call('GET', '/browse/featured-playlists?timestamp=2026-11-20T20:00:00&limit=2&locale=sv_SE');
    expect(again.body.message).toBe('God kväll');
    // The same day, the same selection.
    expect((again.body.playlists as { items: Named[] }).items.map((p) => p.id)).toEqual(
      playlists.items.map((p) => p.id),
    );
    const rest = await call('GET', '/browse/featured-playlists?timestamp=2026-11-20T08:30:00&limit=2&offset=2');
    const all = [...playlists.items, ...(rest.body.playlists as { items: Named[] }).items].map((p) => p.id);
    expect(new Set(all).size).toBe(3);
    const plain = await call('GET', '/browse/featured-playlists');
    expect(plain.status).toBe(200);
  });

  it('list new releases, newest first, no compilations, none in the future', async () => {
    const { call } = await service.listener([]);
    const answer = await call('GET', '/browse/new-releases?limit=5&country=SE');
    expect(answer.status).toBe(200);
    const page = answer.body.albums as {
      items: { id: string; release_date: string; album_type: string }[];
      total: number;
      next: string | null;
    };
    expect(page.items).toHaveLength(5);
    const dates = page.items.map((album) => album.release_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.items.every((album) => album.album_type !== 'compilation')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(dates.every((date) => date <= today)).toBe(true);
    expect(page.next).toContain('offset=5');
    const second = await call('GET', '/browse/new-releases?limit=5&offset=5');
    const next = (second.body.albums as { items: { release_date: string }[] }).items[0]?.release_date ?? '';
    expect(next <= (dates.at(-1) ?? '')).toBe(true);
  });

  it('list the genre seeds, in Spotify spelling', async () => {
    const { call } = await service.listener([]);
    const answer = await call('GET', '/recommendations/available-genre-seeds');
    expect(answer.status).toBe(200);
    const genres = answer.body.genres as string[];
    expect(genres).toContain('r-n-b');
    expect(genres).toContain('drum-and-bass');
    expect(genres).toContain(genreSeed(genre));
    expect([...genres].sort()).toEqual(genres);
  });

  it('recommend tracks from seeds, with pool sizes, the same for the same request', async () => {
    const { call } = await service.listener([]);
    const path = `/recommendations?seed_genres=${encodeURIComponent(genreSeed(genre))}&seed_artists=${artistId}&limit=10`;
    const answer = await call('GET', path);
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toHaveLength(10);
    const seeds = answer.body.seeds as {
      id: string;
      type: string;
      initialPoolSize: number;
      afterFilteringSize: number;
      href: string;
    }[];
    expect(seeds.map((seed) => [seed.type, seed.id])).toEqual([
      ['ARTIST', artistId],
      ['GENRE', genreSeed(genre)],
    ]);
    for (const seed of seeds) {
      expect(seed.initialPoolSize).toBeGreaterThan(0);
      expect(seed.afterFilteringSize).toBe(seed.initialPoolSize);
    }
    expect(seeds[0]?.href).toContain(`/artists/${artistId}`);
    const again = await call('GET', path);
    expect(ids(again.body)).toEqual(ids(answer.body));
    // Every track comes from a seed: the artist's own, or of the seeded genre.
    const { rows } = await service.db.query<{ id: string }>(
      `SELECT t.id FROM tracks t JOIN albums a ON a.id = t.album_id
       WHERE a.genre = ANY($1::text[])
          OR t.id IN (SELECT track_id FROM track_artists WHERE artist_id = $2)`,
      [
        [
          genre,
          ...((await service.db.query<{ genres: string[] }>('SELECT genres FROM artists WHERE id = $1', [artistId]))
            .rows[0]?.genres ?? []),
        ],
        artistId,
      ],
    );
    const pool = new Set(rows.map((row) => row.id));
    expect(ids(answer.body).every((id) => pool.has(id))).toBe(true);
    // The genre may be spelled as the catalog spells it, too.
    const spelled = await call('GET', `/recommendations?seed_genres=${encodeURIComponent(genre)}&limit=3`);
    expect(spelled.status).toBe(200);
  });

  it('honour min and max: nothing outside the bounds, and pool sizes that shrink', async () => {
    const { call } = await service.listener([]);
    const base = `/recommendations?seed_genres=${encodeURIComponent(genreSeed(genre))}&limit=100`;
    const all = await call('GET', base);
    const tempos = [...(await features(ids(all.body))).values()].map((row) => row.tempo).sort((a, b) => a - b);
    const median = Math.round(tempos[Math.floor(tempos.length / 2)] ?? 100);
    const fast = await call('GET', `${base}&min_tempo=${median}&max_popularity=90&min_energy=0.1`);
    expect(fast.status).toBe(200);
    const found = await features(ids(fast.body));
    expect(found.size).toBeGreaterThan(0);
    for (const row of found.values()) {
      expect(row.tempo).toBeGreaterThanOrEqual(median - 0.001);
      expect(row.popularity).toBeLessThanOrEqual(90);
    }
    const seed = (fast.body.seeds as { initialPoolSize: number; afterFilteringSize: number }[])[0];
    expect(seed?.afterFilteringSize).toBeLessThan(seed?.initialPoolSize ?? 0);
    const impossible = await call('GET', `${base}&min_tempo=999`);
    expect(impossible.status).toBe(200);
    expect(impossible.body.tracks).toEqual([]);
    expect((impossible.body.seeds as { afterFilteringSize: number }[])[0]?.afterFilteringSize).toBe(0);
  });

  it('rank by closeness to the targets', async () => {
    const { call } = await service.listener([]);
    const base = `/recommendations?seed_genres=${encodeURIComponent(genreSeed(genre))}&limit=5`;
    const slow = await features(ids((await call('GET', `${base}&target_tempo=60`)).body));
    const quick = await features(ids((await call('GET', `${base}&target_tempo=200`)).body));
    const mean = (rows: Map<string, Features>) =>
      [...rows.values()].reduce((sum, row) => sum + row.tempo, 0) / Math.max(1, rows.size);
    expect(mean(slow)).toBeLessThan(mean(quick));
    const calm = await features(ids((await call('GET', `${base}&target_energy=0&target_danceability=0`)).body));
    const wild = await features(ids((await call('GET', `${base}&target_energy=1&target_danceability=1`)).body));
    const energy = (rows: Map<string, Features>) => [...rows.values()].reduce((sum, row) => sum + row.energy, 0);
    expect(energy(calm)).toBeLessThan(energy(wild));
  });

  it('recommend from a seed track, never the seed itself, sounding like it', async () => {
    const { call } = await service.listener([]);
    const answer = await call('GET', `/recommendations?seed_tracks=${trackId}&limit=20&market=SE`);
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).not.toContain(trackId);
    expect(ids(answer.body).length).toBeGreaterThan(0);
    expect(answer.body.seeds).toMatchObject([{ type: 'TRACK', id: trackId }]);
    expect((answer.body.seeds as { href: string }[])[0]?.href).toMatch(new RegExp(`/v1/tracks/${trackId}$`));
  });

  it("rank by closeness to the seed tracks' sound", async () => {
    const { call } = await service.listener([]);
    // The slowest and the fastest track of one artist: same pool, different sound.
    const { rows } = await service.db.query<{ id: string }>(
      `SELECT t.id FROM tracks t JOIN track_artists ta ON ta.track_id = t.id AND ta.position = 0
       WHERE ta.artist_id = $1 ORDER BY t.tempo, t.id`,
      [artistId],
    );
    const slowest = rows[0]?.id ?? '';
    const fastest = rows.at(-1)?.id ?? '';
    const mean = async (seed: string): Promise<number> => {
      const found = await features(ids((await call('GET', `/recommendations?seed_tracks=${seed}&limit=5`)).body));
      return [...found.values()].reduce((sum, row) => sum + row.tempo, 0) / Math.max(1, found.size);
    };
    expect(await mean(slowest)).toBeLessThan(await mean(fastest));
  });

  it('refuse bad seeds and bad tuning', async () => {
    const { call } = await service.listener([]);
    const g = encodeURIComponent(genreSeed(genre));
    expect((await call('GET', '/recommendations')).status).toBe(400);
    expect(
      (
        await call(
          'GET',
          `/recommendations?seed_genres=${g},${g},${g}&seed_artists=${artistId},${artistId},${artistId}`,
        )
      ).status,
    ).toBe(400);
    expect((await call('GET', '/recommendations?seed_genres=not-a-genre')).status).toBe(400);
    expect((await call('GET', '/recommendations?seed_artists=short')).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_artists=${'Z'.repeat(22)}`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_tracks=${'Z'.repeat(22)}`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&limit=101`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&limit=0`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&min_energy=1.5`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&target_key=2.5`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&min_tempo=fast`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&min_tempo=150&max_tempo=100`)).status).toBe(400);
    expect((await call('GET', `/recommendations?seed_genres=${g}&market=Sweden`)).status).toBe(400);
  });

  it('are all refused to development-mode apps', async () => {
    const { call } = await service.listener([], { profile: 'development' });
    const g = encodeURIComponent(genreSeed(genre));
    for (const path of [
      '/browse/categories',
      '/browse/categories/rock',
      `/browse/categories/${categoryWithPlaylists}/playlists`,
      '/browse/featured-playlists',
      '/browse/new-releases',
      `/recommendations?seed_genres=${g}`,
      '/recommendations/available-genre-seeds',
    ]) {
      const answer = await call('GET', path, undefined, 'development');
      expect(answer.status, path).toBe(403);
    }
  });

  it('need a token, but no scope', async () => {
    const response = await fetch(`${service.url}/v1/browse/categories`);
    expect(response.status).toBe(401);
  });
});
