/**
 * `npm run bench -w music`: figures for the local music service on the embedded database with
 * the default catalog. Prints the cold start (open and migrate a new data folder), first-start
 * seeding, a warm start and the background preparation of the catalog's JSON that follows it
 * (the load waits for it, as on a service that has been running), and p50/p99 latency at
 * concurrency 16 of a 50-id track multi-get, a search and a playlist items page, over HTTP on
 * loopback, against its targets; and the same for /healthz, which does no work: the floor that
 * HTTP and the framework set on this machine.
 *
 * The service runs in this process; the load comes from a child process (load.ts) over
 * keep-alive connections, so that timing the requests does not take the service's event loop.
 * Each case starts with unmeasured warm-up requests of other ids (connections open, caches
 * partly filled, as on a running service). Environment: BENCH_REQUESTS (2000 by default),
 * BENCH_WARMUP (500), BENCH_CONCURRENCY (16), BENCH_CASES (`all`, `api` or `audio`).
 *
 * Then the audio figures (audio.ts): bytes per minute, cold range requests, and a burst of 50
 * audio requests against /v1/me, for the MP3 files and for WAV rendered on the event loop as before.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createUser, issueTokens } from '../src/accounts/service';
import { SqlCatalogStore } from '../src/catalog/store';
import { loadMusicConfig } from '../src/config';
import { startMusicService } from '../src/service';
import { benchAudio, wavOnTheEventLoop } from './audio';
import type { LoadJob, LoadResult } from './load';

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const requestsPerCase = Number(process.env.BENCH_REQUESTS ?? 2000);
const warmupPerCase = Number(process.env.BENCH_WARMUP ?? 500);
const benchCases = process.env.BENCH_CASES ?? 'all';
const dataDir = mkdtempSync(join(tmpdir(), 'graphonic-bench-'));

/** Runs one case in a new load process and resolves with its figures. */
function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: LoadResult | undefined;
    child.once('message', (message: LoadResult) => {
      result = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`The load process ended (exit code ${code ?? 'none'}) without figures.`));
    });
    child.send(job);
  });
}

const ms = (value: number): string => `${value.toFixed(2).padStart(7)} ms`;

function row(name: string, result: LoadResult, targetP99?: number): string {
  const failures = Object.entries(result.failures)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');
  const target =
    targetP99 === undefined ? '' : `   p99 target < ${targetP99} ms: ${result.p99 < targetP99 ? 'met' : 'MISSED'}`;
  return `${name.padEnd(34)} p50 ${ms(result.p50)}   p99 ${ms(result.p99)}   max ${ms(result.max)}   warm-up max ${ms(result.warmupMax)}   ${result.perSecond.toFixed(0).padStart(6)} req/s   ${failures || '0 failed'}${target}`;
}

try {
  const config = loadMusicConfig({
    NODE_ENV: 'test',
    MUSIC_DATA_DIR: dataDir,
    // Room for the audio burst: all 50 requests queue, and come from one address.
    MUSIC_AUDIO_QUEUE: '64',
    MUSIC_AUDIO_RATE_LIMIT: '1000/1s',
  });

  // First start on a new data folder, each step timed as the service reports it.
  const steps: { line: string; at: number }[] = [];
  const coldStarted = performance.now();
  const first = await startMusicService(config, { log: (line) => steps.push({ line, at: performance.now() }) });
  const firstStart = performance.now() - coldStarted;
  await first.close();
  const stepAt = (prefix: string): number | undefined => steps.find((step) => step.line.startsWith(prefix))?.at;
  const migrated = stepAt('Applied migrations') ?? stepAt('Opened');
  const seeded = stepAt('Generated the catalog');
  const seedLine = steps.find((step) => step.line.startsWith('Generated the catalog'))?.line ?? 'no seeding';
  const demo = stepAt('Created the demo user');

  const warmStarted = performance.now();
  const warm = await startMusicService(config);
  const warmStart = performance.now() - warmStarted;
  // A running service has prepared its catalog's JSON (it starts at once, in the background): the
  // load waits for that, and the time it took is reported with the start-up figures.
  await warm.warmed;
  const warmed = performance.now() - warmStarted;

  await createUser(warm.db, { id: 'bench' });
  const { access_token: token } = await issueTokens(warm.db, {
    userId: 'bench',
    clientId: config.client.id,
    scopes: ['playlist-read-private'],
    ttlSeconds: 3600,
    withRefreshToken: false,
  });
  // The service, and the audio route as it was before, for the audio figures' comparison.
  const front = express();
  front.use(wavOnTheEventLoop(new SqlCatalogStore(warm.db)));
  front.use(warm.app);
  const server = createServer(front);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  const ids = async (sql: string): Promise<string[]> =>
    (await warm.db.query<{ id: string }>(sql)).rows.map((found) => found.id);
  const trackIds = await ids('SELECT id FROM tracks ORDER BY id');
  // Public playlists with items: the ones any listener can page through.
  const playlistIds = await ids(
    'SELECT p.id FROM playlists p WHERE p.public AND EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id) ORDER BY p.id',
  );
  // Search terms: words of track and artist names, as people type them.
  const words = [
    ...new Set(
      (
        await ids(
          `SELECT split_part(name, ' ', 1) AS id FROM tracks WHERE id IN (SELECT id FROM tracks ORDER BY md5(id) LIMIT 300)
           UNION ALL SELECT split_part(name, ' ', 1) FROM artists`,
        )
      ).filter((word) => word.length >= 3),
    ),
  ];

  /** `count` URLs of a case; `from` keeps the warm-up's picks apart from the measured ones. */
  const urls = (count: number, from: number, build: (round: number) => string): string[] =>
    Array.from({ length: count }, (_, i) => build(from + i));
  const pick = <T>(list: readonly T[], round: number, offset = 0): T =>
    list[(round * 7919 + offset) % list.length] as T;
  const cases: { name: string; build: (round: number) => string; target?: number }[] = [
    {
      // The floor: HTTP and the framework alone, on this machine, at this concurrency.
      name: 'GET /healthz (no work, the floor)',
      build: () => `${base.replace(/\/v1$/, '')}/healthz`,
    },
    {
      name: 'GET /tracks?ids= (50 ids)',
      build: (round) =>
        `${base}/tracks?ids=${Array.from({ length: 50 }, (_, i) => pick(trackIds, round, i * 131)).join(',')}`,
      target: 10,
    },
    {
      name: 'GET /search (track,artist,album)',
      build: (round) => `${base}/search?q=${encodeURIComponent(pick(words, round))}&type=track,artist,album`,
      target: 30,
    },
    {
      // A page of 50: the largest the 2026 API allows on the items endpoint.
      name: 'GET /playlists/{id}/items (50)',
      build: (round) => `${base}/playlists/${pick(playlistIds, round)}/items?limit=50`,
    },
  ];

  const probe = async (url: string): Promise<number> => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
  const results: string[] = [];
  for (const entry of benchCases === 'audio' ? [] : cases) {
    const { name, build } = entry;
    const status = await probe(build(0));
    // A case whose endpoint does not answer yet is reported, not measured.
    if (status < 200 || status > 299) {
      results.push(`${name.padEnd(34)} not available (HTTP ${status})`);
      continue;
    }
    const target = entry.target;
    const result = await load({
      warmup: urls(warmupPerCase, 1, build),
      urls: urls(requestsPerCase, 1 + warmupPerCase, build),
      token,
      concurrency,
    });
    results.push(row(name, result, target));
  }

  const seconds = (value: number | undefined, from: number | undefined): string =>
    value === undefined || from === undefined ? '     n/a' : `${((value - from) / 1000).toFixed(2).padStart(6)} s`;
  console.log('Graphonic music service on the embedded database (PGlite), default catalog');
  console.log(`cold start: open + migrate a new data folder ${seconds(migrated, coldStarted)}`);
  console.log(
    `first-start seeding                        ${seconds(seeded, migrated)}   target < 20 s: ${seeded !== undefined && migrated !== undefined && seeded - migrated < 20_000 ? 'met' : 'MISSED'} (${seedLine})`,
  );
  console.log(`demo user and library                      ${seconds(demo, seeded)}`);
  console.log(`first start in all, new data folder        ${seconds(firstStart, 0)}`);
  console.log(`warm start, existing folder                ${seconds(warmStart, 0)}`);
  console.log(`catalog JSON prepared, in the background   ${seconds(warmed, 0)} after the warm start began`);
  console.log(
    `latency at concurrency ${concurrency}, ${requestsPerCase} requests each after ${warmupPerCase} warm-up, load from a separate process:`,
  );
  for (const line of results) console.log(`  ${line}`);
  if (benchCases !== 'api') {
    const audio = await benchAudio({
      root: base.replace(/\/v1$/, ''),
      token,
      trackIds: await ids("SELECT id FROM tracks ORDER BY md5(id || 'audio') LIMIT 119"),
      load,
    });
    console.log('audio, with the render threads and their queue as configured (queue 64 here):');
    for (const line of audio) console.log(`  ${line}`);
  }

  await new Promise<void>((resolve) => server.close(() => resolve()));
  await warm.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
