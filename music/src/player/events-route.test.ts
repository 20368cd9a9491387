import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { issueTokens } from '../accounts/service';
import { describeService } from '../v1/__fixtures__/service';

/** The service's clock: real time, moved ahead by hand where a test needs a long wait. */
let offset = 0;
const now = () => Date.now() + offset;
const ttl = 25_000;
const scopes = ['user-read-playback-state', 'user-modify-playback-state', 'user-read-currently-playing'];

// Each test waits for several events over real HTTP; a busy machine takes its time.
vi.setConfig({ testTimeout: 20_000 });

type Json = Record<string, unknown>;
interface PlayerEvent {
  id: number;
  player: Json | null;
  devices: Json[];
}

const streams: { close: () => void }[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

/** Opens GET /v1/me/player/events and reads its events as they come. */
async function openEvents(baseUrl: string, token?: string) {
  const aborting = new AbortController();
  const response = await fetch(`${baseUrl}/v1/me/player/events`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    signal: aborting.signal,
  });
  const received: PlayerEvent[] = [];
  let ended = false;
  let wake: () => void = () => undefined;
  const read = async () => {
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
        buffer += decoder.decode(chunk.value as Uint8Array, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const fields = new Map(
            buffer
              .slice(0, end)
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          buffer = buffer.slice(end + 2);
          if (fields.get('event') !== 'player') continue;
          const data = JSON.parse(fields.get('data') ?? '{}') as Omit<PlayerEvent, 'id'>;
          received.push({ id: Number(fields.get('id')), ...data });
          wake();
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
    wake();
  };
  if (response.ok) void read();
  let seen = 0;
  const stream = {
    response,
    received,
    close: () => {
      aborting.abort();
    },
    /** The next event that satisfies `wanted`, skipping the ones before it. */
    async until(wanted: (event: PlayerEvent) => boolean, timeoutMs = 8000): Promise<PlayerEvent> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        while (seen < received.length) {
          const event = received[seen];
          seen += 1;
          if (event && wanted(event)) return event;
        }
        if (ended) throw new Error('The stream ended');
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`No such event within ${timeoutMs} ms: ${JSON.stringify(received.at(-1))}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    /** Resolves once the service has ended the stream. */
    async ended(timeoutMs = 8000): Promise<void> {
      const deadline = performance.now() + timeoutMs;
      while (!ended && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      if (!ended) throw new Error('The stream is still open');
    },
  };
  streams.push(stream);
  return stream;
}

const any = () => true;

await describeService(
  'the player event stream',
  (service) => {
    let tracks: { id: string; duration_ms: number }[] = [];
    let albumUri = '';

    beforeAll(async () => {
      const { rows } = await service.db.query<{ album_id: string }>(
        'SELECT album_id FROM tracks GROUP BY album_id HAVING count(*) >= 3 ORDER BY album_id LIMIT 1',
      );
      const albumId = rows[0]?.album_id ?? '';
      albumUri = `spotify:album:${albumId}`;
      tracks = (
        await service.db.query<{ id: string; duration_ms: number }>(
          'SELECT id, duration_ms FROM tracks WHERE album_id = $1 ORDER BY disc_number, track_number',
          [albumId],
        )
      ).rows;
    });

    const listener = () => service.listener(scopes);

    it('sends the player on connect and on every change, with growing ids, through proxies', async () => {
      const { token, call } = await listener();
      const stream = await openEvents(service.url, token);
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-store');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      const first = await stream.until(any);
      expect(first).toMatchObject({ player: null, devices: [] });

      const id = String((await call('POST', '/me/player/devices', { name: 'Chrome on Linux' })).body.id);
      const registered = await stream.until((event) => event.devices.length === 1);
      expect(registered.devices).toEqual([
        expect.objectContaining({ id, registered_by_client: true, is_active: false }),
      ]);

      expect((await call('PUT', `/me/player/play?device_id=${id}`, { context_uri: albumUri })).status).toBe(204);
      const playing = await stream.until((event) => event.player?.is_playing === true);
      expect(playing.player).toMatchObject({ device: { id, is_active: true }, item: { id: tracks[0]?.id } });

      expect((await call('PUT', '/me/player/pause')).status).toBe(204);
      const paused = await stream.until((event) => event.player?.is_playing === false);
      expect(paused.id).toBeGreaterThan(playing.id);
      expect(paused.player?.timestamp).toBeGreaterThanOrEqual(Number(playing.player?.timestamp));
      // The body is GET /me/player's.
      const { timestamp: _read, ...body } = (await call('GET', '/me/player')).body;
      expect(paused.player).toMatchObject(body);

      expect((await call('DELETE', `/me/player/devices/${id}`)).status).toBe(204);
      expect(await stream.until((event) => event.devices.length === 0)).toMatchObject({ player: null });
      const ids = stream.received.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('sends episodes as items', async () => {
      const { token, call } = await listener();
      const { rows } = await service.db.query<{ show_id: string }>('SELECT show_id FROM episodes LIMIT 1');
      const id = String((await call('POST', '/me/player/devices', { name: 'Radio', type: 'Speaker' })).body.id);
      const stream = await openEvents(service.url, token);
      await call('PUT', `/me/player/play?device_id=${id}`, { context_uri: `spotify:show:${rows[0]?.show_id ?? ''}` });
      const event = await stream.until((candidate) => candidate.player !== null);
      expect(event.player).toMatchObject({ currently_playing_type: 'episode', item: { type: 'episode' } });
      expect(event.player?.playback_rate).toBe(1);
      // A change of speed is pushed, with the speed.
      expect((await call('PUT', '/me/player/speed?rate=2')).status).toBe(204);
      const faster = await stream.until((candidate) => candidate.player?.playback_rate === 2);
      expect(faster.player).toMatchObject({ currently_playing_type: 'episode', is_playing: true });
    });

    it('pushes the next item when the current one ends by time', async () => {
      const { token, call } = await listener();
      const id = String((await call('POST', '/me/player/devices', { name: 'Kitchen', type: 'Speaker' })).body.id);
      await call('PUT', `/me/player/play?device_id=${id}`, { context_uri: albumUri });
      const stream = await openEvents(service.url, token);
      await stream.until((event) => event.player !== null);
      const [first, second] = tracks;
      // A third of a second before the end; no request follows, the service's timer sends the event.
      await call('PUT', `/me/player/seek?position_ms=${(first?.duration_ms ?? 0) - 300}`);
      const next = await stream.until((event) => (event.player?.item as Json | null)?.id === second?.id);
      expect(next.player).toMatchObject({ is_playing: true, context: { uri: albumUri } });
      expect(Number(next.player?.progress_ms)).toBeLessThan(5000);
    });

    it('pushes a device that lapses, and stops playback that was on it', async () => {
      const { token, call } = await listener();
      const id = String((await call('POST', '/me/player/devices', { name: 'Phone', type: 'Smartphone' })).body.id);
      await call('PUT', `/me/player/play?device_id=${id}`, { context_uri: albumUri });
      const stream = await openEvents(service.url, token);
      await stream.until((event) => event.player !== null);
      // Most of the time-to-live passes; a change makes the stream read, and plan the lapse. The change's own
      // event may come before the lapse or not at all (on a slow machine the lapse is due by the time it is read).
      offset += ttl - 400;
      expect((await call('PUT', '/me/player/volume?volume_percent=30')).status).toBe(204);
      const lapsed = await stream.until((event) => event.devices.length === 0);
      expect(lapsed.player).toBeNull();
      expect((await call('GET', '/me/player')).status).toBe(204);
    });

    it('never sends an older state after a newer one, however the commands interleave', async () => {
      const { token, call } = await listener();
      const id = String((await call('POST', '/me/player/devices', { name: 'Desk', type: 'Computer' })).body.id);
      await call('PUT', `/me/player/play?device_id=${id}`, { context_uri: albumUri });
      const stream = await openEvents(service.url, token);
      await stream.until((event) => event.player !== null);
      const answers = await Promise.all(
        [10, 20, 30, 40, 50, 60, 70, 80].map((volume) => call('PUT', `/me/player/volume?volume_percent=${volume}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(204));
      const final = ((await call('GET', '/me/player')).body.device as Json).volume_percent;
      const volumeOf = (event: PlayerEvent) => (event.player?.device as Json | undefined)?.volume_percent;
      await stream.until((event) => volumeOf(event) === final);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(volumeOf(stream.received.at(-1) ?? { id: 0, player: null, devices: [] })).toBe(final);
      const stamps = stream.received.map((event) => Number(event.player?.timestamp));
      expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
      const ids = stream.received.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('asks for a token and the playback-state scope', async () => {
      const anonymous = await fetch(`${service.url}/v1/me/player/events`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: { status: 401, message: 'No token provided' } });
      const { token } = await service.listener(['user-modify-playback-state']);
      const unscoped = await openEvents(service.url, token);
      expect(unscoped.response.status).toBe(403);
      expect(await unscoped.response.json()).toEqual({ error: { status: 403, message: 'Insufficient client scope' } });
    });

    it('holds at most 20 streams per listener, and answers the next with a 429', async () => {
      const { token } = await listener();
      const open = [];
      for (let n = 0; n < 20; n += 1) open.push(await openEvents(service.url, token));
      expect(open.map((stream) => stream.response.status)).toEqual(Array(20).fill(200));
      const refused = await openEvents(service.url, token);
      expect(refused.response.status).toBe(429);
      expect(await refused.response.json()).toEqual({
        error: {
          status: 429,
          message: 'Too many open player event streams: at most 20 per listener. Close one first.',
        },
      });
      // Another listener is not held back.
      expect((await openEvents(service.url, (await listener()).token)).response.status).toBe(200);
      open[0]?.close();
      await expect
        .poll(async () => {
          const again = await openEvents(service.url, token);
          again.close();
          return again.response.status;
        })
        .toBe(200);
    });

    it('ends the stream when its token expires', async () => {
      const { id, call } = await listener();
      const { access_token: shortLived } = await issueTokens(service.db, {
        userId: id,
        clientId: 'graphonic',
        scopes,
        ttlSeconds: 60,
        withRefreshToken: false,
        now: now(),
      });
      const stream = await openEvents(service.url, shortLived);
      await stream.until(any);
      offset += 61_000;
      await call('POST', '/me/player/devices', { name: 'Later', type: 'Computer' });
      await stream.ended();
      expect(stream.received).toHaveLength(1);
    });
  },
  { now },
);
