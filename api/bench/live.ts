/**
 * `npm run bench -w api` (its live part, `npm run bench:live -w api`): the live player over the api's
 * WebSocket against the local music service, on its two profiles: `full` with the service's push (its event
 * stream) and `development` read by the poller, as Spotify would be.
 *
 * It prints three tables:
 * - command-to-subscriber latency p50/p99: from sending a pause or a play until a subscriber has the new
 *   state, for a command through the api (a mutation) and for a change made elsewhere (the music service
 *   called directly, as another app of the listener would);
 * - upstream player reads per listener-minute with 1, 5 and 20 subscriptions of one listener while something
 *   plays;
 * - memory and processor time of 1,000 idle subscriptions on one instance (100 listeners with 10 tabs each).
 *
 * The music service and the idle clients run in processes of their own (live-music.ts, live-clients.ts): the
 * memory and processor figures are the api's. Environment: BENCH_LIVE_RUNS (10 changes per case),
 * BENCH_LIVE_WINDOW_S (10 s of counting per row), BENCH_LIVE_IDLE_S (10 s of idle measurement).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type RunningServer } from '../../test-support/http';
import { liveClient, Watch } from '../src/subscriptions/__fixtures__/live-client';
import type { LiveClientsJob } from './live-clients';
import type { LiveMusicJob, LiveMusicReady } from './live-music';

// The libraries run as in a deployed api (see bench.ts); the api's own settings stay those of a test.
process.env.NODE_ENV = 'production';
const { createApp } = await import('../src/app');
const { loadConfig } = await import('../src/config');

const runs = Number(process.env.BENCH_LIVE_RUNS ?? 10);
const windowSeconds = Number(process.env.BENCH_LIVE_WINDOW_S ?? 10);
const idleSeconds = Number(process.env.BENCH_LIVE_IDLE_S ?? 10);
const idleListeners = 100;
const idleTabs = 10;

type Profile = 'full' | 'development';

function child(file: string, job: object): Promise<{ ready: unknown; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const process_ = fork(join(import.meta.dirname, file), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    process_.once('error', reject);
    process_.once('exit', (code) =>
      reject(new Error(`${file} ended (exit code ${String(code)}) before it was ready.`)),
    );
    process_.once('message', (ready: unknown) => {
      process_.removeAllListeners('exit');
      resolve({ ready, process: process_ });
    });
    process_.send(job);
  });
}

interface Api {
  url: string;
  built: Awaited<ReturnType<typeof createApp>>;
  calls: Map<string, number>;
  close(): Promise<void>;
}

async function startApi(music: LiveMusicReady, profile: Profile): Promise<Api> {
  const sessionDir = mkdtempSync(join(tmpdir(), 'graphonic-bench-live-'));
  const calls = new Map<string, number>();
  const built = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_DIR: sessionDir,
      WEB_DIST: join(sessionDir, 'no-web'),
      GRAPHQL_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
    }),
    {
      onUpstreamRequest: (event) => {
        // Device ids name no resource worth telling apart here.
        const path = event.path.replace(/\/me\/player\/devices\/[^/]+$/, '/me/player/devices/{id}');
        const key = `${event.method} ${path}`;
        calls.set(key, (calls.get(key) ?? 0) + 1);
      },
      live: { source: profile === 'development' ? 'poll' : 'auto' },
    },
  );
  const server: RunningServer = await listen(built.app);
  built.attach(server.server);
  return {
    url: server.url,
    built,
    calls,
    async close() {
      await built.closeSockets();
      await server.close();
      await built.stop();
      rmSync(sessionDir, { recursive: true, force: true });
    },
  };
}

async function mutate(api: Api, token: string, query: string, variables?: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function prepare(api: Api, music: LiveMusicReady, token: string): Promise<string> {
  const registered = (await mutate(
    api,
    token,
    'mutation($input: RegisterPlaybackDeviceInput!) { registerPlaybackDevice(input: $input) { device { id } } }',
    { input: { name: 'Bench speaker', type: 'Speaker' } },
  )) as { registerPlaybackDevice: { device: { id: string } } };
  const deviceId = registered.registerPlaybackDevice.device.id;
  await mutate(api, token, 'mutation($input: StartPlaybackInput!) { startPlayback(input: $input) { __typename } }', {
    input: { contextUri: music.albumUri, deviceId },
  });
  return deviceId;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface PlayerData {
  player: { state: { isPlaying: boolean } | null };
}

/** Pause, play, pause … `runs` times; each time, how long until the subscriber has the new state. */
async function latency(
  api: Api,
  music: LiveMusicReady,
  token: string,
  deviceId: string,
  through: 'api' | 'elsewhere',
): Promise<number[]> {
  const client = liveClient(api.url, { connectionParams: { authorization: `Bearer ${token}` } });
  const watch = new Watch<PlayerData>(client, 'subscription { player { state { isPlaying } } }');
  const times: number[] = [];
  try {
    await watch.until((result) => result.data?.player.state?.isPlaying === true, 10_000);
    for (let run = 0; run < runs; run += 1) {
      const playing = run % 2 === 1;
      const before = watch.results.length;
      const started = performance.now();
      if (through === 'api') {
        await mutate(
          api,
          token,
          playing
            ? 'mutation { startPlayback(input: {}) { __typename } }'
            : 'mutation { pausePlayback(input: {}) { __typename } }',
        );
      } else {
        const response = await fetch(`${music.url}/v1/me/player/${playing ? 'play' : 'pause'}?device_id=${deviceId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}` },
        });
        await response.body?.cancel();
      }
      await watch.until(
        (result) => watch.results.indexOf(result) >= before && result.data?.player.state?.isPlaying === playing,
        15_000,
      );
      times.push(performance.now() - started);
    }
  } finally {
    watch.dispose();
    await client.dispose();
  }
  // Ends playing, as it began.
  if (runs % 2 === 1) await mutate(api, token, 'mutation { startPlayback(input: {}) { __typename } }');
  return times;
}

/** Upstream reads of the player and the devices per minute while `count` subscriptions of one listener watch. */
async function readsPerMinute(
  api: Api,
  token: string,
  count: number,
): Promise<{ player: number; devices: number; streams: number }> {
  const clients = Array.from({ length: Math.ceil(count / 10) }, () =>
    liveClient(api.url, { connectionParams: { authorization: `Bearer ${token}` } }),
  );
  // Ten subscriptions per connection, the most one holds.
  const watches = clients.flatMap((client, index) =>
    Array.from(
      { length: Math.min(10, count - index * 10) },
      () => new Watch(client, 'subscription { player { devices { id } } }'),
    ),
  );
  try {
    for (const watch of watches) await watch.until(() => true, 10_000);
    api.calls.clear();
    await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000));
    const perMinute = (key: string) => ((api.calls.get(key) ?? 0) * 60) / windowSeconds;
    return {
      player: perMinute('GET /v1/me/player'),
      devices: perMinute('GET /v1/me/player/devices'),
      streams: api.calls.get('GET /v1/me/player/events') ?? 0,
    };
  } finally {
    for (const watch of watches) watch.dispose();
    for (const client of clients) await client.dispose();
    // Lets the feed close before the next row.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

async function idle(api: Api, music: LiveMusicReady) {
  const tokens = music.tokens.slice(2, 2 + idleListeners);
  gc();
  const before = process.memoryUsage();
  const clients = await child('live-clients.ts', {
    url: `${api.url.replace(/^http/, 'ws')}/graphql`,
    tokens,
    perListener: idleTabs,
  } satisfies LiveClientsJob);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  gc();
  const after = process.memoryUsage();
  api.calls.clear();
  const cpu = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const used = process.cpuUsage(cpu);
  const upstream = [...api.calls.values()].reduce((sum, count) => sum + count, 0);
  const stats = api.built.live.server.stats();
  clients.process.disconnect();
  return {
    subscriptions: stats.subscriptions,
    connections: stats.connections,
    heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
    rssMb: (after.rss - before.rss) / 2 ** 20,
    cpuPercent: ((used.user + used.system) / 1000 / (idleSeconds * 1000)) * 100,
    upstreamPerMinute: (upstream * 60) / idleSeconds,
  };
}

const latencyRows: string[] = [];
const readRows: string[] = [];
const idleRows: string[] = [];
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

for (const profile of ['full', 'development'] as const) {
  const started = await child('live-music.ts', {
    profile,
    listeners: profile === 'full' ? 2 + idleListeners : 2,
  } satisfies LiveMusicJob);
  const music = { process: started.process, ready: started.ready as LiveMusicReady };
  const api = await startApi(music.ready, profile);
  const source = profile === 'full' ? 'push (event stream)' : 'polled';
  try {
    const [token = '', readsToken = ''] = music.ready.tokens;
    const deviceId = await prepare(api, music.ready, token);
    for (const through of ['api', 'elsewhere'] as const) {
      const times = await latency(api, music.ready, token, deviceId, through);
      latencyRows.push(
        `| ${profile}, ${source} | ${through === 'api' ? 'a mutation through the api' : 'the music service called directly'} | ${times.length} | ${fixed(percentile(times, 50))} | ${fixed(percentile(times, 99))} |`,
      );
    }
    await prepare(api, music.ready, readsToken);
    for (const count of [1, 5, 20]) {
      const reads = await readsPerMinute(api, readsToken, count);
      readRows.push(
        `| ${profile}, ${source} | ${count} | ${fixed(reads.player)} | ${fixed(reads.devices)} | ${reads.streams} |`,
      );
    }
    if (profile === 'full') {
      const figures = await idle(api, music.ready);
      idleRows.push(
        `| ${profile}, ${source} | ${figures.subscriptions} | ${figures.connections} | ${fixed(figures.heapMb, 1)} | ${fixed(figures.rssMb, 1)} | ${fixed((figures.heapMb * 1024) / Math.max(1, figures.subscriptions), 1)} | ${fixed(figures.cpuPercent, 2)} | ${fixed(figures.upstreamPerMinute)} |`,
      );
    }
  } finally {
    await api.close();
    music.process.disconnect();
  }
}

console.log('\nLive player: command to subscriber (ms)\n');
console.log('| upstream | the change | changes | p50 | p99 |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of latencyRows) console.log(row);
console.log(`\nUpstream reads per listener-minute while something plays (${windowSeconds} s counted per row)\n`);
console.log('| upstream | subscriptions | GET /me/player | GET /me/player/devices | event streams opened |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of readRows) console.log(row);
console.log(
  `\n${idleListeners * idleTabs} idle subscriptions on one instance (${idleListeners} listeners × ${idleTabs} tabs; ${idleSeconds} s measured)\n`,
);
console.log(
  '| upstream | subscriptions | connections | heap MB | RSS MB | heap KB per subscription | CPU % of a core | upstream calls/min |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of idleRows) console.log(row);
if (!(globalThis as { gc?: unknown }).gc) console.log('\n(Run with node --expose-gc for steadier memory figures.)');
