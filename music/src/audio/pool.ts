import { Worker } from 'node:worker_threads';
import type { AudioSpec } from './synth';

/**
 * A bounded pool of render threads. Rendering a chunk of audio takes a few hundred milliseconds
 * of CPU; on the event loop it would stall every other request of the service, so it runs on at
 * most `size` worker threads, and at most `maxQueue` chunks wait for one. Past that, `run` refuses
 * at once with PoolBusyError (answered 503 with Retry-After) rather than letting a burst of
 * requests queue work without bound. Threads start on the first job and stop after `idleMs`
 * without one, so a service nobody listens to holds none.
 */

export interface RenderTask {
  spec: AudioSpec;
  chunk: number;
}

export interface RenderRequest {
  id: number;
  task: RenderTask;
}

export type RenderReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

export interface PoolOptions {
  /** Render threads at most. */
  size: number;
  /** Jobs that may wait for a thread; more are refused. */
  maxQueue: number;
  /** How long a thread stays without work before it stops: two minutes by default, since a new thread runs its first chunks several times slower while its code is compiled. */
  idleMs?: number;
}

/** The pool's queue is full: the caller should come back after `retryAfterSeconds`. */
export class PoolBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Every render thread is busy and the queue is full');
    this.name = 'PoolBusyError';
  }
}

interface Job {
  id: number;
  task: RenderTask;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
  started: number;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idle: NodeJS.Timeout | null;
}

/**
 * The thread's first code: the service runs TypeScript through tsx, which a new thread does not
 * inherit, so it registers tsx's loader and then imports the render module.
 */
function bootstrap(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}

/** A first guess at a job's length, until jobs have been timed. */
const INITIAL_JOB_MS = 500;

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private averageMs = INITIAL_JOB_MS;
  private closed = false;
  private readonly idleMs: number;

  constructor(private readonly options: PoolOptions) {
    this.idleMs = options.idleMs ?? 120_000;
  }

  /** Threads running, jobs on them and jobs waiting. */
  stats(): { threads: number; busy: number; queued: number } {
    return {
      threads: this.slots.length,
      busy: this.slots.filter((slot) => slot.job).length,
      queued: this.queue.length,
    };
  }

  /**
   * Renders a chunk on a thread. Rejects with PoolBusyError, synchronously in effect, when no
   * thread is free and the queue is full; with the signal's reason when it aborts while the job
   * still waits (a job already on a thread runs to its end).
   */
  run(task: RenderTask, signal?: AbortSignal): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const free = this.slots.find((slot) => !slot.job);
    if (!free && this.slots.length >= this.options.size && this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new PoolBusyError(this.retryAfterSeconds()));
    }
    return new Promise<Uint8Array>((resolve, reject) => {
      const job: Job = { id: this.nextId++, task, resolve, reject, started: 0, signal, onAbort: () => undefined };
      job.onAbort = () => {
        const at = this.queue.indexOf(job);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      if (free) this.dispatch(free, job);
      else if (this.slots.length < this.options.size) this.dispatch(this.spawn(), job);
      else this.queue.push(job);
    });
  }

  /** Seconds until the queue has likely drained: what a refused client is told to wait. */
  retryAfterSeconds(): number {
    const waiting = this.queue.length + this.slots.length;
    return Math.max(1, Math.ceil((waiting * this.averageMs) / Math.max(1, this.options.size) / 1000));
  }

  /** Stops every thread; waiting and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('The render pool is closed');
    for (const job of this.queue.splice(0)) job.reject(error);
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot, error)));
  }

  private spawn(): Slot {
    const worker = new Worker(bootstrap(), { eval: true });
    // Threads never keep the process alive: an idle service exits when its server closes.
    worker.unref();
    const slot: Slot = { worker, job: null, idle: null };
    worker.on('message', (reply: RenderReply) => this.settle(slot, reply));
    worker.on('error', (error) => this.lose(slot, error));
    worker.on('exit', (code) => this.lose(slot, new Error(`A render thread stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(slot: Slot, job: Job): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    job.signal?.removeEventListener('abort', job.onAbort);
    slot.job = job;
    job.started = performance.now();
    const request: RenderRequest = { id: job.id, task: job.task };
    slot.worker.postMessage(request);
  }

  private settle(slot: Slot, reply: RenderReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - job.started);
    if ('bytes' in reply) job.resolve(reply.bytes);
    else job.reject(new Error(`Rendering failed: ${reply.error}`));
    this.next(slot);
  }

  /** Hands the slot the next waiting job, or lets it stop once it has idled long enough. */
  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (job) {
      this.dispatch(slot, job);
      return;
    }
    slot.idle = setTimeout(() => {
      const at = this.slots.indexOf(slot);
      if (at >= 0 && !slot.job) {
        this.slots.splice(at, 1);
        void slot.worker.terminate();
      }
    }, this.idleMs);
    slot.idle.unref();
  }

  /** A thread failed or stopped: its job fails, and a new thread takes over the queue. */
  private lose(slot: Slot, error: Error): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    if (slot.idle) clearTimeout(slot.idle);
    slot.job?.reject(error);
    slot.job = null;
    const job = this.queue.shift();
    if (job && !this.closed) this.dispatch(this.spawn(), job);
  }

  private async stop(slot: Slot, error: Error): Promise<void> {
    if (slot.idle) clearTimeout(slot.idle);
    slot.job?.reject(error);
    slot.job = null;
    await slot.worker.terminate();
  }
}
