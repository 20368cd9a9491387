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

  it('is gone for development-mode apps', async () => {
    const { call, token } = await service.listener(['playlist-read-private', 'playlist-modify-public'], {
      profile: 'development',
    });
    const own = await call('POST', '/me/playlists', { name: 'Mine' });
    const response = await fetch(`${service.developmentUrl}/v1/playlists/${String(own.body.id)}/tracks`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(404);
  });
});
