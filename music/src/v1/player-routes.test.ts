import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { authenticate } from '../accounts/middleware';
import { createUser, issueTokens } from '../accounts/service';
import { SqlCatalogStore } from '../catalog/store';
import { seedCatalog } from '../catalog/seed';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { errorHandler } from '../errors';
import { assertShape } from './contract/shapes';
import { playerRoutes } from './player-routes';

let db: Database;
let server: RunningServer;
let clock = Date.parse('2026-11-22T12:00:00Z');
let album: { id: string; tracks: { id: string; duration_ms: number }[] };
const scopes = [
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'user-read-recently-played',
];

beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
  await seedCatalog(db, { tracks: 100, albums: 8, artists: 4, playlists: 2, shows: 1, episodes: 2 });
  await db.query(
    "INSERT INTO oauth_clients (client_id, name, redirect_uris) VALUES ('test', 'Test', '{http://127.0.0.1/cb}')",
  );
  const { rows } = await db.query<{ album_id: string }>(
    'SELECT album_id FROM tracks GROUP BY album_id HAVING count(*) >= 3 ORDER BY album_id LIMIT 1',
  );
  const albumId = rows[0]?.album_id ?? '';
  const tracks = await db.query<{ id: string; duration_ms: number }>(
    'SELECT id, duration_ms FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
    [albumId],
  );
  album = { id: albumId, tracks: tracks.rows };
  const app = express();
  const urls = { api: 'http://127.0.0.1:4100/v1', site: 'http://127.0.0.1:4100' };
  app.use(
    '/v1',
    authenticate(db, () => clock),
    playerRoutes({ db, store: new SqlCatalogStore(db), urls, now: () => clock }),
  );
  app.use(errorHandler);
  server = await listen(app);
}, 60_000);

afterAll(async () => {
  await server.close();
  await db.close();
});

let users = 0;
async function listener(product: 'premium' | 'free' = 'premium') {
  users += 1;
  const id = `player${users}`;
  await createUser(db, { id, product });
  const { access_token: token } = await issueTokens(db, {
    userId: id,
    clientId: 'test',
    scopes,
    ttlSeconds: 10 * 365 * 24 * 3600,
    withRefreshToken: false,
    now: clock,
  });
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (!path.startsWith('/me/player/devices') || method === 'GET')
      assertShape(method, `/v1${path}`, response.status, parsed);
    return { status: response.status, body: parsed as Record<string, unknown> };
  };
}

const track = (n: number) => album.tracks[n] ?? { id: '', duration_ms: 0 };

describe('the player', () => {
  it('answers 204 with nothing playing and NO_ACTIVE_DEVICE without a device', async () => {
    const call = await listener();
    expect((await call('GET', '/me/player')).status).toBe(204);
    expect(await call('PUT', '/me/player/play', { context_uri: `spotify:album:${album.id}` })).toEqual({
      status: 404,
      body: {
        error: { status: 404, message: 'Player command failed: No active device found', reason: 'NO_ACTIVE_DEVICE' },
      },
    });
  });

  it('plays a context on a registered device, moves on with time, and records plays', async () => {
    const call = await listener();
    const device = await call('POST', '/me/player/devices', { name: 'Browser', type: 'Computer' });
    expect(device.status).toBe(201);
    const deviceId = String(device.body.id);
    expect(
      (await call('PUT', `/me/player/play?device_id=${deviceId}`, { context_uri: `spotify:album:${album.id}` })).status,
    ).toBe(204);
    const now = await call('GET', '/me/player');
    expect(now.body).toMatchObject({
      device: { id: deviceId, is_active: true },
      is_playing: true,
      progress_ms: 0,
      item: { id: track(0).id },
      context: { uri: `spotify:album:${album.id}`, type: 'album' },
    });
    clock += track(0).duration_ms + 5000;
    const later = await call('GET', '/me/player/currently-playing');
    expect(later.body).toMatchObject({ item: { id: track(1).id }, progress_ms: 5000 });
    const history = await call('GET', '/me/player/recently-played');
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect((history.body.items as { track: { id: string } }[]).map((item) => item.track.id)).toEqual([track(0).id]);
    expect((await call('GET', '/me/player/devices')).body).toMatchObject({
      devices: [{ id: deviceId, is_active: true }],
    });
  });

  it('pauses, skips, queues, seeks and sets shuffle, repeat and volume', async () => {
    const call = await listener();
    const deviceId = String((await call('POST', '/me/player/devices', { name: 'Kitchen', type: 'Speaker' })).body.id);
    await call('PUT', `/me/player/play?device_id=${deviceId}`, {
      uris: album.tracks.map((t) => `spotify:track:${t.id}`),
      offset: { position: 1 },
    });
    expect((await call('GET', '/me/player')).body).toMatchObject({ item: { id: track(1).id } });
    expect((await call('PUT', '/me/player/pause')).status).toBe(204);
    expect((await call('GET', '/me/player')).body).toMatchObject({ is_playing: false });
    expect((await call('POST', `/me/player/queue?uri=spotify:track:${track(0).id}`)).status).toBe(204);
    const queue = await call('GET', '/me/player/queue');
    expect((queue.body.queue as { id: string }[])[0]?.id).toBe(track(0).id);
    expect((await call('POST', '/me/player/next')).status).toBe(204);
    expect((await call('GET', '/me/player')).body).toMatchObject({ item: { id: track(0).id }, is_playing: true });
    expect((await call('PUT', '/me/player/seek?position_ms=20000')).status).toBe(204);
    expect((await call('GET', '/me/player')).body).toMatchObject({ progress_ms: 20000 });
    await call('PUT', '/me/player/shuffle?state=true');
    await call('PUT', '/me/player/repeat?state=context');
    await call('PUT', '/me/player/volume?volume_percent=40');
    expect((await call('GET', '/me/player')).body).toMatchObject({
      shuffle_state: true,
      repeat_state: 'context',
      device: { volume_percent: 40 },
    });
    expect((await call('PUT', '/me/player/volume?volume_percent=101')).status).toBe(400);
    expect((await call('PUT', '/me/player/repeat?state=forever')).status).toBe(400);
  });

  it('transfers playback to another device, keeping the position', async () => {
    const call = await listener();
    const first = String((await call('POST', '/me/player/devices', { name: 'Phone', type: 'Smartphone' })).body.id);
    const second = String((await call('POST', '/me/player/devices', { name: 'TV', type: 'TV' })).body.id);
    await call('PUT', `/me/player/play?device_id=${first}`, {
      context_uri: `spotify:album:${album.id}`,
      position_ms: 10_000,
    });
    clock += 2000;
    expect((await call('PUT', '/me/player', { device_ids: [second], play: true })).status).toBe(204);
    expect((await call('GET', '/me/player')).body).toMatchObject({ device: { id: second }, progress_ms: 12_000 });
    expect((await call('PUT', '/me/player', { device_ids: [first, second] })).status).toBe(400);
    expect((await call('DELETE', `/me/player/devices/${second}`)).status).toBe(204);
    expect((await call('GET', '/me/player')).status).toBe(204);
  });

  it('needs a premium account for commands', async () => {
    const call = await listener('free');
    expect((await call('PUT', '/me/player/pause')).body).toEqual({
      error: { status: 403, message: 'Player command failed: Premium required', reason: 'PREMIUM_REQUIRED' },
    });
  });
});
