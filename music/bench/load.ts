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
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
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
  next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: job.concurrency }, () => worker(true, job.urls)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
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
