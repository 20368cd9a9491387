import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { startLocalMusic, type LocalMusic } from '../../../test-support/local-music';
import { deleteKeys, testKeyPrefix } from '../../../test-support/redis-keys';
import { hasRedis, REDIS_URL } from '../../../test-support/services';
import { createApp, type App } from '../app';
import { requestedScopes } from '../auth/scopes';
import { loadConfig } from '../config';
import { eventually, liveClient, Watch } from './__fixtures__/live-client';

/**
 * Two api instances sharing the machine's Redis, as the scaled deployment runs them: a command through one
 * reaches a subscriber of the other, only one of them reads a listener's player, and the other takes over
 * once the first one's subscribers leave and its lease is gone. The timed reads are a minute apart: what
 * arrives sooner came through a poke and Redis.
 */

interface Instance {
  app: App;
  server: RunningServer;
}

interface PlayerData {
  player: { state: { isPlaying: boolean } | null };
}

describe.runIf(await hasRedis())('the live player across instances sharing Redis', () => {
  const prefix = testKeyPrefix('live');
  const scratch = mkdtempSync(join(tmpdir(), 'graphonic-live-scaled-'));
  let music: LocalMusic;
  const instances: Instance[] = [];
  let albumUri = '';

  beforeAll(async () => {
    music = await startLocalMusic();
    const { rows } = await music.db.query<{ id: string }>('SELECT id FROM albums ORDER BY id LIMIT 1');
    albumUri = `spotify:album:${rows[0]?.id ?? ''}`;
    for (const name of ['one', 'two']) {
      const app = await createApp(
        loadConfig({
          NODE_ENV: 'test',
          MUSIC_API_URL: `${music.url}/v1`,
          MUSIC_ACCOUNTS_URL: music.url,
          SESSION_DIR: join(scratch, name),
          WEB_DIST: join(scratch, 'no-web'),
          REDIS_URL,
          REDIS_KEY_PREFIX: prefix,
        }),
        {
          live: {
            source: 'poll',
            poller: { playingIntervalMs: 60_000, pausedIntervalMs: 60_000, devicesMaxAgeMs: 60_000 },
            leaseMs: 600,
          },
        },
      );
      const server = await listen(app.app);
      app.attach(server.server);
      instances.push({ app, server });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { app, server } of instances) {
      await app.closeSockets();
      await server.close();
      await app.stop();
    }
    await music.stop();
    await deleteKeys(prefix);
    rmSync(scratch, { recursive: true, force: true });
  });

  const at = (index: number): Instance => {
    const instance = instances[index];
    if (!instance) throw new Error('The instances are used before they start.');
    return instance;
  };

  async function http(instance: Instance, token: string, query: string, variables?: Record<string, unknown>) {
    const response = await fetch(`${instance.server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data ?? {};
  }

  const sources = () => instances.map(({ app }) => app.live.hub.stats().sources);
  const isPlaying = (value: boolean) => (result: { data?: PlayerData | null }) =>
    result.data?.player.state?.isPlaying === value;

  it('brings a command through one instance to a subscriber of the other, with one reader between them', async () => {
    const token = await music.listenerToken('scaled', requestedScopes);
    const registered = await http(
      at(0),
      token,
      'mutation($input: RegisterPlaybackDeviceInput!) { registerPlaybackDevice(input: $input) { device { id } } }',
      { input: { name: 'Hall', type: 'Speaker' } },
    );
    const deviceId = (registered.registerPlaybackDevice as { device: { id: string } }).device.id;
    await http(at(0), token, 'mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { __typename } }', {
      input: { contextUri: albumUri, deviceId },
    });
    const connectionParams = { authorization: `Bearer ${token}` };
    const [first, second] = [
      liveClient(at(0).server.url, { connectionParams }),
      liveClient(at(1).server.url, { connectionParams }),
    ];
    const query = 'subscription { player { state { isPlaying } } }';
    const onOne = new Watch<PlayerData>(first, query);
    const onTwo = new Watch<PlayerData>(second, query);
    try {
      await onOne.until(isPlaying(true));
      await onTwo.until(isPlaying(true));
      // One instance holds the lease and reads; the other hears its readings through Redis.
      expect(sources().reduce((sum, count) => sum + count, 0)).toBe(1);

      await http(at(0), token, 'mutation { pausePlayback(input: {}) { __typename } }');
      await onTwo.until(isPlaying(false), 3000);
      await onOne.until(isPlaying(false), 3000);

      // The reading instance's subscriber leaves: its lease goes, and the other instance reads from then on.
      const holder = sources().indexOf(1);
      (holder === 0 ? onOne : onTwo).dispose();
      const remaining = holder === 0 ? onTwo : onOne;
      const other = holder === 0 ? 1 : 0;
      await eventually(() => sources()[other] === 1, 3000, 'the other instance to take over');
      expect(sources()[holder]).toBe(0);
      await http(at(holder), token, 'mutation { startPlayback(input: {}) { __typename } }');
      await remaining.until((result) => result !== remaining.results[0] && isPlaying(true)(result), 3000);
    } finally {
      onOne.dispose();
      onTwo.dispose();
      await first.dispose();
      await second.dispose();
    }
    await eventually(() => sources().every((count) => count === 0), 3000, 'every source to stop');
  });
});
