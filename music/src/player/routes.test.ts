import { beforeAll, expect, it } from 'vitest';
import { describeService } from '../v1/__fixtures__/service';

let clock = Math.floor(Date.now() / 1000) * 1000;
const scopes = [
  'user-read-playback-state',
  'user-modify-playback-state',
  'user-read-currently-playing',
  'user-read-recently-played',
];

await describeService(
  'the player',
  (service) => {
    let album: { id: string; tracks: { id: string; duration_ms: number }[] };

    beforeAll(async () => {
      const { rows } = await service.db.query<{ album_id: string }>(
        'SELECT album_id FROM tracks GROUP BY album_id HAVING count(*) >= 3 ORDER BY album_id LIMIT 1',
      );
      const albumId = rows[0]?.album_id ?? '';
      const tracks = await service.db.query<{ id: string; duration_ms: number }>(
        'SELECT id, duration_ms FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
        [albumId],
      );
      album = { id: albumId, tracks: tracks.rows };
    });

    const listener = async (product: 'premium' | 'free' = 'premium') =>
      (await service.listener(scopes, { product })).call;

    const track = (n: number) => album.tracks[n] ?? { id: '', duration_ms: 0 };

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
        (await call('PUT', `/me/player/play?device_id=${deviceId}`, { context_uri: `spotify:album:${album.id}` }))
          .status,
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

    it('says which of what follows the listener queued, and takes one of them out, or all, never the context', async () => {
      const call = await listener();
      const deviceId = String((await call('POST', '/me/player/devices', { name: 'Desk', type: 'Computer' })).body.id);
      await call('PUT', `/me/player/play?device_id=${deviceId}`, { context_uri: `spotify:album:${album.id}` });
      for (const n of [2, 1, 2]) {
        expect((await call('POST', `/me/player/queue?uri=spotify:track:${track(n).id}`)).status).toBe(204);
      }
      const ids = (body: Record<string, unknown>) => (body.queue as { id: string }[]).map((item) => item.id);
      const before = await call('GET', '/me/player/queue');
      expect(before.body.queued_by_listener).toBe(3);
      expect(ids(before.body).slice(0, 4)).toEqual([track(2).id, track(1).id, track(2).id, track(1).id]);

      // The second copy of track 2 goes; the first stays.
      const uri = `spotify:track:${track(2).id}`;
      expect((await call('DELETE', `/me/player/queue?position=2&uri=${uri}`)).status).toBe(204);
      const after = await call('GET', '/me/player/queue');
      expect(after.body.queued_by_listener).toBe(2);
      expect(ids(after.body).slice(0, 3)).toEqual([track(2).id, track(1).id, track(1).id]);

      // A position that no longer holds the item named changes nothing.
      expect(await call('DELETE', `/me/player/queue?position=1&uri=${uri}`)).toMatchObject({
        status: 400,
        body: { error: { status: 400, reason: 'POSITION_MISMATCH' } },
      });
      expect((await call('DELETE', `/me/player/queue?position=1`)).status).toBe(400);
      expect((await call('DELETE', `/me/player/queue?position=-1&uri=${uri}`)).status).toBe(400);
      expect((await call('GET', '/me/player/queue')).body.queued_by_listener).toBe(2);

      // Clearing leaves the context's items to follow.
      expect((await call('DELETE', '/me/player/queue')).status).toBe(204);
      const cleared = await call('GET', '/me/player/queue');
      expect(cleared.body.queued_by_listener).toBe(0);
      expect(ids(cleared.body)[0]).toBe(track(1).id);
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

    it('plays a show, resumes an episode where it was left, and marks it played at its end', async () => {
      const { id: userId, call } = await service.listener([...scopes, 'user-read-playback-position']);
      const { rows } = await service.db.query<{ id: string; show_id: string; duration_ms: number }>(
        'SELECT id, show_id, duration_ms FROM episodes ORDER BY show_id, release_date DESC, id LIMIT 1',
      );
      const episode = rows[0] ?? { id: '', show_id: '', duration_ms: 0 };
      const deviceId = String((await call('POST', '/me/player/devices', { name: 'Radio', type: 'Speaker' })).body.id);
      const play = () =>
        call('PUT', `/me/player/play?device_id=${deviceId}`, { context_uri: `spotify:show:${episode.show_id}` });
      expect((await play()).status).toBe(204);
      // Without additional_types=episode, a client that knows only tracks sees no item.
      expect((await call('GET', '/me/player')).body).toMatchObject({ currently_playing_type: 'episode', item: null });
      const now = await call('GET', '/me/player?additional_types=track,episode');
      expect(now.body).toMatchObject({ item: { type: 'episode', id: episode.id }, progress_ms: 0 });
      expect((await call('GET', '/me/player?additional_types=song')).status).toBe(400);

      clock += 60_000;
      await call('PUT', '/me/player/pause');
      const progress = async () =>
        (
          await service.db.query<{ position_ms: number; fully_played: boolean }>(
            'SELECT position_ms, fully_played FROM episode_progress WHERE episode_id = $1 AND user_id = $2',
            [episode.id, userId],
          )
        ).rows[0];
      expect(await progress()).toEqual({ position_ms: 60_000, fully_played: false });
      const resumed = await call('GET', `/episodes/${episode.id}`);
      expect(resumed.body).toMatchObject({ resume_point: { resume_position_ms: 60_000, fully_played: false } });

      // Playing it again starts where the listener left it.
      expect((await play()).status).toBe(204);
      expect((await call('GET', '/me/player?additional_types=episode')).body).toMatchObject({ progress_ms: 60_000 });
      clock += episode.duration_ms;
      await call('GET', '/me/player');
      expect(await progress()).toMatchObject({ fully_played: true });
      const { rows: plays } = await service.db.query<{ n: number }>(
        'SELECT count(*) AS n FROM plays WHERE episode_id = $1 AND user_id = $2',
        [episode.id, userId],
      );
      expect(plays[0]?.n).toBeGreaterThanOrEqual(1);
      // Episodes queue like tracks.
      expect((await call('POST', `/me/player/queue?uri=spotify:episode:${episode.id}`)).status).toBe(204);
    });

    it('sets the playback speed of an episode, answers it, and keeps a track at 1', async () => {
      const call = await listener();
      const { rows } = await service.db.query<{ show_id: string }>(
        'SELECT show_id FROM episodes ORDER BY show_id, release_date DESC, id LIMIT 1',
      );
      const deviceId = String((await call('POST', '/me/player/devices', { name: 'Study', type: 'Computer' })).body.id);
      await call('PUT', `/me/player/play?device_id=${deviceId}`, {
        context_uri: `spotify:show:${rows[0]?.show_id ?? ''}`,
        position_ms: 0,
      });
      const player = async () => (await call('GET', '/me/player?additional_types=episode')).body;
      expect(await player()).toMatchObject({ playback_rate: 1, progress_ms: 0 });
      clock += 10_000;
      expect((await call('PUT', '/me/player/speed?rate=1.5')).status).toBe(204);
      expect(await player()).toMatchObject({ playback_rate: 1.5, progress_ms: 10_000 });
      clock += 10_000;
      expect(await player()).toMatchObject({ playback_rate: 1.5, progress_ms: 25_000 });
      // Between whole milliseconds, the position is told in whole ones.
      clock += 1;
      expect(await player()).toMatchObject({ progress_ms: 25_001 });

      for (const rate of ['1.3', '0', '-1', 'fast', '1.5e0', '']) {
        expect(await call('PUT', `/me/player/speed?rate=${rate}`)).toMatchObject({
          status: 400,
          body: { error: { status: 400, message: expect.stringMatching(/rate/) as unknown } },
        });
      }
      expect((await call('PUT', '/me/player/speed')).status).toBe(400);
      expect((await player()).playback_rate).toBe(1.5);

      await call('PUT', `/me/player/play?device_id=${deviceId}`, { uris: [`spotify:track:${track(0).id}`] });
      expect(await player()).toMatchObject({ playback_rate: 1 });
      expect(await call('PUT', '/me/player/speed?rate=2')).toEqual({
        status: 403,
        body: {
          error: {
            status: 403,
            message: 'Player command failed: Playback speed applies to episodes only',
            reason: 'NOT_PLAYING_EPISODE',
          },
        },
      });
    });

    it('needs a premium account for commands', async () => {
      const call = await listener('free');
      expect((await call('PUT', '/me/player/pause')).body).toEqual({
        error: { status: 403, message: 'Player command failed: Premium required', reason: 'PREMIUM_REQUIRED' },
      });
    });
  },
  // Devices stay while these tests move the clock by whole tracks; presence has tests of its own.
  { now: () => clock, env: { MUSIC_DEVICE_TTL_MS: String(24 * 3_600_000) } },
);
