import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { EventStream } from './sse';

let server: RunningServer;
let closed = 0;

beforeAll(async () => {
  const app = express();
  app.get('/stream', (_req, res) => {
    const stream = new EventStream(res, 20);
    stream.onClose(() => {
      closed += 1;
    });
    stream.send('player', 7, { text: 'two\nlines' });
    setTimeout(() => {
      stream.send('player', 8, { n: 2 });
      stream.end();
    }, 70);
  });
  server = await listen(app);
});

afterAll(() => server.close());

it('sends named events with ids and one-line JSON, keep-alive comments between them, through proxies', async () => {
  const response = await fetch(`${server.url}/stream`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-accel-buffering')).toBe('no');
  const text = await response.text();
  const blocks = text.split('\n\n').filter(Boolean);
  expect(blocks[0]).toBe('event: player\nid: 7\ndata: {"text":"two\\nlines"}');
  expect(blocks.at(-1)).toBe('event: player\nid: 8\ndata: {"n":2}');
  expect(blocks.slice(1, -1).length).toBeGreaterThanOrEqual(1);
  for (const block of blocks.slice(1, -1)) expect(block).toBe(': keep-alive');
  expect(closed).toBe(1);
});

it('stops when the client goes away', async () => {
  const before = closed;
  const aborting = new AbortController();
  const response = await fetch(`${server.url}/stream`, { signal: aborting.signal });
  expect(response.status).toBe(200);
  aborting.abort();
  await expect.poll(() => closed).toBe(before + 1);
});
