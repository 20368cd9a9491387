import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import type { Queryable } from '../db/types';
import { errorHandler } from '../errors';
import { ByteLru, ChunkStore, type ChunkRenderer } from './chunks';
import { FRAME_BYTES } from './mp3-format';
import { PoolBusyError } from './pool';
import { audioRoutes } from './routes';
import { featuresStore, trackFeatures } from './__fixtures__/tracks';

const trackId = '5ZULbIGpNmkbE7VAqQYv9X';
const store = featuresStore(trackFeatures(trackId, { durationMs: 200_000 }));
const db = {} as Queryable;

/** Every render thread busy and the queue full. */
const busy: ChunkRenderer = { run: () => Promise.reject(new PoolBusyError(7)) };

async function serve(requests: number): Promise<RunningServer> {
  const app = express();
  app.use(
    audioRoutes({
      db,
      store,
      settings: { workers: 1, queue: 0, cacheBytes: 0, rateLimit: { requests, windowMs: 60_000 } },
      chunks: new ChunkStore(busy, new ByteLru(0)),
      now: () => 0,
    }),
  );
  app.use(errorHandler);
  return listen(app);
}

describe('the audio routes under load', () => {
  let server: RunningServer;
  const url = () => `${server.url}/audio/${trackId}/full.mp3`;

  beforeAll(async () => {
    server = await serve(1000);
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers 503 with Retry-After and a stable reason when no render thread can take the request', async () => {
    const response = await fetch(url(), { headers: { range: 'bytes=1000-2000' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      error: { status: 503, message: 'Audio rendering is busy, try again shortly', reason: 'AUDIO_BUSY' },
    });
  });

  it('still answers what needs no rendering: HEAD, the Info frame, 416 and 304', async () => {
    const head = await fetch(url(), { method: 'HEAD' });
    expect(head.status).toBe(200);
    const info = await fetch(url(), { headers: { range: `bytes=0-${FRAME_BYTES - 1}` } });
    expect(info.status).toBe(206);
    expect(Buffer.from(await info.arrayBuffer()).toString('latin1', 13, 17)).toBe('Info');
    expect((await fetch(url(), { headers: { range: 'bytes=99999999-' } })).status).toBe(416);
    const etag = head.headers.get('etag') ?? '';
    expect((await fetch(url(), { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('the per-address limit of the audio routes', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await serve(3);
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers 429 with Retry-After once an address has spent its requests, readable across origins', async () => {
    const head = () => fetch(`${server.url}/audio/${trackId}/preview.mp3`, { method: 'HEAD' });
    for (let i = 0; i < 3; i += 1) expect((await head()).status).toBe(200);
    const refused = await fetch(`${server.url}/audio/${trackId}/full.wav`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toMatchObject({ error: { status: 429, reason: 'RATE_LIMITED' } });
  });
});
