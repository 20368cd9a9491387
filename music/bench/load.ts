/**
 * The benchmark's load generator, run in its own process (bench.ts forks it) so that sending
 * requests and timing them never competes with the service for its event loop. It reads one
 * job from its parent, runs it over keep-alive connections and answers the figures.
 */
import { Agent, request } from 'node:http';

/** What the parent asks for: the URLs of one case, sent in turn by `concurrency` workers. */
export interface LoadJob {
  urls: string[];
  /** Sent first and left out of the figures: they open the connections, as a running client has. */
  warmup: string[];
  token: string;
  concurrency: number;
  /**
   * Requests sent all at once, each on a connection of its own and without the token, as the
   * measured URLs start; the measured URLs are then sent until every one of them has ended.
   */
  burst?: { urls: string[]; headers: Record<string, string> };
}

/** What the child answers. Latencies in milliseconds. */
export interface LoadResult {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** The slowest warm-up request: what the first requests on cold caches wait. */
  warmupMax: number;
  perSecond: number;
  /** Answers other than 2xx, by status. */
  failures: Record<string, number>;
  /** The burst's requests: time to their first body byte and to their end, and their statuses. */
  burst?: { firstByteP50: number; firstByteMax: number; lastEnded: number; statuses: Record<string, number> };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The figures of measured latencies (sorted here) over `seconds`. */
function summary(times: number[], seconds: number, failures: Record<string, number>, warmupMax: number): LoadResult {
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
    warmupMax,
    perSecond: times.length / seconds,
    failures,
  };
}

/** One request of a burst: when its first body byte came and when it ended, from the burst's start. */
function timed(url: string, headers: Record<string, string>, start: number): Promise<[number, number, number]> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers }, (res) => {
      let first = Number.NaN;
      res.on('data', () => {
        if (Number.isNaN(first)) first = performance.now() - start;
      });
      res.on('end', () => resolve([res.statusCode ?? 0, first, performance.now() - start]));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function runBurst(job: LoadJob, agent: Agent, burst: NonNullable<LoadJob['burst']>): Promise<LoadResult> {
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const burstState = { over: false };
  const all = Promise.all(burst.urls.map((url) => timed(url, burst.headers, started))).finally(() => {
    burstState.over = true;
  });
  for (let i = 0; !burstState.over || i < job.urls.length; i += 1) {
    const begin = performance.now();
    const status = await get(agent, job.urls[i % job.urls.length] ?? '', job.token);
    times.push(performance.now() - begin);
    if (status < 200 || status > 299) failures[status] = (failures[status] ?? 0) + 1;
  }
  const ended = await all;
  const firsts = ended.map(([, first]) => first).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const [status] of ended) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    ...summary(times, (performance.now() - started) / 1000, failures, 0),
    burst: {
      firstByteP50: percentile(firsts, 50),
      firstByteMax: firsts.at(-1) ?? Number.NaN,
      lastEnded: Math.max(...ended.map(([, , end]) => end)),
      statuses,
    },
  };
}

function get(agent: Agent, url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      // The body is read to its end, as a client would, and dropped.
      res.on('data', () => undefined);
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const times: number[] = [];
  let warmupMax = 0;
  const failures: Record<string, number> = {};
  let next = 0;
  const worker = async (measured: boolean, urls: readonly string[]): Promise<void> => {
    while (next < urls.length) {
      const url = urls[next] ?? '';
      next += 1;
      const begin = performance.now();
      const status = await get(agent, url, job.token);
      const elapsed = performance.now() - begin;
      if (!measured) {
        warmupMax = Math.max(warmupMax, elapsed);
        continue;
      }
      times.push(elapsed);
      if (status < 200 || status > 299) failures[status] = (failures[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, () => worker(false, job.warmup)));
  if (job.burst) {
    const result = await runBurst(job, agent, job.burst);
    agent.destroy();
    return { ...result, warmupMax };
  }
  next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, () => worker(true, job.urls)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return summary(times, seconds, failures, warmupMax);
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (result) => {
      process.send?.(result, () => process.exit(0));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
