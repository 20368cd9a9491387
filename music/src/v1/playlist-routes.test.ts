import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { registerConfiguredClient } from '../accounts/service';
import { createMusicApp } from '../app';
import { seedCatalog } from '../catalog/seed';
import { loadMusicConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { createListener } from './__fixtures__/listener';

let db: Database;
let server: RunningServer;
let development: RunningServer;
let editorial: string;
let tracks: string[];
const scopes = ['playlist-read-private', 'playlist-modify-public', 'playlist-modify-private'];

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  await seedCatalog(db, { tracks: 200, albums: 15, artists: 6, playlists: 3, shows: 1, episodes: 2 });
  const config = loadMusicConfig({ NODE_ENV: 'test' });
  await registerConfiguredClient(db, config.client);
  editorial =
    (await db.query<{ id: string }>("SELECT id FROM playlists WHERE owner_id = 'graphonic' LIMIT 1")).rows[0]?.id ?? '';
  tracks = (await db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 10')).rows.map((row) => row.id);
  server = await listen(createMusicApp(config, { db }).app);
  development = await listen(createMusicApp({ ...config, profile: 'development' }, { db }).app);
}, 60_000);

afterAll(async () => {
  await server.close();
  await development.close();
  await db.close();
});

function listener(granted = scopes, base = () => server.url) {
  return createListener(db, base, granted);
}

describe('playlists', () => {
  it('read an editorial playlist and page its items', async () => {
    const { call } = await listener();
    const playlist = await call('GET', `/playlists/${editorial}`);
    expect(playlist.body).toMatchObject({ id: editorial, owner: { id: 'graphonic' }, public: true });
    const total = (playlist.body.items as { total: number }).total;
    const page = await call('GET', `/playlists/${editorial}/items?limit=5&offset=2`);
    expect(page.body).toMatchObject({ limit: 5, offset: 2, total });
    expect((page.body.items as unknown[]).length).toBe(5);
    expect((await call('GET', `/playlists/${editorial}/items?limit=51`)).status).toBe(400);
  });

  it('are created, filled at a position, and listed as the creator own', async () => {
    const { id, call } = await listener();
    const created = await call('POST', '/me/playlists', {
      name: 'Road trip',
      description: 'Windows down',
      public: false,
    });
    expect(created.status).toBe(201);
    const playlistId = String(created.body.id);
    const before = String(created.body.snapshot_id);
    const uri = (n: number) => `spotify:track:${tracks[n] ?? ''}`;
    expect((await call('POST', `/playlists/${playlistId}/items`, { uris: [uri(0), uri(1)] })).status).toBe(201);
    const added = await call('POST', `/playlists/${playlistId}/items`, { uris: [uri(2)], position: 1 });
    expect(added.body.snapshot_id).not.toBe(before);
    const items = await call('GET', `/playlists/${playlistId}/items`);
    expect(
      (items.body.items as { item: { id: string }; added_by: { id: string } }[]).map((item) => item.item.id),
    ).toEqual([tracks[0], tracks[2], tracks[1]]);
    const mine = await call('GET', '/me/playlists');
    expect(mine.body).toMatchObject({ total: 1, items: [{ id: playlistId, public: false, owner: { id } }] });
  });

  it('keep private playlists private and refuse bad input with nothing written', async () => {
    const owner = await listener();
    const stranger = await listener();
    const created = await owner.call('POST', '/me/playlists', { name: 'Secret', public: false });
    const playlistId = String(created.body.id);
    expect((await stranger.call('GET', `/playlists/${playlistId}`)).status).toBe(404);
    expect(
      (await stranger.call('POST', `/playlists/${playlistId}/items`, { uris: [`spotify:track:${tracks[0] ?? ''}`] }))
        .status,
    ).toBe(404);
    const unknownTrack = await owner.call('POST', `/playlists/${playlistId}/items`, {
      uris: [`spotify:track:${tracks[0] ?? ''}`, `spotify:track:${'Z'.repeat(22)}`],
    });
    expect(unknownTrack.status).toBe(400);
    expect(((await owner.call('GET', `/playlists/${playlistId}/items`)).body as { total: number }).total).toBe(0);
    expect((await owner.call('POST', '/me/playlists', { name: '' })).status).toBe(400);
    expect((await owner.call('POST', '/me/playlists', { name: 'x', public: true, collaborative: true })).status).toBe(
      400,
    );
    const readOnly = await listener(['playlist-read-private']);
    expect((await readOnly.call('POST', '/me/playlists', { name: 'Nope' })).status).toBe(403);
  });

  it('hide other people items from development-mode apps', async () => {
    const { call } = await listener(scopes, () => development.url);
    expect((await call('GET', `/playlists/${editorial}/items`, undefined, 'development')).status).toBe(403);
    const own = await call('POST', '/me/playlists', { name: 'Mine' }, 'development');
    expect((await call('GET', `/playlists/${String(own.body.id)}/items`, undefined, 'development')).status).toBe(200);
  });
});
