/**
 * `npm run bench -w music`: figures for the local music service on the embedded database with
 * the default catalog. Prints cold start (open and migrate a new data folder), first-start
 * seeding, a warm start, and p50/p99 latency at concurrency 16 of a 50-id track multi-get, an
 * album page and a playlist items page, over HTTP on loopback. Figures, not pass or fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser, issueTokens } from '../src/accounts/service';
import { loadMusicConfig } from '../src/config';
import { startMusicService } from '../src/service';

const concurrency = 16;
const requestsPerCase = Number(process.env.BENCH_REQUESTS ?? 2000);
const dataDir = mkdtempSync(join(tmpdir(), 'graphonic-bench-'));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(name: string, urls: () => string, token: string): Promise<string> {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requestsPerCase) {
        next += 1;
        const begin = performance.now();
        const response = await fetch(urls(), { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        times.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return `${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(times, 99).toFixed(2).padStart(7)} ms   ${(times.length / seconds).toFixed(0).padStart(6)} req/s   ${failures} failed`;
}

try {
  const config = loadMusicConfig({ NODE_ENV: 'test', MUSIC_DATA_DIR: dataDir });
  const lines: string[] = [];
  const coldStarted = performance.now();
  const service = await startMusicService(config, { log: (line) => lines.push(line) });
  const firstStart = performance.now() - coldStarted;
  const seedLine = lines.find((line) => line.startsWith('Generated the catalog')) ?? 'no seeding';
  await service.close();

  const warmStarted = performance.now();
  const warm = await startMusicService(config);
  const warmStart = performance.now() - warmStarted;

  await createUser(warm.db, { id: 'bench' });
  const { access_token: token } = await issueTokens(warm.db, {
    userId: 'bench',
    clientId: config.client.id,
    scopes: ['playlist-read-private'],
    ttlSeconds: 3600,
    withRefreshToken: false,
  });
  const server = createServer(warm.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  const trackIds = (await warm.db.query<{ id: string }>('SELECT id FROM tracks ORDER BY id')).rows.map((row) => row.id);
  const albumIds = (await warm.db.query<{ id: string }>('SELECT id FROM albums ORDER BY id')).rows.map((row) => row.id);
  const playlistIds = (await warm.db.query<{ id: string }>('SELECT id FROM playlists ORDER BY id')).rows.map(
    (row) => row.id,
  );
  let round = 0;
  const pick = <T>(list: T[], offset: number): T => list[(round * 7919 + offset) % list.length] as T;

  const results = [
    await measure(
      'GET /tracks?ids= (50 ids)',
      () => {
        round += 1;
        return `${base}/tracks?ids=${Array.from({ length: 50 }, (_, i) => pick(trackIds, i * 131)).join(',')}`;
      },
      token,
    ),
    await measure(
      'GET /albums/{id}',
      () => {
        round += 1;
        return `${base}/albums/${pick(albumIds, 0)}`;
      },
      token,
    ),
    await measure(
      'GET /playlists/{id}/items (50)',
      () => {
        round += 1;
        return `${base}/playlists/${pick(playlistIds, 0)}/items?limit=50`;
      },
      token,
    ),
  ];

  console.log('Graphonic music service on the embedded database (PGlite), default catalog');
  console.log(`first start, new data folder    ${firstStart.toFixed(0)} ms (${seedLine})`);
  console.log(`warm start, existing folder     ${warmStart.toFixed(0)} ms`);
  console.log(`latency at concurrency ${concurrency}, ${requestsPerCase} requests each:`);
  for (const line of results) console.log(`  ${line}`);

  await new Promise<void>((resolve) => server.close(() => resolve()));
  await warm.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
