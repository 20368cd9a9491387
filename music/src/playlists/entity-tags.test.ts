import { beforeAll, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';

const scopes = ['playlist-read-private', 'playlist-modify-public', 'playlist-modify-private'];

await describeService('playlists answer 304 to the entity tag a client holds', (service) => {
  let tracks: string[];

  beforeAll(async () => {
    tracks = (await service.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 3')).rows.map(
      (row) => `spotify:track:${row.id}`,
    );
  });

  const get = (token: string, path: string, ifNoneMatch?: string) =>
    fetch(`${service.url}/v1${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        // Fetch would add `Cache-Control: no-cache` to a conditional request, which asks for no 304.
        ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch, 'cache-control': 'max-age=0' } : {}),
      },
    });

  it('a playlist and a page of its items, until a change gives the playlist a new snapshot', async () => {
    const { token, call } = await service.listener(scopes);
    const created = await call('POST', '/me/playlists', { name: 'Tagged' });
    const id = String(created.body.id);
    await call('POST', `/playlists/${id}/items`, { uris: tracks.slice(0, 2) });

    for (const path of [`/playlists/${id}`, `/playlists/${id}/items?limit=1&fields=items(item(uri))`]) {
      const first = await get(token, path);
      const tag = first.headers.get('etag') ?? '';
      expect(first.status).toBe(200);
      expect(tag).toMatch(/^W\/"/);
      const again = await get(token, path, tag);
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }

    // Another question of the same playlist is another answer, with a tag of its own.
    const page = await get(token, `/playlists/${id}/items?limit=1`);
    const other = await get(token, `/playlists/${id}/items?limit=2`, page.headers.get('etag') ?? '');
    expect(other.status).toBe(200);

    const before = (await get(token, `/playlists/${id}`)).headers.get('etag') ?? '';
    await call('POST', `/playlists/${id}/items`, { uris: [tracks[2] ?? ''] });
    const changed = await get(token, `/playlists/${id}`, before);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(before);
    expect(((await changed.json()) as { items: { total: number } }).items.total).toBe(3);
  });

  it("the listener's playlist list, until it changes", async () => {
    const { token, call } = await service.listener(scopes);
    await call('POST', '/me/playlists', { name: 'One' });
    const first = await get(token, '/me/playlists');
    const tag = first.headers.get('etag') ?? '';
    expect(tag).not.toBe('');
    expect((await get(token, '/me/playlists', tag)).status).toBe(304);
    await call('POST', '/me/playlists', { name: 'Two' });
    expect((await get(token, '/me/playlists', tag)).status).toBe(200);
  });
});
