import type { ReadableStream } from 'node:stream/web';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { parseRange, sendRanged, type ByteRange, type RangedBody, type SendOutcome } from './http';

/** A body of `size` bytes (byte i is i mod 251) produced in pieces of `piece`, recording what it was asked for. */
function patternBody(size: number, piece = 4096): RangedBody & { reads: ByteRange[]; produced: number } {
  const body = {
    size,
    etag: `"pattern-${size}"`,
    contentType: 'audio/mpeg',
    reads: [] as ByteRange[],
    produced: 0,
    async *read(range: ByteRange, signal: AbortSignal): AsyncGenerator<Uint8Array> {
      body.reads.push(range);
      for (let at = range.start; at <= range.end && !signal.aborted; at += piece) {
        const bytes = Buffer.alloc(Math.min(piece, range.end + 1 - at));
        for (let i = 0; i < bytes.length; i += 1) bytes[i] = (at + i) % 251;
        body.produced += bytes.length;
        await Promise.resolve();
        yield bytes;
      }
    },
  };
  return body;
}

const size = 150_044;
const track = patternBody(size);
const whole = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
const etag = track.etag;
/** Twenty-six megabytes, more than a test should ever hold or wait for. */
const long = patternBody(26_000_000, 64 * 1024);
const failing: RangedBody = {
  size: 1000,
  etag: '"failing"',
  contentType: 'audio/mpeg',
  read: () => ({
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('cannot render now')) }),
  }),
};
/** Told when the body below is first asked for a piece. */
let reading: (() => void) | null = null;
/** A body whose first piece is never ready: it waits until the client has gone. */
const neverReady: RangedBody = {
  size: 1000,
  etag: '"never-ready"',
  contentType: 'audio/mpeg',
  read: (_range, signal) => ({
    [Symbol.asyncIterator]: () => ({
      next: () =>
        new Promise<IteratorResult<Uint8Array>>((_resolve, reject) => {
          reading?.();
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        }),
    }),
  }),
};
/** What sendRanged threw for a client that went away before the first piece, if anything. */
const thrownAfterLeaving: unknown[] = [];
const outcomes: SendOutcome[] = [];
let waiting: ((outcome: SendOutcome) => void) | null = null;
let server: RunningServer;

beforeAll(async () => {
  const app = express();
  const record = (outcome: SendOutcome): void => {
    outcomes.push(outcome);
    waiting?.(outcome);
  };
  app.get('/track.mp3', (req, res) => sendRanged(req, res, track, { onDone: record }));
  app.get('/long.mp3', (req, res) => sendRanged(req, res, long, { onDone: record }));
  app.post('/track.mp3', (req, res) => sendRanged(req, res, track));
  app.get('/never-ready.mp3', async (req, res) => {
    try {
      await sendRanged(req, res, neverReady, { onDone: record });
    } catch (error) {
      thrownAfterLeaving.push(error);
    }
  });
  app.get('/failing.mp3', async (req, res) => {
    try {
      await sendRanged(req, res, failing);
    } catch (error) {
      res.status(503).json({ message: (error as Error).message, headersSent: res.headersSent });
    }
  });
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

describe('sendRanged over HTTP', () => {
  it('sends the whole file with its caching headers', async () => {
    const { response, body } = await get('/track.mp3');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe(etag);
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
  ])('answers %s with 206 and exactly those bytes, producing only them', async (range, start, end) => {
    const { response, body } = await get('/track.mp3', { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('etag')).toBe(etag);
    expect(body.equals(whole.subarray(start, end + 1))).toBe(true);
    expect(track.reads.at(-1)).toEqual({ start, end });
  });

  it('answers ranges past the end with 416 and the size', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const { response, body } = await get('/track.mp3', { Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(body.length).toBe(0);
    }
  });

  it('answers several ranges, malformed ones and other units with the whole file', async () => {
    for (const range of ['bytes=0-1,10-20', 'bytes=9-3', 'pages=1-2', 'bytes=x-']) {
      const { response, body } = await get('/track.mp3', { Range: range });
      expect(response.status, range).toBe(200);
      expect(body.length).toBe(size);
    }
  });

  it('answers HEAD with the headers GET would send and no body, producing nothing', async () => {
    const reads = track.reads.length;
    const full = await get('/track.mp3', {}, 'HEAD');
    expect(full.response.status).toBe(200);
    expect(full.response.headers.get('content-length')).toBe(String(size));
    expect(full.response.headers.get('accept-ranges')).toBe('bytes');
    expect(full.response.headers.get('etag')).toBe(etag);
    expect(full.body.length).toBe(0);

    const part = await get('/track.mp3', { Range: 'bytes=10-19' }, 'HEAD');
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
    expect(part.response.headers.get('content-length')).toBe('10');
    expect(part.body.length).toBe(0);
    expect(track.reads.length).toBe(reads);
  });

  it('answers 304 when the client already holds this audio, even when it asks for a range', async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const { response, body } = await get('/track.mp3', { 'If-None-Match': ifNoneMatch, Range: 'bytes=0-10' });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect(body.length).toBe(0);
    }
    const stale = await get('/track.mp3', { 'If-None-Match': '"stale"' });
    expect(stale.response.status).toBe(200);
  });

  it('honours a range under If-Range only while the tag still matches', async () => {
    const same = await get('/track.mp3', { Range: 'bytes=0-9', 'If-Range': etag });
    expect(same.response.status).toBe(206);
    const changed = await get('/track.mp3', { Range: 'bytes=0-9', 'If-Range': '"older-version"' });
    expect(changed.response.status).toBe(200);
    expect(changed.body.length).toBe(size);
  });

  it('rejects before any header when the first piece cannot be produced, so the caller can answer', async () => {
    const { response, body } = await get('/failing.mp3', { Range: 'bytes=0-9' });
    expect(response.status).toBe(503);
    expect(JSON.parse(body.toString())).toEqual({ message: 'cannot render now', headersSent: false });
  });

  it('refuses methods other than GET and HEAD', async () => {
    const { response } = await get('/track.mp3', {}, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('streams long files as the client reads and stops producing when it goes away', async () => {
    const total = long.size;
    const finished = new Promise<SendOutcome>((resolve) => {
      waiting = resolve;
    });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/long.mp3`, { signal: controller.signal });
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
    expect(long.produced).toBeLessThan(total / 3);
  });

  it('ends quietly when the client goes away before the first piece is ready', async () => {
    const finished = new Promise<SendOutcome>((resolve) => {
      waiting = resolve;
    });
    const waitingOnThePiece = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const controller = new AbortController();
    const asked = fetch(`${server.url}/never-ready.mp3`, { signal: controller.signal }).catch(() => null);
    // The server waits on the first piece; then the client leaves.
    await waitingOnThePiece;
    controller.abort();
    expect(await asked).toBeNull();
    const outcome = await finished;
    waiting = null;
    expect(outcome).toEqual({ status: 200, bytes: 0, complete: false });
    expect(thrownAfterLeaving).toEqual([]);
  });
});
