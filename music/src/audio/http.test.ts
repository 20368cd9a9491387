import type { ReadableStream } from 'node:stream/web';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { parseRange, sendWav, type SendWavOutcome } from './http';
import { previewSpec, renderWav, renderWavRange, specFingerprint, wavByteLength, type AudioSpec } from './synth';

const track: AudioSpec = {
  seed: '0VjIjW4GlUZAMYd2vXMi3b',
  durationMs: 5000,
  tempo: 128,
  key: 2,
  mode: 1,
  timeSignature: 4,
  energy: 0.8,
  danceability: 0.75,
  valence: 0.5,
  acousticness: 0.1,
  instrumentalness: 0.2,
  loudness: -6,
};
/** Ten minutes: 26 MB, more than a test should ever hold or wait for. */
const long: AudioSpec = { ...track, seed: 'long-stream', durationMs: 600_000 };

const size = wavByteLength(track);
const whole = renderWav(track);
const etag = `"${specFingerprint(track)}"`;
const outcomes: SendWavOutcome[] = [];
let waiting: ((outcome: SendWavOutcome) => void) | null = null;
let server: RunningServer;

beforeAll(async () => {
  const app = express();
  const record = (outcome: SendWavOutcome): void => {
    outcomes.push(outcome);
    waiting?.(outcome);
  };
  app.get('/track.wav', (req, res) => sendWav(req, res, track, { onDone: record }));
  app.get('/preview.wav', (req, res) => sendWav(req, res, previewSpec(track)));
  app.get('/long.wav', (req, res) => sendWav(req, res, long, { onDone: record }));
  app.post('/track.wav', (req, res) => sendWav(req, res, track));
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
});

async function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ response: Response; body: Buffer }> {
  const response = await fetch(`${server.url}${path}`, { method, headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('parseRange', () => {
  it('reads the three forms of a single byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('Bytes = 1 - 2', 1000)).toEqual({ start: 1, end: 2 });
  });

  it('says which ranges cannot be satisfied and which are ignored', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=1000-1200', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=5-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
    expect(parseRange('bytes=a-b', 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
  });
});

describe('sendWav over HTTP', () => {
  it('sends the whole file with its caching headers', async () => {
    const { response, body } = await get('/track.wav');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(response.headers.get('content-range')).toBeNull();
    expect(body.equals(whole)).toBe(true);
    expect(outcomes.at(-1)).toEqual({ status: 200, bytes: size, complete: true });
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=40-50', 40, 50],
    ['bytes=100001-', 100_001, size - 1],
    ['bytes=-1000', size - 1000, size - 1],
    ['bytes=150000-999999999', 150_000, size - 1],
    [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
  ])('answers %s with 206 and exactly those rendered bytes', async (range, start, end) => {
    const { response, body } = await get('/track.wav', { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('etag')).toBe(etag);
    expect(body.equals(renderWavRange(track, start, end))).toBe(true);
    expect(body.equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it('answers ranges past the end with 416 and the size', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const { response, body } = await get('/track.wav', { Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(body.length).toBe(0);
    }
  });

  it('answers several ranges, malformed ones and other units with the whole file', async () => {
    for (const range of ['bytes=0-1,10-20', 'bytes=9-3', 'pages=1-2', 'bytes=x-']) {
      const { response, body } = await get('/track.wav', { Range: range });
      expect(response.status, range).toBe(200);
      expect(body.length).toBe(size);
    }
  });

  it('answers HEAD with the headers GET would send and no body', async () => {
    const full = await get('/track.wav', {}, 'HEAD');
    expect(full.response.status).toBe(200);
    expect(full.response.headers.get('content-length')).toBe(String(size));
    expect(full.response.headers.get('accept-ranges')).toBe('bytes');
    expect(full.response.headers.get('etag')).toBe(etag);
    expect(full.body.length).toBe(0);

    const part = await get('/track.wav', { Range: 'bytes=10-19' }, 'HEAD');
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
    expect(part.response.headers.get('content-length')).toBe('10');
    expect(part.body.length).toBe(0);
  });

  it('answers 304 when the client already holds this audio, even when it asks for a range', async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const { response, body } = await get('/track.wav', { 'If-None-Match': ifNoneMatch, Range: 'bytes=0-10' });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect(body.length).toBe(0);
    }
    const stale = await get('/track.wav', { 'If-None-Match': '"stale"' });
    expect(stale.response.status).toBe(200);
  });

  it('honours a range under If-Range only while the tag still matches', async () => {
    const same = await get('/track.wav', { Range: 'bytes=0-9', 'If-Range': etag });
    expect(same.response.status).toBe(206);
    const changed = await get('/track.wav', { Range: 'bytes=0-9', 'If-Range': '"older-version"' });
    expect(changed.response.status).toBe(200);
    expect(changed.body.length).toBe(size);
  });

  it('serves previews as standalone files with their own tag', async () => {
    const { response, body } = await get('/preview.wav', { Range: 'bytes=0-43' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-43/${wavByteLength(previewSpec(track))}`);
    expect(response.headers.get('etag')).not.toBe(etag);
    expect(body.toString('ascii', 0, 4)).toBe('RIFF');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const { response } = await get('/track.wav', {}, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('streams long files as the client reads and stops rendering when it goes away', async () => {
    const total = wavByteLength(long);
    const finished = new Promise<SendWavOutcome>((resolve) => {
      waiting = resolve;
    });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/long.wav`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(total));
    // fetch() types its body's chunks loosely; they are bytes.
    const body = response.body as ReadableStream<Uint8Array> | null;
    if (!body) throw new Error('The response has no body.');
    const reader = body.getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBeGreaterThan(0);
    // A client that stops reading: backpressure holds the server back to what the sockets buffer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    const outcome = await finished;
    waiting = null;
    expect(outcome.complete).toBe(false);
    expect(outcome.status).toBe(200);
    expect(outcome.bytes).toBeLessThan(total / 3);
  });
});
