import { expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';

const id = (n: number) => `7iHfbu1YPACw6oZPAFJtq${n}`;

await describeService('audiobooks and chapters', (service) => {
  const library = ['user-library-read', 'user-library-modify'];

  it('are not in the catalog: one is not found, several are null in request order, up to 50', async () => {
    const { call } = await service.listener([]);
    for (const path of [`/audiobooks/${id(1)}`, `/audiobooks/${id(1)}/chapters?limit=5`, `/chapters/${id(1)}`]) {
      const answer = await call('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { status: 404, message: 'Non existing id' } });
    }
    const ids = Array.from({ length: 50 }, (_, n) => id(n % 10));
    expect((await call('GET', `/audiobooks?ids=${ids.join(',')}`)).body).toEqual({ audiobooks: ids.map(() => null) });
    expect((await call('GET', `/chapters?ids=${ids.slice(0, 3).join(',')}&market=SE`)).body).toEqual({
      chapters: [null, null, null],
    });
  });

  it('check ids, limits and markets like every catalog endpoint', async () => {
    const { call } = await service.listener([]);
    const bad = [
      `/audiobooks/not-an-id`,
      `/chapters/${'x'.repeat(23)}`,
      `/audiobooks?ids=${Array.from({ length: 51 }, (_, n) => id(n % 10)).join(',')}`,
      `/chapters?ids=${id(1)},bad`,
      '/audiobooks',
      `/audiobooks/${id(1)}?market=Sweden`,
      `/audiobooks/${id(1)}/chapters?limit=51`,
    ];
    for (const path of bad) expect((await call('GET', path)).status, path).toBe(400);
  });

  it('are never in a listener library, which keeps its scopes', async () => {
    const { call } = await service.listener(library);
    expect((await call('GET', '/me/audiobooks?limit=5')).body).toMatchObject({ items: [], total: 0, limit: 5 });
    expect((await call('GET', `/me/audiobooks/contains?ids=${id(1)},${id(2)}`)).body).toEqual([false, false]);
    // Saving an unknown id saves nothing; removing one is no error.
    expect((await call('PUT', `/me/audiobooks?ids=${id(1)}`)).status).toBe(400);
    expect((await call('PUT', '/me/audiobooks', { ids: [id(1)] })).status).toBe(400);
    expect((await call('DELETE', `/me/audiobooks?ids=${id(1)}`)).status).toBe(200);
    expect((await call('GET', '/me/library/contains?uris=spotify:audiobook:' + id(1))).body).toEqual([false]);
    expect((await call('PUT', `/me/library?uris=spotify:audiobook:${id(1)}`)).status).toBe(400);
    expect((await call('DELETE', `/me/library?uris=spotify:audiobook:${id(1)}`)).status).toBe(200);

    const readOnly = (await service.listener(['user-library-read'])).call;
    expect((await readOnly('PUT', `/me/audiobooks?ids=${id(1)}`)).status).toBe(403);
    expect((await readOnly('DELETE', `/me/library?uris=spotify:audiobook:${id(1)}`)).status).toBe(403);
    const none = (await service.listener([])).call;
    expect((await none('GET', '/me/audiobooks')).status).toBe(403);
    expect((await none('GET', `/me/audiobooks/contains?ids=${id(1)}`)).status).toBe(403);
    expect((await none('GET', `/me/library/contains?uris=spotify:audiobook:${id(1)}`)).status).toBe(403);
  });

  it('lose the per-type library endpoints in development mode, as on Spotify', async () => {
    const { call } = await service.listener(library, { profile: 'development' });
    for (const [method, path] of [
      ['PUT', `/me/audiobooks?ids=${id(1)}`],
      ['DELETE', `/me/audiobooks?ids=${id(1)}`],
      ['GET', `/me/audiobooks/contains?ids=${id(1)}`],
      ['GET', `/audiobooks?ids=${id(1)}`],
      ['GET', `/chapters?ids=${id(1)}`],
    ] as const) {
      expect((await call(method, path, undefined, 'development')).status).toBe(403);
    }
    expect((await call('GET', '/me/audiobooks', undefined, 'development')).status).toBe(200);
  });
});
