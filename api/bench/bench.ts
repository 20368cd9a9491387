/**
 * `npm run bench -w api`: what the screens' operations (operations.ts) cost the api against the
 * local music service, on both of its profiles (full, and Spotify's development mode), with 20 ms
 * of latency injected on every music v1 answer.
 *
 * For each operation it prints the upstream requests made with a cold catalog cache, the minimum
 * (needs.ts), what one request per object would cost, the requests made with a warm cache (and
 * how many of them were catalog requests), ids fetched twice, the round trips on the critical
 * path, and latency p50/p99 over a fixed count of runs, cold and warm, against the targets
 * (docs/performance.md).
 *
 * The music service runs in a child process (music-process.ts) with the default catalog in
 * memory. The api runs in this process, and so does the load: one request at a time, timed from
 * sending it to reading the whole answer. A cold run gets an api of its own, whose catalog cache
 * holds nothing the screen shows, but which has learnt what the upstream lacks and has run the
 * operation before on other objects (a running server, as opposed to one that just started), and
 * then forgotten what it keeps for the listener: their session is new, the browse lists their
 * market shares with other listeners are kept (decision 043). A warm run repeats the operation in
 * one api; its requests, bytes and 304s are those of the last warm run. The
 * libraries of the api run in production mode (NODE_ENV), its settings are a test's. Environment:
 * BENCH_RUNS (30 by default), BENCH_LATENCY_MS (20), BENCH_LATENCY_MODE (total, or added).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type RunningServer } from '../../test-support/http';
import type { MusicJob } from './music-process';
import { startMusicProcess, type MusicService } from './music-service';
import {
  cachedAfter,
  figuresOf,
  minimumOf,
  needsOf,
  perObjectOf,
  sharedAfter,
  upstreamTimeOf,
  type Profile,
  type ReceivedRequest,
} from './needs';
import { benchOperations, type BenchOperation, type OperationName } from './operations';

// The libraries run as in a deployed api: graphql-js, for one, checks every type test at length outside
// production. Set before they load (hence the imports below); the api's own settings stay those of a test.
const environment = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
const { createApp } = await import('../src/app');
const { loadConfig } = await import('../src/config');

const runs = Number(process.env.BENCH_RUNS ?? 30);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 20);
/**
 * `total` (the default): every music v1 answer takes the latency from its arrival, the music
 * service's own work included, as an upstream that serves calls side by side; `added`: the
 * latency comes before the service starts, and calls that arrive together then queue in its one
 * process (docs/performance.md, "Reading the latency").
 */
const latencyModeSetting = process.env.BENCH_LATENCY_MODE ?? 'total';
if (latencyModeSetting !== 'total' && latencyModeSetting !== 'added') {
  throw new Error('BENCH_LATENCY_MODE: expected total or added');
}
const latencyMode: MusicJob['latencyMode'] = latencyModeSetting;
/** How far above the upstream's own time the p50 may be. */
const overheadTargetMs = 15;

interface Api {
  url: string;
  /** Forgets what the api keeps for each listener (a new session), not what it keeps for everyone. */
  forgetListeners(): void;
  close(): Promise<void>;
}

async function startApi(music: MusicService): Promise<Api> {
  const sessionDir = mkdtempSync(join(tmpdir(), 'graphonic-bench-api-'));
  const built = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      MUSIC_API_URL: `${music.url}/v1`,
      MUSIC_ACCOUNTS_URL: music.url,
      SESSION_DIR: sessionDir,
      WEB_DIST: join(sessionDir, 'no-web'),
      // One listener asks as fast as the api answers: the measure is the api's, not a listener's fair share.
      GRAPHQL_RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
    }),
  );
  const server: RunningServer = await listen(built.app);
  return {
    url: server.url,
    forgetListeners: () => {
      built.answers.clear();
    },
    async close() {
      await server.close();
      await built.stop();
      rmSync(sessionDir, { recursive: true, force: true });
    },
  };
}

interface Answer {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function post(api: Api, token: string, document: string, variables: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: document, variables }),
  });
  return (await response.json()) as Answer;
}

/**
 * Teaches a fresh api what the upstream lacks (development mode: multi-gets, browse, top tracks,
 * related artists), as a running api knows it, through objects no screen shows.
 */
async function learn(api: Api, music: MusicService): Promise<void> {
  await post(
    api,
    music.token,
    `query Learn($track: ID!, $artist: ID!) {
      tracks(ids: [$track]) { id }
      newReleases(first: 1) { totalCount }
      artist(id: $artist) { id topTracks { id } relatedArtists { id } }
    }`,
    { track: music.spare.trackId, artist: music.spare.artistId },
  );
}

/** Now, in milliseconds since the epoch, comparable with the music process's clock. */
const now = (): number => performance.timeOrigin + performance.now();

interface Run {
  answer: Answer;
  received: ReceivedRequest[];
  /** From sending the operation to reading the whole answer. */
  ms: number;
  /** The part of `ms` with no upstream call in flight: the api's own time (and the client's). */
  ownMs: number;
  /** The processor time this process (the api, and the client) spent on it, whatever else the machine ran. */
  cpuMs: number;
}

/** Runs `operation` once, timed, and takes what the upstream received meanwhile. */
async function timedRun(
  api: Api,
  music: MusicService,
  document: string,
  variables: Record<string, unknown>,
): Promise<Run> {
  const cpu = process.cpuUsage();
  const sent = now();
  const answer = await post(api, music.token, document, variables);
  const done = now();
  const { user, system } = process.cpuUsage(cpu);
  const received = await music.take();
  return {
    answer,
    received,
    ms: done - sent,
    ownMs: done - sent - upstreamTimeOf(received, sent, done),
    cpuMs: (user + system) / 1000,
  };
}

/** Errors other than the features the upstream lacks. */
function failures(answer: Answer): string[] {
  return (answer.errors ?? [])
    .filter((error) => error.extensions?.code !== 'FEATURE_UNAVAILABLE')
    .map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Timing {
  p50: number;
  p99: number;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

interface Row {
  operation: BenchOperation;
  cold: number[];
  minimum: number;
  perObject: number;
  warm: number;
  warmCatalog: number;
  /** KB the api received from the upstream in a cold run and in a warm one. */
  kb: { cold: number; warm: number };
  /** Answers 304 in a warm run. */
  warmNotModified: number;
  repeated: string[];
  roundTrips: { cold: number; warm: number };
  latency: { cold: Timing; warm: Timing };
  /** The api's own time (no upstream call in flight), p50. */
  own: { cold: number; warm: number };
  /** The api's processor time, p50. */
  cpu: { cold: number; warm: number };
  /** The time the answer waited for the upstream (latency less the api's own time), p50. */
  wait: { cold: number; warm: number };
  failures: string[];
}

async function measure(
  music: MusicService,
  operation: BenchOperation,
  profile: Profile,
  previous: Partial<Record<OperationName, unknown>>,
): Promise<Row> {
  const variables = operation.variables(music.ids, previous);
  const problems = new Set<string>();
  const coldRuns: Run[] = [];
  const alternate = operation.variables(music.alternate, previous);
  for (let run = 0; run < runs; run += 1) {
    const api = await startApi(music);
    await learn(api, music);
    // The server has run this operation before, on objects the measured run does not show. Then the
    // listener's session is new: what the api keeps for the market (browse lists) is there, nothing of theirs.
    await post(api, music.token, operation.document, alternate);
    api.forgetListeners();
    await music.take();
    coldRuns.push(await timedRun(api, music, operation.document, variables));
    await api.close();
  }
  const [first] = coldRuns;
  if (!first) throw new Error('BENCH_RUNS must be at least 1.');
  previous[operation.name] = first.answer.data;

  const api = await startApi(music);
  await learn(api, music);
  await post(api, music.token, operation.document, variables);
  await music.take();
  const warmRuns: Run[] = [];
  for (let run = 0; run < runs; run += 1) warmRuns.push(await timedRun(api, music, operation.document, variables));
  await api.close();
  for (const run of [...coldRuns, ...warmRuns]) for (const failure of failures(run.answer)) problems.add(failure);

  const needs = needsOf(operation.name, first.answer.data, music.ids);
  // Another session ran the same operation before: the lists every listener of the market shares are kept.
  const cold = minimumOf(needs, profile, sharedAfter(needsOf(operation.name, first.answer.data, music.alternate)));
  const warmMinimum = minimumOf(needs, profile, cachedAfter(needs));
  // The last warm run: the first may still ask with what the run before it learnt (playlist item names).
  const warmFigures = figuresOf(warmRuns.at(-1)?.received ?? []);
  return {
    operation,
    cold: [...new Set(coldRuns.map((run) => run.received.length))].sort((a, b) => a - b),
    minimum: cold.requests,
    perObject: perObjectOf(needs, first.answer.data, profile),
    warm: warmFigures.requests,
    warmCatalog: warmFigures.catalog,
    kb: { cold: figuresOf(first.received).bytes / 1024, warm: warmFigures.bytes / 1024 },
    warmNotModified: warmFigures.notModified,
    repeated: [...new Set(coldRuns.flatMap((run) => figuresOf(run.received).repeated))],
    roundTrips: { cold: cold.roundTrips, warm: warmMinimum.roundTrips },
    latency: { cold: timing(coldRuns.map((run) => run.ms)), warm: timing(warmRuns.map((run) => run.ms)) },
    own: {
      cold: timing(coldRuns.map((run) => run.ownMs)).p50,
      warm: timing(warmRuns.map((run) => run.ownMs)).p50,
    },
    cpu: {
      cold: timing(coldRuns.map((run) => run.cpuMs)).p50,
      warm: timing(warmRuns.map((run) => run.cpuMs)).p50,
    },
    wait: {
      cold: timing(coldRuns.map((run) => run.ms - run.ownMs)).p50,
      warm: timing(warmRuns.map((run) => run.ms - run.ownMs)).p50,
    },
    failures: [...problems],
  };
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const ms = (value: number): string => value.toFixed(1);

/** The checks of one row against the targets (docs/performance.md); upper case where one is missed. */
function checks(profile: Profile, row: Row): string[] {
  const target = (roundTrips: number): number => roundTrips * latencyMs + overheadTargetMs;
  const result: string[] = [];
  if (profile === 'full') {
    result.push(row.cold.every((count) => count === row.minimum) ? 'requests=min' : 'REQUESTS>MIN');
  }
  result.push(row.repeated.length === 0 ? 'no id twice' : `IDS TWICE (${row.repeated.slice(0, 3).join(', ')})`);
  result.push(row.warmCatalog === 0 ? 'warm catalog 0' : 'WARM CATALOG>0');
  for (const phase of ['cold', 'warm'] as const) {
    const limit = target(row.roundTrips[phase]);
    result.push(
      row.latency[phase].p50 <= limit
        ? `p50 ${phase}<=${String(limit)}`
        : `P50 ${phase.toUpperCase()}>${String(limit)}`,
    );
  }
  const own = Math.max(row.own.cold, row.own.warm);
  result.push(own <= overheadTargetMs ? `own<=${String(overheadTargetMs)}` : `OWN>${String(overheadTargetMs)}`);
  return [...result, ...row.failures.map((failure) => `FAILED ${failure}`)];
}

function print(profile: Profile, rows: readonly Row[], seedMs: number): void {
  console.log(`\n${profile} profile (catalog seeded in ${(seedMs / 1000).toFixed(1)} s)`);
  const widths = [23, 5, 7, 5, 6, 5, 6, 7, 5, 6, 5, 14, 6, 6, 6, 14, 6, 6, 6];
  const line = (cells: string[], checksText: string): string =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[0] ?? 0) : pad(cell, widths[index] ?? 0))).join('') +
    `  ${checksText}`;
  console.log(
    line(
      [
        'operation',
        'cold',
        'KB',
        'min',
        '1/obj',
        'warm',
        '(cat)',
        'KB',
        '304',
        'twice',
        'RT',
        'p50/p99 cold',
        'wait',
        'own',
        'cpu',
        'p50/p99 warm',
        'wait',
        'own',
        'cpu',
      ],
      'targets',
    ),
  );
  for (const row of rows) {
    const cells = [
      row.operation.title,
      row.cold.join('-'),
      row.kb.cold.toFixed(1),
      String(row.minimum),
      String(row.perObject),
      String(row.warm),
      `(${String(row.warmCatalog)})`,
      row.kb.warm.toFixed(1),
      String(row.warmNotModified),
      String(row.repeated.length),
      `${String(row.roundTrips.cold)}/${String(row.roundTrips.warm)}`,
      `${ms(row.latency.cold.p50)}/${ms(row.latency.cold.p99)}`,
      ms(row.wait.cold),
      ms(row.own.cold),
      ms(row.cpu.cold),
      `${ms(row.latency.warm.p50)}/${ms(row.latency.warm.p99)}`,
      ms(row.wait.warm),
      ms(row.own.warm),
      ms(row.cpu.warm),
    ];
    console.log(line(cells, checks(profile, row).join(', ')));
  }
  const all = rows.flatMap((row) => checks(profile, row));
  const met = all.filter((check) => check === check.toLowerCase()).length;
  console.log(`targets met: ${String(met)} of ${String(all.length)} (missed in upper case)`);
  const { rss, heapUsed } = process.memoryUsage();
  const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
  console.log(`after the ${profile} profile: RSS ${mb(rss)} MB, heap used ${mb(heapUsed)} MB (the api and the load)`);
}

console.log(
  `Graphonic api: the screens' operations against the local music service (default catalog, in memory) ` +
    `with ${String(latencyMs)} ms of latency on every music v1 answer (${
      latencyMode === 'total'
        ? "each answer leaves that long after its call arrived, the service's own work included"
        : 'added before the service starts on each call'
    }).\n` +
    `${String(runs)} runs per operation, cold and warm; the music service in its own process, the api and ` +
    `the load (one request at a time) in this one. Latency in ms, from sending the operation to reading the answer;\n` +
    `wait: the part of it with an upstream call in flight (p50); own: the rest, the api's\n` +
    `own time (p50); cpu: the processor time the api spent on it (p50).\n` +
    `cold: requests with an empty catalog cache, KB: what the api received from the upstream; min: the\n` +
    `minimum; 1/obj: one request per object; warm: requests with a warm cache, (cat) of them catalog requests,\n` +
    `KB received, 304: answers Not Modified;\n` +
    `twice: ids fetched twice; RT: round trips on the critical path, cold/warm.`,
);
let missed = false;
for (const profile of ['full', 'development'] as const) {
  const music = await startMusicProcess({ profile, latencyMs, latencyMode }, environment);
  try {
    const previous: Partial<Record<OperationName, unknown>> = {};
    const rows: Row[] = [];
    for (const operation of benchOperations) rows.push(await measure(music, operation, profile, previous));
    print(profile, rows, music.seedMs);
    missed ||= rows.some((row) => row.failures.length > 0);
  } finally {
    music.stop();
  }
}
if (missed) process.exitCode = 1;
