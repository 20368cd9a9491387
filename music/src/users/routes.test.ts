import { beforeAll, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';

const day = 24 * 60 * 60 * 1000;

await describeService('users and their top items', (service) => {
  let tracks: string[];
  let episode: string;

  beforeAll(async () => {
    tracks = (await service.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 8')).rows.map(
      (row) => row.id,
    );
    episode = (await service.db.query<{ id: string }>('SELECT id FROM episodes LIMIT 1')).rows[0]?.id ?? '';
  });

  const at = (index: number): string => tracks[index] ?? '';

  /** Records `times` plays of track `index`, `daysAgo` days ago (one second apart). */
  interface Plays {
    index: number;
    times: number;
    daysAgo: number;
  }

  async function arrange(userId: string, history: Plays[]): Promise<void> {
    const now = Date.now();
    const rows = history.flatMap(({ index, times, daysAgo }) =>
      Array.from({ length: times }, (_, n) => [at(index), new Date(now - daysAgo * day - n * 1000)] as const),
    );
    await service.db.query(
      `INSERT INTO plays (user_id, track_id, played_at)
       SELECT $1, track_id, played_at FROM unnest($2::text[], $3::timestamptz[]) AS t(track_id, played_at)`,
      [userId, rows.map((row) => row[0]), rows.map((row) => row[1].toISOString())],
    );
  }

  // Tracks 5 and 6 tie on plays and time: the smaller id goes first.
  const history: Plays[] = [
    { index: 0, times: 3, daysAgo: 1 },
    { index: 1, times: 2, daysAgo: 1 },
    { index: 1, times: 5, daysAgo: 60 },
    { index: 2, times: 4, daysAgo: 300 },
    { index: 3, times: 1, daysAgo: 2 },
    { index: 4, times: 1, daysAgo: 3 },
    { index: 5, times: 1, daysAgo: 10 },
    { index: 6, times: 1, daysAgo: 10 },
  ];

  const ids = (body: Record<string, unknown>): string[] => (body.items as { id: string }[]).map((item) => item.id);

  it('rank the most played tracks of each time range, ties broken by recency then id', async () => {
    const { id, call } = await service.listener(['user-top-read']);
    await arrange(id, history);
    // Someone else's plays and podcast episodes do not count.
    const other = await service.listener([]);
    await arrange(other.id, [{ index: 7, times: 20, daysAgo: 1 }]);
    await service.db.query('INSERT INTO plays (user_id, episode_id, played_at) VALUES ($1, $2, now())', [id, episode]);

    const tied = [at(5), at(6)].sort();
    const short = await call('GET', '/me/top/tracks?time_range=short_term');
    expect(short.status).toBe(200);
    expect(ids(short.body)).toEqual([at(0), at(1), at(3), at(4), ...tied]);
    expect(short.body.total).toBe(6);
    const medium = await call('GET', '/me/top/tracks');
    expect(ids(medium.body)).toEqual([at(1), at(0), at(3), at(4), ...tied]);
    const long = await call('GET', '/me/top/tracks?time_range=long_term');
    expect(ids(long.body)).toEqual([at(1), at(2), at(0), at(3), at(4), ...tied]);
    expect((long.body.items as { type: string }[])[0]?.type).toBe('track');

    const page = await call('GET', '/me/top/tracks?time_range=long_term&limit=2&offset=2');
    expect(page.body).toMatchObject({ limit: 2, offset: 2, total: 7 });
    expect(ids(page.body)).toEqual([at(0), at(3)]);
    expect(page.body.next).toContain('offset=4');
    expect(page.body.next).toContain('time_range=long_term');
    expect(page.body.previous).toContain('offset=0');
    const past = await call('GET', '/me/top/tracks?offset=40');
    expect(past.body).toMatchObject({ items: [], total: 6, next: null });
  });

  it('rank artists by the plays of all the tracks they are credited on', async () => {
    const { id, call } = await service.listener(['user-top-read']);
    await arrange(id, history);
    const { rows } = await service.db.query<{ track_id: string; artist_id: string }>(
      'SELECT track_id, artist_id FROM track_artists WHERE track_id = ANY($1::text[])',
      [tracks],
    );
    const expected = (days: number | null): string[] => {
      const now = Date.now();
      const scores = new Map<string, { plays: number; last: number }>();
      for (const { index, times, daysAgo } of history) {
        if (days !== null && daysAgo > days) continue;
        for (const row of rows.filter((credit) => credit.track_id === at(index))) {
          const score = scores.get(row.artist_id) ?? { plays: 0, last: 0 };
          scores.set(row.artist_id, { plays: score.plays + times, last: Math.max(score.last, now - daysAgo * day) });
        }
      }
      return [...scores.entries()]
        .sort(([a, x], [b, y]) => y.plays - x.plays || y.last - x.last || (a < b ? -1 : 1))
        .map(([artist]) => artist);
    };
    const medium = await call('GET', '/me/top/artists?limit=50');
    expect(ids(medium.body)).toEqual(expected(182));
    expect(medium.body.total).toBe(expected(182).length);
    const short = await call('GET', '/me/top/artists?time_range=short_term&limit=50');
    expect(ids(short.body)).toEqual(expected(28));
    const long = await call('GET', '/me/top/artists?time_range=long_term&limit=1');
    expect(ids(long.body)).toEqual(expected(null).slice(0, 1));
    expect(long.body).toMatchObject({ limit: 1, offset: 0, total: expected(null).length });
  });

  it('are empty without history, and refuse bad parameters and tokens without the scope', async () => {
    const { call } = await service.listener(['user-top-read']);
    expect((await call('GET', '/me/top/artists')).body).toMatchObject({ items: [], total: 0, next: null });
    for (const query of ['limit=0', 'limit=51', 'offset=-1', 'time_range=forever', 'limit=ten']) {
      for (const kind of ['tracks', 'artists']) {
        const answer = await call('GET', `/me/top/${kind}?${query}`);
        expect([answer.status, query]).toEqual([400, query]);
      }
    }
    const unscoped = await service.listener(['user-read-private']);
    expect(await unscoped.call('GET', '/me/top/tracks')).toEqual({
      status: 403,
      body: { error: { status: 403, message: 'Insufficient client scope' } },
    });
    expect((await unscoped.call('GET', '/me/top/artists')).status).toBe(403);
  });

  it('answer development-mode apps without the removed fields', async () => {
    const { id, call } = await service.listener(['user-top-read'], { profile: 'development' });
    await arrange(id, history.slice(0, 2));
    const artists = await call('GET', '/me/top/artists', undefined, 'development');
    expect(artists.status).toBe(200);
    const first = (artists.body.items as Record<string, unknown>[])[0];
    expect(first).toBeDefined();
    expect(first).not.toHaveProperty('popularity');
    expect(first).not.toHaveProperty('followers');
    const top = await call('GET', '/me/top/tracks', undefined, 'development');
    expect(ids(top.body)).toEqual([at(0), at(1)]);
  });

  it('count a user followers on their profile and refuse other profiles in development mode', async () => {
    const star = await service.listener([]);
    const fans = await Promise.all([
      service.listener(['user-follow-modify']),
      service.listener(['user-follow-modify']),
    ]);
    for (const fan of fans) expect((await fan.call('PUT', `/me/following?type=user&ids=${star.id}`)).status).toBe(204);
    expect((await star.call('GET', `/users/${star.id}`)).body).toMatchObject({ followers: { total: 2 } });
    const developer = await service.listener(['user-read-private'], { profile: 'development' });
    expect((await developer.call('GET', `/users/${star.id}`, undefined, 'development')).status).toBe(403);
  });
});
