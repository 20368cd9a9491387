import { afterAll, describe, expect, it, vi } from 'vitest';
import { encodeChunk } from './mp3-encode';
import { PoolBusyError, RenderPool, type RenderTask } from './pool';
import type { AudioSpec } from './synth';

const spec: AudioSpec = {
  seed: '1hFHWRoOnxmDqgxdyPQTqc',
  durationMs: 2_000,
  tempo: 100,
  key: 9,
  mode: 0,
  timeSignature: 3,
  energy: 0.4,
  danceability: 0.5,
  valence: 0.3,
  acousticness: 0.7,
  instrumentalness: 0.1,
  loudness: -9,
};
const task = (seed: string): RenderTask => ({ spec: { ...spec, seed }, chunk: 0 });

// Real threads, started the way the service starts them (its TypeScript through tsx): slow to
// start on a busy machine, so the tests share one and allow a long time.
describe('RenderPool', () => {
  const pool = new RenderPool({ size: 1, maxQueue: 1 });

  afterAll(async () => {
    await pool.close();
  });

  it('renders on a thread exactly what rendering in place gives', async () => {
    const bytes = await pool.run({ spec, chunk: 0 });
    expect(Buffer.from(bytes).equals(encodeChunk(spec, 0))).toBe(true);
    expect(pool.stats()).toEqual({ threads: 1, busy: 0, queued: 0 });
  }, 120_000);

  it('refuses at once, with a time to come back, when every thread is busy and the queue is full', async () => {
    const running = pool.run(task('a'));
    const queued = pool.run(task('b'));
    expect(pool.stats()).toMatchObject({ threads: 1, busy: 1, queued: 1 });
    const refused = await pool.run(task('c')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PoolBusyError);
    expect((refused as PoolBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The refusal took nothing from the jobs already accepted.
    expect((await running).length).toBeGreaterThan(0);
    expect((await queued).length).toBeGreaterThan(0);
  }, 120_000);

  it('drops a waiting job whose request went away, and takes the next one in its place', async () => {
    const running = pool.run(task('a'));
    const controller = new AbortController();
    const abandoned = pool.run(task('b'), controller.signal).catch((error: unknown) => error);
    controller.abort(new Error('gone'));
    expect(await abandoned).toEqual(new Error('gone'));
    expect(pool.stats().queued).toBe(0);
    const next = pool.run(task('c'));
    await running;
    expect((await next).length).toBeGreaterThan(0);
  }, 120_000);

  it('fails a job that cannot be rendered, and keeps serving', async () => {
    await expect(pool.run({ spec: { ...spec, durationMs: -1 }, chunk: 0 })).rejects.toThrow(/Rendering failed/);
    await expect(pool.run({ spec, chunk: 99 })).rejects.toThrow(/outside/);
    expect((await pool.run(task('d'))).length).toBeGreaterThan(0);
  }, 120_000);

  it('rejects waiting work when closed', async () => {
    const running = pool.run(task('e')).catch((error: unknown) => error);
    const queued = pool.run(task('f')).catch((error: unknown) => error);
    await pool.close();
    expect(await queued).toEqual(new Error('The render pool is closed'));
    expect(await running).toBeInstanceOf(Error);
    await expect(pool.run(task('g'))).rejects.toThrow(/closed/);
    expect(pool.stats().threads).toBe(0);
  }, 120_000);

  it('stops idle threads and starts them again on demand', async () => {
    const idling = new RenderPool({ size: 1, maxQueue: 0, idleMs: 20 });
    try {
      await idling.run(task('a'));
      await vi.waitFor(() => expect(idling.stats().threads).toBe(0), { timeout: 10_000, interval: 20 });
      expect((await idling.run(task('b'))).length).toBeGreaterThan(0);
    } finally {
      await idling.close();
    }
  }, 120_000);
});
