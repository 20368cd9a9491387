/**
 * `npm run bench:memory -w api` (and part of `npm run bench -w api`): how much memory the api holds
 * after a load of the web client's screens, and where it goes.
 *
 * The api runs as it is deployed, compiled (`npm run build:servers`; built first when `api/dist` is
 * missing) with plain `node`, in production mode, in a process of its own; the local music service in
 * another (music-process.ts, the default catalog, 20 ms of latency). The load is one listener's
 * screens (operations.ts) over many catalog objects, a few requests at a time, for MEMORY_SECONDS
 * (120): home, library, a playlist's two pages, and albums, artists and searches taken in turn from
 * the catalog, so that what the api keeps grows as a listener's browsing makes it. It prints the
 * api's resident memory (RSS) when idle and after the load, then takes a heap snapshot of it and
 * prints what holds the heap, grouped as the heap profiler's summary groups it (heap-summary.ts).
 * Environment: MEMORY_SECONDS, MEMORY_CONCURRENCY (4), MEMORY_PROFILE (full or development),
 * MEMORY_NODE_FLAGS (flags for the api's node).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repositoryRoot } from '../../test-support/processes';
import { summarizeHeap, type HeapSnapshot } from './heap-summary';
import { startMusicProcess } from './music-service';
import { benchOperations, type OperationName } from './operations';

const seconds = Number(process.env.MEMORY_SECONDS ?? 120);
const concurrency = Number(process.env.MEMORY_CONCURRENCY ?? 4);
const profile = process.env.MEMORY_PROFILE === 'development' ? 'development' : 'full';
/** How long the api rests after the load before it is measured again. */
const idleSeconds = 15;
/** Flags for the api's node, to try V8's memory settings (`--max-semi-space-size=8`, say). */
const nodeFlags = (process.env.MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean);

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

/** A process's resident memory now and at its peak, in bytes (Linux's /proc). */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/** The api's own account of its memory, from its /metrics (which answers a direct connection from this machine). */
async function heapOf(
  apiUrl: string,
): Promise<{ heapTotal: number; heapUsed: number; external: number; spaces: string }> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const figure = (name: string): number =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const spaces = [...text.matchAll(/^nodejs_heap_space_size_total_bytes\{space="(\w+)"\} (\S+)$/gm)]
    .map(([, space, bytes]) => `${space ?? ''} ${mb(Number(bytes))}`)
    .join(', ');
  return {
    heapTotal: figure('nodejs_heap_size_total_bytes'),
    heapUsed: figure('nodejs_heap_size_used_bytes'),
    external: figure('nodejs_external_memory_bytes'),
    spaces,
  };
}

async function answered(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet, or busy writing its snapshot.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${String(timeoutMs)} ms.`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

if (!existsSync(join(repositoryRoot, 'api', 'dist', 'main.js'))) {
  console.log('Building the servers (npm run build:servers) ...');
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The servers could not be built.');
}

const music = await startMusicProcess({ profile, latencyMs: 20, latencyMode: 'total' }, 'test');
const scratch = mkdtempSync(join(tmpdir(), 'graphonic-memory-bench-'));
const port = await freePort();
const secret = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
const api = spawn(
  process.execPath,
  // The snapshot is written into the working folder when the process gets SIGUSR2.
  [...nodeFlags, '--heapsnapshot-signal=SIGUSR2', join(repositoryRoot, 'api', 'dist', 'main.js')],
  {
    cwd: scratch,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_SECRET: secret(),
      MUSIC_CLIENT_SECRET: secret(),
      SESSION_DIR: join(scratch, 'sessions'),
      WEB_DIST: join(scratch, 'no-web'),
      // One listener asks as fast as the api answers: the measure is the api's memory, not a listener's share.
      GRAPHQL_RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const apiUrl = `http://127.0.0.1:${String(port)}`;

try {
  await answered(`${apiUrl}/healthz`, 60_000);
  const pid = api.pid ?? 0;
  const idle = { ...residentOf(pid), ...(await heapOf(apiUrl)) };

  /** Catalog objects to browse: the albums and artists that searches for each letter find. */
  const albums: string[] = [];
  const artists: string[] = [];
  for (const letter of 'aeioustrnl') {
    const response = await fetch(`${music.url}/v1/search?q=${letter}&type=album,artist&limit=10`, {
      headers: { authorization: `Bearer ${music.token}` },
    });
    const found = (await response.json()) as {
      albums?: { items: { id: string }[] };
      artists?: { items: { id: string }[] };
    };
    albums.push(...(found.albums?.items.map((item) => item.id) ?? []));
    artists.push(...(found.artists?.items.map((item) => item.id) ?? []));
  }
  const words = ['love', 'night', 'blue', 'fire', 'summer', 'heart', 'river', 'dream', 'light', 'rain'];

  const operations = new Map(benchOperations.map((operation) => [operation.name, operation]));
  let count = 0;
  let failed = 0;
  const send = async (name: OperationName, variables: Record<string, unknown>): Promise<unknown> => {
    const operation = operations.get(name);
    if (!operation) throw new Error(`No operation ${name}.`);
    const response = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${music.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: operation.document, variables }),
    });
    const answer = (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
    count += 1;
    if ((answer.errors ?? []).some((error) => error.extensions?.code !== 'FEATURE_UNAVAILABLE')) failed += 1;
    return answer.data;
  };
  const deadline = Date.now() + seconds * 1000;
  const listener = async (offset: number): Promise<void> => {
    for (let round = offset; Date.now() < deadline; round += concurrency) {
      const ids = { ...music.ids };
      await send('HomeScreen', {});
      await send('LibraryScreen', {});
      const first = await send('PlaylistScreen', { id: ids.playlistId, after: null });
      const more = operations.get('PlaylistScreenMore');
      if (more) await send('PlaylistScreenMore', more.variables(ids, { PlaylistScreen: first }));
      await send('AlbumScreen', { id: albums[round % albums.length] ?? ids.albumId });
      await send('ArtistScreen', {
        id: artists[round % artists.length] ?? ids.artistId,
        topTracks: true,
        related: true,
      });
      const search = operations.get('SearchScreen');
      if (search)
        await send('SearchScreen', search.variables({ ...ids, searchText: words[round % words.length] ?? 'love' }, {}));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, offset) => listener(offset)));
  const loaded = { ...residentOf(pid), ...(await heapOf(apiUrl)) };
  // Once idle, V8 gives back what the load made it take (its memory reducer runs a few seconds after).
  await new Promise((done) => setTimeout(done, idleSeconds * 1000));
  const rested = { ...residentOf(pid), ...(await heapOf(apiUrl)) };

  const before = new Set(readdirSync(scratch));
  api.kill('SIGUSR2');
  // Writing the snapshot holds the api's one thread: it answers again once the file is whole.
  await new Promise((done) => setTimeout(done, 500));
  await answered(`${apiUrl}/healthz`, 300_000);
  const file = readdirSync(scratch).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
  if (!file) throw new Error('The api wrote no heap snapshot.');
  const path = join(scratch, file);
  const summary = summarizeHeap(JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot);

  console.log(
    `\nThe api's memory, ${profile} profile: ${String(count)} operations (${String(failed)} failed) from ` +
      `${String(concurrency)} at a time over ${((performance.now() - started) / 1000).toFixed(0)} s, ` +
      `${String(albums.length)} albums and ${String(artists.length)} artists browsed in turn.\n`,
  );
  console.log('| api process       | RSS MB | peak RSS MB | V8 heap MB | of it in use | external MB |');
  console.log('| ----------------- | ------ | ----------- | ---------- | ------------ | ----------- |');
  for (const [when, figures] of [
    ['idle, after start', idle],
    ['after the load', loaded],
    [`${String(idleSeconds)} s after it`, rested],
  ] as const) {
    console.log(
      `| ${when} | ${mb(figures.rss)} | ${mb(figures.peak)} | ${mb(figures.heapTotal)} | ${mb(figures.heapUsed)} | ${mb(figures.external)} |`,
    );
  }
  console.log(`\nV8 heap spaces after the load (MB): ${loaded.spaces}.`);
  if (nodeFlags.length > 0) console.log(`The api's node ran with ${nodeFlags.join(' ')}.`);
  console.log(
    `\nHeap snapshot after the load (${(statSync(path).size / 2 ** 20).toFixed(0)} MB file): ` +
      `${mb(summary.totalBytes)} MB live in ${String(summary.nodes)} nodes; the largest groups by their own size:\n`,
  );
  console.log('| group | MB | count |');
  console.log('| ----- | -- | ----- |');
  for (const group of summary.groups.slice(0, 15)) {
    console.log(`| ${group.name} | ${mb(group.bytes)} | ${String(group.count)} |`);
  }
} finally {
  api.kill('SIGTERM');
  music.stop();
  await new Promise((done) => setTimeout(done, 500));
  rmSync(scratch, { recursive: true, force: true });
}
