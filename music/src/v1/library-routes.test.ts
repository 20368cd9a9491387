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
let tracks: string[];
let albums: string[];
let artists: string[];
const everything = [
  'user-library-read',
  'user-library-modify',
  'user-follow-read',
  'user-follow-modify',
  'playlist-read-private',
];

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  await seedCatalog(db, { tracks: 120, albums: 12, artists: 6, playlists: 2, shows: 1, episodes: 2 });
  const config = loadMusicConfig({ NODE_ENV: 'test' });
  await registerConfiguredClient(db, config.client);
  tracks = (await db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id LIMIT 60')).rows.map((row) => row.id);
  albums = (await db.query<{ id: string }>('SELECT id FROM albums ORDER BY id')).rows.map((row) => row.id);
  artists = (await db.query<{ id: string }>('SELECT id FROM artists ORDER BY id')).rows.map((row) => row.id);
  server = await listen(createMusicApp(config, { db }).app);
}, 60_000);

afterAll(async () => {
  await server.close();
  await db.close();
});

async function listener(scopes = everything) {
  return (await createListener(db, () => server.url, scopes)).call;
}

const at = (list: string[], index: number): string => list[index] ?? '';

describe('saved tracks', () => {
  it('are saved, listed newest first, checked and removed', async () => {
    const call = await listener();
    expect((await call('PUT', `/me/tracks?ids=${at(tracks, 0)}`)).status).toBe(200);
    expect((await call('PUT', `/me/tracks?ids=${at(tracks, 1)},${at(tracks, 0)}`)).status).toBe(200);
    expect((await call('PUT', '/me/tracks', { ids: [at(tracks, 2)] })).status).toBe(200);
    const saved = (await call('GET', '/me/tracks?limit=2')).body as {
      total: number;
      items: { track: { id: string } }[];
      next: string | null;
    };
    expect(saved.total).toBe(3);
    expect(saved.items.map((item) => item.track.id)).toEqual([at(tracks, 2), at(tracks, 1)]);
    expect(saved.next).toContain('offset=2');
    expect((await call('GET', `/me/tracks/contains?ids=${at(tracks, 0)},${at(tracks, 5)}`)).body).toEqual([
      true,
      false,
    ]);
    await call('DELETE', `/me/tracks?ids=${at(tracks, 0)}`);
    expect((await call('GET', `/me/tracks/contains?ids=${at(tracks, 0)}`)).body).toEqual([false]);
  });

  it('save nothing when one id is unknown, and refuse more than 50', async () => {
    const call = await listener();
    const unknown = 'A'.repeat(22);
    expect((await call('PUT', `/me/tracks?ids=${at(tracks, 0)},${unknown}`)).status).toBe(400);
    expect((await call('GET', '/me/tracks')).body).toMatchObject({ total: 0 });
    expect((await call('PUT', `/me/tracks?ids=${tracks.slice(0, 51).join(',')}`)).body).toEqual({
      error: { status: 400, message: 'Too many ids requested: at most 50' },
    });
  });

  it('need their scopes', async () => {
    const call = await listener(['user-library-read']);
    expect(await call('PUT', `/me/tracks?ids=${at(tracks, 0)}`)).toEqual({
      status: 403,
      body: { error: { status: 403, message: 'Insufficient client scope' } },
    });
  });
});

describe('saved albums', () => {
  it('come with their tracks and keep the 20-id maximum', async () => {
    const call = await listener();
    await call('PUT', `/me/albums?ids=${at(albums, 0)}`);
    const saved = (await call('GET', '/me/albums')).body as {
      items: { album: { id: string; tracks: { total: number } } }[];
    };
    expect(saved.items[0]?.album.id).toBe(at(albums, 0));
    expect(saved.items[0]?.album.tracks.total).toBeGreaterThan(0);
    expect((await call('GET', `/me/albums/contains?ids=${albums.slice(0, 2).join(',')}`)).body).toEqual([true, false]);
  });
});

describe('the library by URI', () => {
  it('saves tracks and albums and follows artists in one transaction', async () => {
    const call = await listener();
    const uris = [
      `spotify:track:${at(tracks, 3)}`,
      `spotify:album:${at(albums, 1)}`,
      `spotify:artist:${at(artists, 0)}`,
    ];
    expect((await call('PUT', `/me/library?uris=${uris.join(',')}`)).status).toBe(200);
    const check = [...uris, `spotify:track:${at(tracks, 4)}`];
    expect((await call('GET', `/me/library/contains?uris=${check.join(',')}`)).body).toEqual([true, true, true, false]);
    await call('DELETE', `/me/library?uris=${uris[0] ?? ''}`);
    expect((await call('GET', `/me/library/contains?uris=${uris[0] ?? ''}`)).body).toEqual([false]);
  });

  it('refuses bad URIs and more than 40', async () => {
    const call = await listener();
    expect((await call('PUT', '/me/library?uris=spotify:track:nope')).status).toBe(400);
    const many = Array.from({ length: 41 }, () => `spotify:track:${at(tracks, 0)}`).join(',');
    expect((await call('GET', `/me/library/contains?uris=${many}`)).status).toBe(400);
  });
});

describe('followed artists', () => {
  it('page by cursor and answer contains', async () => {
    const call = await listener();
    expect((await call('PUT', `/me/following?type=artist&ids=${artists.slice(0, 3).join(',')}`)).status).toBe(204);
    const first = (await call('GET', '/me/following?type=artist&limit=2')).body as {
      artists: { items: { id: string }[]; cursors: { after: string | null }; total: number };
    };
    expect(first.artists.total).toBe(3);
    expect(first.artists.items.map((artist) => artist.id)).toEqual(artists.slice(0, 2));
    const after = first.artists.cursors.after ?? '';
    const second = (await call('GET', `/me/following?type=artist&limit=2&after=${after}`)).body as {
      artists: { items: { id: string }[]; cursors: { after: string | null } };
    };
    expect(second.artists.items.map((artist) => artist.id)).toEqual([at(artists, 2)]);
    expect(second.artists.cursors.after).toBeNull();
    expect(
      (await call('GET', `/me/following/contains?type=artist&ids=${at(artists, 0)},${at(artists, 5)}`)).body,
    ).toEqual([true, false]);
    expect((await call('GET', '/me/following?type=user')).status).toBe(400);
  });
});
