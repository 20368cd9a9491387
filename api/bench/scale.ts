/**
 * `npm run bench:scale -w api` (and the last part of `npm run bench -w api`): the scaled topology on
 * this machine (the local music service on PostgreSQL, api instances sharing Redis, a small proxy on
 * loopback) under a mixed workload of the web client's screens (operations.ts), with one api
 * instance and then with two.
 *
 * It prints, for each: throughput, latency p50/p99, errors, and the CPU each process used (read from
 * its /metrics, and this process's own for the load); then the ratio of the two throughputs; and,
 * for each operation, the upstream requests it makes with a cold shared cache and with a warm one.
 *
 * Needs the PostgreSQL and Redis of TEST_DATABASE_URL and TEST_REDIS_URL (without them it says so and
 * skips); it makes a database and a key prefix of its own and removes them. Environment: SCALE_SECONDS
 * (15, per configuration), SCALE_CONCURRENCY (16 listeners at once), SCALE_LATENCY_MS (20, injected on
 * every music v1 answer).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser, issueTokens, migrate, openDatabase, seedCatalog } from '@graphonic/music';
import { Agent, fetch } from 'undici';
import { startHttpProxy, type HttpProxy } from '../../test-support/http-proxy';
import { createTestDatabase } from '../../test-support/postgres';
import { freePort, startService, type ServiceProcess } from '../../test-support/processes';
import { deleteKeys, testKeyPrefix } from '../../test-support/redis-keys';
import { probePostgres, probeRedis, REDIS_URL } from '../../test-support/services';
import { signIn } from '../../test-support/sign-in';
import { benchOperations, type OperationName, type ScreenIds } from './operations';
import { furnishListener, listenerScopes } from './scenario';

const seconds = Number(process.env.SCALE_SECONDS ?? 15);
const concurrency = Number(process.env.SCALE_CONCURRENCY ?? 16);
const latencyMs = Number(process.env.SCALE_LATENCY_MS ?? 20);
const warmupSeconds = 3;
const password = 'scale-listener-password';

interface Topology {
  front: HttpProxy;
  apis: { process: ServiceProcess; url: string }[];
  music: { process: ServiceProcess; url: string };
  cookie: string;
  ids: ScreenIds;
  prefix: string;
  stop(): Promise<void>;
}

async function startTopology(): Promise<Topology> {
  const scratch = mkdtempSync(join(tmpdir(), 'graphonic-scale-bench-'));
  const database = await createTestDatabase('scale_bench');
  const prefix = testKeyPrefix('scale-bench');
  const stops: (() => Promise<unknown>)[] = [
    async () => {
      await database.drop();
    },
    () => deleteKeys(prefix),
    () => {
      rmSync(scratch, { recursive: true, force: true });
      return Promise.resolve();
    },
  ];
  const stop = async (): Promise<void> => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(error));
  };
  try {
    const db = await openDatabase({ url: database.url });
    stops.push(() => db.close());
    await migrate(db);
    const started = performance.now();
    await seedCatalog(db, { tracks: 5000 });
    console.log(`Seeded 5000 tracks on PostgreSQL in ${Math.round(performance.now() - started)} ms.`);

    const [musicPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
    const musicUrl = `http://127.0.0.1:${musicPort}`;
    const front = await startHttpProxy([`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]);
    stops.push(() => front.close());
    const musicProcess = startService('music/src/cli.ts', ['serve'], {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      MUSIC_PORT: String(musicPort),
      MUSIC_PUBLIC_URL: musicUrl,
      MUSIC_CLIENT_REDIRECT_URIS: `${front.url}/auth/callback`,
      MUSIC_LATENCY_MS: String(latencyMs),
      LOG_LEVEL: 'warn',
    });
    stops.push(() => musicProcess.stop());
    await musicProcess.ready(`${musicUrl}/readyz`, 120_000);

    const apis = [portA, portB].map((port) => {
      const url = `http://127.0.0.1:${port}`;
      const process = startService('api/src/main.ts', [], {
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: front.url,
        MUSIC_API_URL: `${musicUrl}/v1`,
        MUSIC_ACCOUNTS_URL: musicUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        SESSION_SECRET: 'the-scale-benchmark-session-secret',
        SESSION_DIR: join(scratch, `sessions-${port}`),
        WEB_DIST: join(scratch, 'no-web'),
        // One listener asks as fast as the instances answer: the measure is theirs, not a listener's fair share.
        GRAPHQL_RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
      });
      stops.push(() => process.stop());
      return { process, url };
    });
    await Promise.all(apis.map((api) => api.process.ready(`${api.url}/healthz`)));

    await createUser(db, { id: 'scale', displayName: 'Scale Listener', password });
    const { access_token: token } = await issueTokens(db, {
      userId: 'scale',
      clientId: 'graphonic',
      scopes: listenerScopes,
      ttlSeconds: 24 * 60 * 60,
      withRefreshToken: false,
    });
    const ids = await furnishListener({ db, musicUrl, userId: 'scale', token });
    const { jar } = await signIn(front.url, 'scale', password);
    return { front, apis, music: { process: musicProcess, url: musicUrl }, cookie: jar.header(), ids, prefix, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const pool = new Agent({ connections: 256, keepAliveTimeout: 30_000 });

async function run(
  topology: Topology,
  name: OperationName,
  ids: ScreenIds,
  previous: Partial<Record<OperationName, unknown>>,
): Promise<{ ok: boolean; data: unknown }> {
  const operation = benchOperations.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`No operation ${name}`);
  const response = await fetch(`${topology.front.url}/graphql`, {
    method: 'POST',
    dispatcher: pool,
    headers: { 'content-type': 'application/json', cookie: topology.cookie },
    body: JSON.stringify({ query: operation.document, variables: operation.variables(ids, previous) }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown[] };
  return { ok: response.ok && !body.errors?.length, data: body.data };
}

/** Sums a metric's series (optionally only those whose labels match) in a /metrics text. */
function sumOf(text: string, metric: string, labels = /.*/): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(metric)) continue;
    const match = /^([a-z_]+)(\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (match?.[1] === metric && labels.test(match[2] ?? '')) sum += Number(match[3]);
  }
  return sum;
}

async function metricsOf(url: string): Promise<string> {
  return (await fetch(`${url}/metrics`, { dispatcher: pool })).text();
}

const upstreamCalls = async (topology: Topology): Promise<number> =>
  sumOf(await metricsOf(topology.music.url), 'graphonic_music_requests_total', /route="\/v1/);

interface Figures {
  instances: number;
  operations: number;
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
  cpu: { api: number[]; music: number; load: number };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** Listeners going through the screens in order, as fast as answers come, for `seconds`. */
async function measure(topology: Topology, instances: 1 | 2): Promise<Figures> {
  topology.front.route = instances === 1 ? 0 : 'round-robin';
  await deleteKeys(`${topology.prefix}catalog:`);
  const latencies: number[] = [];
  let errors = 0;
  // Changed by the timer below while the listeners run.
  const state = { measuring: false, done: false };
  const listener = async (): Promise<void> => {
    const previous: Partial<Record<OperationName, unknown>> = {};
    while (!state.done) {
      for (const operation of benchOperations) {
        const started = performance.now();
        const answer = await run(topology, operation.name, topology.ids, previous).catch(() => ({
          ok: false,
          data: undefined,
        }));
        previous[operation.name] = answer.data;
        if (!state.measuring) continue;
        latencies.push(performance.now() - started);
        if (!answer.ok) errors += 1;
      }
    }
  };
  const load = Array.from({ length: concurrency }, () => listener());
  await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
  const cpuBefore = await Promise.all([
    ...topology.apis.map((api) => metricsOf(api.url)),
    metricsOf(topology.music.url),
  ]).then((texts) => texts.map((text) => sumOf(text, 'process_cpu_seconds_total')));
  const ownBefore = process.cpuUsage();
  state.measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  state.measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = await Promise.all([
    ...topology.apis.map((api) => metricsOf(api.url)),
    metricsOf(topology.music.url),
  ]).then((texts) => texts.map((text) => sumOf(text, 'process_cpu_seconds_total')));
  state.done = true;
  await Promise.all(load);
  const cpu = cpuAfter.map((after, index) => (after - (cpuBefore[index] ?? 0)) / elapsed);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    instances,
    operations: latencies.length,
    throughput: latencies.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
    cpu: {
      api: cpu.slice(0, topology.apis.length),
      music: cpu[topology.apis.length] ?? 0,
      load: (own.user + own.system) / 1e6 / elapsed,
    },
  };
}

/** The upstream requests of each operation, alone: with an empty shared cache, then once more. */
async function upstreamPerOperation(
  topology: Topology,
): Promise<{ name: OperationName; cold: number; warm: number }[]> {
  topology.front.route = 'round-robin';
  await deleteKeys(`${topology.prefix}catalog:`);
  const previous: Partial<Record<OperationName, unknown>> = {};
  const counts: { name: OperationName; cold: number; warm: number }[] = [];
  for (const operation of benchOperations) {
    const before = await upstreamCalls(topology);
    previous[operation.name] = (await run(topology, operation.name, topology.ids, previous)).data;
    const between = await upstreamCalls(topology);
    // The other instance this time: what it finds in the shared cache.
    await run(topology, operation.name, topology.ids, previous);
    const after = await upstreamCalls(topology);
    counts.push({ name: operation.name, cold: between - before, warm: after - between });
  }
  return counts;
}

const percent = (value: number): string => `${Math.round(value * 100)} %`;

async function main(): Promise<void> {
  const [postgres, redis] = await Promise.all([probePostgres(), probeRedis()]);
  if (!postgres.available || !redis.available) {
    // `npm run bench` runs everywhere; this part only where the servers of a scaled deployment are.
    console.log(
      `SKIPPED: the scale benchmark needs PostgreSQL and Redis (${postgres.reason ?? redis.reason ?? 'unreachable'}).`,
    );
    return;
  }
  console.log(
    `Scale benchmark: ${concurrency} listeners, ${seconds} s per configuration after ${warmupSeconds} s of warm-up, ` +
      `${latencyMs} ms of upstream latency, ${benchOperations.length} operations in turn.`,
  );
  const topology = await startTopology();
  try {
    const one = await measure(topology, 1);
    const two = await measure(topology, 2);
    console.log(
      '\n| api instances | operations/s | p50 | p99 | errors | CPU of each api | CPU of music | CPU of the load |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const figures of [one, two]) {
      const apis = figures.cpu.api.slice(0, figures.instances).map(percent).join(' + ');
      console.log(
        `| ${figures.instances} | ${figures.throughput.toFixed(1)} | ${figures.p50.toFixed(1)} ms | ${figures.p99.toFixed(1)} ms | ` +
          `${figures.errors} of ${figures.operations} | ${apis} | ${percent(figures.cpu.music)} | ${percent(figures.cpu.load)} |`,
      );
    }
    console.log(`\nTwo instances against one: ${(two.throughput / one.throughput).toFixed(2)} × the throughput.`);
    const load = loadavg();
    console.log(
      `Load average of the machine afterwards: ${load.map((value) => value.toFixed(2)).join(', ')} on ${availableParallelism()} cores.`,
    );
    if ((load[0] ?? 0) > availableParallelism()) {
      console.log('The machine was busy with other work: these figures are lower bounds, and the ratio is noisy.');
    }

    console.log('\n| operation | upstream requests, cold shared cache | on the other instance, warm |');
    console.log('| --- | --- | --- |');
    for (const row of await upstreamPerOperation(topology)) {
      console.log(`| ${row.name} | ${row.cold} | ${row.warm} |`);
    }
  } finally {
    await topology.stop();
    await pool.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
