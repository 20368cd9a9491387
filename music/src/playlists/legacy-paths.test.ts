import { beforeAll, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';

await describeService('the older playlist tracks path', (service) => {
  let editorial: string;

  beforeAll(async () => {
    const { rows } = await service.db.query<{ id: string }>(
      "SELECT id FROM playlists WHERE owner_id = 'graphonic' ORDER BY id LIMIT 1",
    );
    editorial = rows[0]?.id ?? '';
  });

  it('answers like the items path on the full profile, with the older field names too', async () => {
    const { call, token } = await service.listener(['playlist-read-private']);
    const items = await call('GET', `/playlists/${editorial}/items?limit=3`);
    const tracks = await fetch(`${service.url}/v1/playlists/${editorial}/tracks?limit=3`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tracks.status).toBe(200);
    const body = (await tracks.json()) as { items: { track: { id: string }; item: { id: string } }[] };
    const expected = (items.body.items as { item: { id: string } }[]).map((entry) => entry.item.id);
    expect(body.items.map((entry) => entry.track.id)).toEqual(expected);
    expect(body.items.map((entry) => entry.item.id)).toEqual(expected);
  });

  it('takes pages of up to 100 by the older path, and links to it', async () => {
    const { token } = await service.listener(['playlist-read-private']);
    const read = (path: string) => fetch(`${service.url}/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const page = await read(`/playlists/${editorial}/tracks?limit=100`);
    expect(page.status).toBe(200);
    const body = (await page.json()) as { limit: number; href: string };
    expect(body.limit).toBe(100);
    expect(new URL(body.href).pathname).toBe(`/v1/playlists/${editorial}/tracks`);
    expect((await read(`/playlists/${editorial}/tracks?limit=101`)).status).toBe(400);
    // The newer path keeps its own limit.
    expect((await read(`/playlists/${editorial}/items?limit=100`)).status).toBe(400);
  });

  it('is removed for development-mode apps', async () => {
    const { call, token } = await service.listener(['playlist-read-private', 'playlist-modify-public'], {
      profile: 'development',
    });
    const own = await call('POST', '/me/playlists', { name: 'Mine' });
    const response = await fetch(`${service.developmentUrl}/v1/playlists/${String(own.body.id)}/tracks`, {
      headers: { authorization: `Bearer ${token}` },
    });
    // Removed, like every other endpoint development-mode apps lost.
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { status: 403, message: 'This endpoint is not available to applications in development mode' },
    });
  });
});
