import { beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';
import { lapseCutoff, nextLapseAt } from './presence';
import type { PlayerDevice } from './store';

let clock = Math.floor(Date.now() / 1000) * 1000;
const ttl = 25_000;
const scopes = ['user-read-playback-state', 'user-modify-playback-state', 'user-read-currently-playing'];

describe('presence', () => {
  const device = (seen: number, registeredByClient = true): PlayerDevice => ({
    id: String(seen),
    name: 'A',
    type: 'Computer',
    is_private_session: false,
    is_restricted: false,
    supports_volume: true,
    volume_percent: 100,
    registered_by_client: registeredByClient,
    last_seen_at: new Date(seen),
  });

  it('lapses the earliest-seen registered device first, and never a device no client registered', () => {
    expect(nextLapseAt([device(5000), device(2000), device(1000, false)], ttl)).toBe(2000 + ttl);
    expect(nextLapseAt([device(1000, false)], ttl)).toBeNull();
    expect(lapseCutoff(100_000, ttl)).toBe(75_000);
  });
});

await describeService(
  'device presence',
  (service) => {
    let albumUri = '';

    beforeAll(async () => {
      const { rows } = await service.db.query<{ album_id: string }>(
        'SELECT album_id FROM tracks GROUP BY album_id HAVING count(*) >= 3 ORDER BY album_id LIMIT 1',
      );
      albumUri = `spotify:album:${rows[0]?.album_id ?? ''}`;
    });

    const listener = async () => (await service.listener(scopes)).call;
    const listed = async (call: Awaited<ReturnType<typeof listener>>) =>
      ((await call('GET', '/me/player/devices')).body.devices as { id: string }[]).map((found) => found.id);

    it('lists a registered device until it goes unseen for the time-to-live, then forgets it', async () => {
      const call = await listener();
      const registered = await call('POST', '/me/player/devices', { name: 'Firefox on Linux', type: 'Computer' });
      expect(registered).toMatchObject({ status: 201, body: { registered_by_client: true, is_active: false } });
      const id = String(registered.body.id);
      expect((await call('GET', '/me/player/devices')).body).toEqual({
        devices: [expect.objectContaining({ id, registered_by_client: true })],
      });
      clock += ttl - 1;
      expect(await listed(call)).toEqual([id]);
      clock += 1;
      expect(await listed(call)).toEqual([]);
      // Gone for good: the time-to-live running again changes nothing, nor does keeping it.
      expect(await call('PUT', `/me/player/devices/${id}`)).toEqual({
        status: 404,
        body: { error: { status: 404, message: 'Device not found' } },
      });
      const { rows } = await service.db.query('SELECT 1 FROM devices WHERE id = $1', [id]);
      expect(rows).toEqual([]);
    });

    it('keeps a device that says it is still there, or that a command names', async () => {
      const call = await listener();
      const kept = String((await call('POST', '/me/player/devices', { name: 'Kept', type: 'Computer' })).body.id);
      const named = String((await call('POST', '/me/player/devices', { name: 'Named', type: 'Speaker' })).body.id);
      expect((await call('POST', '/me/player/devices', { name: 'Left', type: 'Tablet' })).status).toBe(201);
      for (let round = 0; round < 3; round += 1) {
        clock += ttl - 5000;
        const keep = await call('PUT', `/me/player/devices/${kept}`);
        expect(keep).toMatchObject({ status: 200, body: { id: kept, name: 'Kept', registered_by_client: true } });
        expect((await call('PUT', `/me/player/play?device_id=${named}`, { context_uri: albumUri })).status).toBe(204);
      }
      expect(await listed(call)).toEqual([kept, named]);
    });

    it('stops playback on the active device when it lapses: nothing plays, and commands find no device', async () => {
      const call = await listener();
      const id = String((await call('POST', '/me/player/devices', { name: 'Phone', type: 'Smartphone' })).body.id);
      const other = String((await call('POST', '/me/player/devices', { name: 'TV', type: 'TV' })).body.id);
      expect((await call('PUT', `/me/player/play?device_id=${id}`, { context_uri: albumUri })).status).toBe(204);
      expect((await call('GET', '/me/player')).body).toMatchObject({
        device: { id, registered_by_client: true },
        is_playing: true,
      });
      clock += ttl / 2;
      expect((await call('PUT', `/me/player/devices/${other}`)).status).toBe(200);
      clock += ttl / 2;
      expect((await call('GET', '/me/player')).status).toBe(204);
      expect(await call('PUT', '/me/player/pause')).toEqual({
        status: 404,
        body: {
          error: { status: 404, message: 'Player command failed: No active device found', reason: 'NO_ACTIVE_DEVICE' },
        },
      });
      expect(await listed(call)).toEqual([other]);
      // Playback resumes where it stopped on a device that is there.
      expect((await call('PUT', `/me/player/play?device_id=${other}`)).status).toBe(204);
      expect((await call('GET', '/me/player')).body).toMatchObject({ device: { id: other }, is_playing: true });
    });

    it('answers 404 for keeping a device it never knew, and asks for the scope to keep one', async () => {
      const call = await listener();
      expect(await call('PUT', '/me/player/devices/nothing-here')).toEqual({
        status: 404,
        body: { error: { status: 404, message: 'Device not found' } },
      });
      const reader = (await service.listener(['user-read-playback-state'])).call;
      expect((await reader('PUT', '/me/player/devices/nothing-here')).status).toBe(403);
      // Another listener's device is not theirs to keep.
      const id = String((await call('POST', '/me/player/devices', { name: 'Mine', type: 'Computer' })).body.id);
      const stranger = await listener();
      expect((await stranger('PUT', `/me/player/devices/${id}`)).status).toBe(404);
    });
  },
  { now: () => clock },
);
