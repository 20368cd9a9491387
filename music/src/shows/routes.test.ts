import { beforeAll, expect, it } from 'vitest';
import { issueTokens } from '../accounts/service';
import { describeService } from '../v1/__fixtures__/service';
import { setResumePoint } from './progress';

interface Named {
  id: string;
  name: string;
}

interface EpisodeBody extends Named {
  resume_point?: { fully_played: boolean; resume_position_ms: number };
  show?: Named;
}

const unknownId = 'Z'.repeat(22);
const library = ['user-library-read', 'user-library-modify'];
const position = 'user-read-playback-position';

await describeService('shows and episodes', (service) => {
  let shows: string[];
  let episodes: { id: string; show_id: string; duration_ms: number }[];

  beforeAll(async () => {
    shows = (await service.db.query<{ id: string }>('SELECT id FROM shows ORDER BY id')).rows.map((row) => row.id);
    episodes = (
      await service.db.query<{ id: string; show_id: string; duration_ms: number }>(
        'SELECT id, show_id, duration_ms FROM episodes ORDER BY id',
      )
    ).rows;
  });

  const show = (n: number): string => shows[n] ?? '';
  const episode = (n: number): string => episodes[n]?.id ?? '';
  const episodesOf = (showId: string): string[] =>
    episodes.filter((row) => row.show_id === showId).map((row) => row.id);

  /** A client-credentials token: the app itself, no user. */
  const appToken = async (): Promise<string> =>
    (await issueTokens(service.db, { userId: null, clientId: 'graphonic', scopes: [], ttlSeconds: 600 })).access_token;

  it('read a show with its first episodes, newest first', async () => {
    const { call } = await service.listener([]);
    const answer = await call('GET', `/shows/${show(0)}?market=SE`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: show(0), type: 'show', total_episodes: episodesOf(show(0)).length });
    const page = answer.body.episodes as { items: (EpisodeBody & { release_date: string })[]; total: number };
    expect(page.total).toBe(episodesOf(show(0)).length);
    expect(page.items.map((item) => item.id).sort()).toEqual(episodesOf(show(0)).sort());
    const dates = page.items.map((item) => item.release_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // No resume points without the playback-position scope.
    expect(page.items.every((item) => item.resume_point === undefined)).toBe(true);
  });

  it("page a show's episodes", async () => {
    const { call } = await service.listener([]);
    const all = episodesOf(show(1));
    const first = await call('GET', `/shows/${show(1)}/episodes?limit=2&market=US`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ limit: 2, offset: 0, total: all.length, previous: null });
    expect(first.body.next).toContain('offset=2');
    expect(first.body.next).toContain('market=US');
    const second = await call('GET', `/shows/${show(1)}/episodes?limit=2&offset=2`);
    const ids = [...(first.body.items as Named[]), ...(second.body.items as Named[])].map((item) => item.id);
    expect(new Set(ids).size).toBe(Math.min(4, all.length));
    const past = await call('GET', `/shows/${show(1)}/episodes?offset=100`);
    expect(past.body).toMatchObject({ items: [], total: all.length, next: null });
  });

  it('read several shows and episodes in request order, null for unknown ids', async () => {
    const { call } = await service.listener([]);
    const several = await call('GET', `/shows?ids=${show(1)},${unknownId},${show(0)},${show(1)}`);
    expect(several.status).toBe(200);
    expect((several.body.shows as (Named | null)[]).map((item) => item?.id ?? null)).toEqual([
      show(1),
      null,
      show(0),
      show(1),
    ]);
    expect((several.body.shows as Record<string, unknown>[])[0]?.episodes).toBeUndefined();
    const eps = await call('GET', `/episodes?ids=${episode(2)},${unknownId},${episode(0)}&market=SE`);
    expect(eps.status).toBe(200);
    const list = eps.body.episodes as (EpisodeBody | null)[];
    expect(list.map((item) => item?.id ?? null)).toEqual([episode(2), null, episode(0)]);
    expect(list[0]?.show?.id).toBe(episodes[2]?.show_id);
  });

  it('read one episode with its show', async () => {
    const { call } = await service.listener([]);
    const answer = await call('GET', `/episodes/${episode(3)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: episode(3),
      type: 'episode',
      uri: `spotify:episode:${episode(3)}`,
      duration_ms: episodes[3]?.duration_ms,
      show: { id: episodes[3]?.show_id, type: 'show' },
    });
    expect(answer.body.resume_point).toBeUndefined();
  });

  it('answer 404 for unknown ids and 400 for bad ones', async () => {
    const { call } = await service.listener([]);
    expect((await call('GET', `/shows/${unknownId}`)).status).toBe(404);
    expect((await call('GET', `/shows/${unknownId}/episodes`)).status).toBe(404);
    expect((await call('GET', `/episodes/${unknownId}`)).status).toBe(404);
    expect((await call('GET', '/shows/not-an-id')).status).toBe(400);
    expect((await call('GET', '/shows/not-an-id/episodes')).status).toBe(400);
    expect((await call('GET', '/episodes/not-an-id')).status).toBe(400);
    expect((await call('GET', '/shows')).status).toBe(400);
    expect((await call('GET', '/episodes?ids=')).status).toBe(400);
    expect((await call('GET', `/shows?ids=${show(0)},bad`)).status).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => show(0)).join(',');
    expect((await call('GET', `/shows?ids=${tooMany}`)).status).toBe(400);
    expect((await call('GET', `/episodes?ids=${tooMany}`)).status).toBe(400);
    expect((await call('GET', `/shows?ids=${Array.from({ length: 50 }, () => show(0)).join(',')}`)).status).toBe(200);
    expect((await call('GET', `/shows/${show(0)}/episodes?limit=51`)).status).toBe(400);
    expect((await call('GET', `/shows/${show(0)}/episodes?offset=-1`)).status).toBe(400);
    expect((await call('GET', `/shows/${show(0)}?market=Sweden`)).status).toBe(400);
  });

  it('carry resume points for a listener who may read playback positions', async () => {
    const { id, call } = await service.listener([position]);
    const duration = episodes[0]?.duration_ms ?? 0;
    await setResumePoint(service.db, id, episode(0), { resumePositionMs: 61_000, fullyPlayed: false });
    await setResumePoint(service.db, id, episode(1), { resumePositionMs: duration, fullyPlayed: true });
    const one = await call('GET', `/episodes/${episode(0)}`);
    expect(one.body.resume_point).toEqual({ fully_played: false, resume_position_ms: 61_000 });
    const several = await call('GET', `/episodes?ids=${episode(1)},${episode(2)}`);
    const list = several.body.episodes as EpisodeBody[];
    expect(list[0]?.resume_point?.fully_played).toBe(true);
    // Never played: at the start.
    expect(list[1]?.resume_point).toEqual({ fully_played: false, resume_position_ms: 0 });
    const showId = episodes[0]?.show_id ?? '';
    const page = await call('GET', `/shows/${showId}/episodes?limit=50`);
    const mine = (page.body.items as EpisodeBody[]).find((item) => item.id === episode(0));
    expect(mine?.resume_point?.resume_position_ms).toBe(61_000);
    const full = await call('GET', `/shows/${showId}`);
    const inShow = (full.body.episodes as { items: EpisodeBody[] }).items.find((item) => item.id === episode(0));
    expect(inShow?.resume_point?.resume_position_ms).toBe(61_000);
    // Another listener's progress is their own.
    const other = await service.listener([position]);
    expect((await other.call('GET', `/episodes/${episode(0)}`)).body.resume_point).toEqual({
      fully_played: false,
      resume_position_ms: 0,
    });
  });

  it('save shows, list them newest first, check and remove them', async () => {
    const { call } = await service.listener(library);
    expect((await call('PUT', `/me/shows?ids=${show(0)}`)).status).toBe(200);
    expect((await call('PUT', `/me/shows?ids=${show(1)},${show(0)}`)).status).toBe(200);
    const saved = await call('GET', '/me/shows');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ total: 2, limit: 20, offset: 0 });
    const items = saved.body.items as { added_at: string; show: Named }[];
    expect(items.map((item) => item.show.id)).toEqual([show(1), show(0)]);
    expect(Date.parse(items[0]?.added_at ?? '')).toBeGreaterThan(0);
    const page = await call('GET', '/me/shows?limit=1&offset=1');
    expect(page.body).toMatchObject({ total: 2, items: [{ show: { id: show(0) } }], next: null });
    expect((await call('GET', `/me/shows/contains?ids=${show(0)},${unknownId},${show(1)}`)).body).toEqual([
      true,
      false,
      true,
    ]);
    expect((await call('DELETE', '/me/shows', { ids: [show(0)] })).status).toBe(200);
    expect((await call('GET', `/me/shows/contains?ids=${show(0)},${show(1)}`)).body).toEqual([false, true]);
    expect((await call('DELETE', `/me/shows?ids=${show(1)}&market=SE`)).status).toBe(200);
    expect((await call('GET', '/me/shows')).body).toMatchObject({ total: 0, items: [] });
  });

  it('save episodes, with their resume points, and check and remove them', async () => {
    const { id, call } = await service.listener([...library, position]);
    expect((await call('PUT', '/me/episodes', { ids: [episode(4), episode(5)] })).status).toBe(200);
    expect((await call('PUT', `/me/episodes?ids=${episode(4)}`)).status).toBe(200);
    await setResumePoint(service.db, id, episode(5), { resumePositionMs: 5_000, fullyPlayed: false });
    const saved = await call('GET', '/me/episodes?market=SE');
    expect(saved.status).toBe(200);
    const items = saved.body.items as { added_at: string; episode: EpisodeBody }[];
    expect(saved.body.total).toBe(2);
    expect(items.map((item) => item.episode.id).sort()).toEqual([episode(4), episode(5)].sort());
    const five = items.find((item) => item.episode.id === episode(5));
    expect(five?.episode.resume_point).toEqual({ fully_played: false, resume_position_ms: 5_000 });
    expect(five?.episode.show?.id).toBe(episodes[5]?.show_id);
    expect((await call('GET', `/me/episodes/contains?ids=${episode(5)},${episode(0)}`)).body).toEqual([true, false]);
    expect((await call('DELETE', `/me/episodes?ids=${episode(5)},${episode(4)}`)).status).toBe(200);
    expect((await call('GET', '/me/episodes')).body).toMatchObject({ total: 0, items: [] });
  });

  it('refuse bad or unknown ids to the library, saving nothing', async () => {
    const { call } = await service.listener(library);
    expect((await call('PUT', `/me/shows?ids=${show(0)},${unknownId}`)).status).toBe(400);
    expect((await call('GET', `/me/shows/contains?ids=${show(0)}`)).body).toEqual([false]);
    expect((await call('PUT', '/me/shows')).status).toBe(400);
    expect((await call('PUT', '/me/episodes', { ids: ['bad'] })).status).toBe(400);
    expect((await call('PUT', '/me/episodes', { ids: [unknownId] })).status).toBe(400);
    expect((await call('DELETE', '/me/episodes', { ids: 'nope' })).status).toBe(400);
    expect((await call('GET', '/me/shows/contains')).status).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => show(0)).join(',');
    expect((await call('PUT', `/me/shows?ids=${tooMany}`)).status).toBe(400);
    expect((await call('GET', `/me/episodes/contains?ids=${tooMany}`)).status).toBe(400);
    expect((await call('GET', '/me/shows?limit=51')).status).toBe(400);
  });

  it('share the saved shows and episodes tables with the rest of the library', async () => {
    const { id, call } = await service.listener(library);
    expect((await call('PUT', `/me/shows?ids=${show(0)}`)).status).toBe(200);
    const rows = await service.db.query<{ show_id: string }>('SELECT show_id FROM saved_shows WHERE user_id = $1', [
      id,
    ]);
    expect(rows.rows.map((row) => row.show_id)).toEqual([show(0)]);
    await service.db.query('INSERT INTO saved_episodes (user_id, episode_id) VALUES ($1, $2)', [id, episode(1)]);
    expect((await call('GET', `/me/episodes/contains?ids=${episode(1)}`)).body).toEqual([true]);
  });

  it('enforce the library scopes', async () => {
    const none = await service.listener([]);
    const readOnly = await service.listener(['user-library-read']);
    for (const [method, path] of [
      ['GET', '/me/shows'],
      ['GET', `/me/shows/contains?ids=${show(0)}`],
      ['PUT', `/me/shows?ids=${show(0)}`],
      ['DELETE', `/me/shows?ids=${show(0)}`],
      ['GET', '/me/episodes'],
      ['GET', `/me/episodes/contains?ids=${episode(0)}`],
      ['PUT', `/me/episodes?ids=${episode(0)}`],
      ['DELETE', `/me/episodes?ids=${episode(0)}`],
    ] as const) {
      const answer = await none.call(method, path);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect((answer.body.error as { message: string }).message).toBe('Insufficient client scope');
    }
    expect((await readOnly.call('PUT', `/me/shows?ids=${show(0)}`)).status).toBe(403);
    expect((await readOnly.call('GET', `/me/shows/contains?ids=${show(0)}`)).status).toBe(200);
    // Saved episodes also show resume points, so they need the playback-position scope.
    expect((await readOnly.call('GET', '/me/episodes')).status).toBe(403);
    expect((await (await service.listener(['user-library-read', position])).call('GET', '/me/episodes')).status).toBe(
      200,
    );
  });

  it('serve the catalog to an app token, but not the library', async () => {
    const token = await appToken();
    const get = (path: string) => fetch(`${service.url}/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await get(`/shows/${show(0)}`)).status).toBe(200);
    const single = (await (await get(`/episodes/${episode(0)}`)).json()) as EpisodeBody;
    expect(single.resume_point).toBeUndefined();
    expect((await get('/me/shows')).status).toBe(403);
    expect((await get(`/me/episodes/contains?ids=${episode(0)}`)).status).toBe(403);
  });

  it('refuse multi-gets and per-type library changes to development-mode apps', async () => {
    const { call } = await service.listener([...library, position], { profile: 'development' });
    for (const [method, path] of [
      ['GET', `/shows?ids=${show(0)}`],
      ['GET', `/episodes?ids=${episode(0)}`],
      ['PUT', `/me/shows?ids=${show(0)}`],
      ['DELETE', `/me/shows?ids=${show(0)}`],
      ['GET', `/me/shows/contains?ids=${show(0)}`],
      ['PUT', `/me/episodes?ids=${episode(0)}`],
      ['DELETE', `/me/episodes?ids=${episode(0)}`],
      ['GET', `/me/episodes/contains?ids=${episode(0)}`],
    ] as const) {
      expect((await call(method, path, undefined, 'development')).status, `${method} ${path}`).toBe(403);
    }
    // The single reads and the saved lists stay, without the fields removed for such apps.
    const single = await call('GET', `/shows/${show(0)}`, undefined, 'development');
    expect(single.status).toBe(200);
    expect(single.body.publisher).toBeUndefined();
    expect(single.body.available_markets).toBeUndefined();
    const ep = await call('GET', `/episodes/${episode(0)}`, undefined, 'development');
    expect(ep.status).toBe(200);
    expect(ep.body.resume_point).toEqual({ fully_played: false, resume_position_ms: 0 });
    expect((await call('GET', `/shows/${show(0)}/episodes`, undefined, 'development')).status).toBe(200);
    expect((await call('GET', '/me/shows', undefined, 'development')).status).toBe(200);
    expect((await call('GET', '/me/episodes', undefined, 'development')).status).toBe(200);
  });
});
