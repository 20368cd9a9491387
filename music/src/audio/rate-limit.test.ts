import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { errorHandler } from '../errors';
import { tokenBucketLimit } from './rate-limit';

let clock = 0;
let server: RunningServer;

beforeAll(async () => {
  const app = express();
  // The test names its clients by X-Forwarded-For, as a trusted proxy would.
  app.set('trust proxy', true);
  app.use(tokenBucketLimit({ requests: 3, windowMs: 3000, maxClients: 2, now: () => clock }));
  app.get('/audio', (_req, res) => {
    res.send('ok');
  });
  app.use(errorHandler);
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
});

const from = (address: string) => fetch(`${server.url}/audio`, { headers: { 'X-Forwarded-For': address } });

describe('tokenBucketLimit', () => {
  it('lets a burst of `requests` through, then answers 429 with the seconds until the next token', async () => {
    clock = 0;
    for (let i = 0; i < 3; i += 1) expect((await from('10.0.0.1')).status).toBe(200);
    const refused = await from('10.0.0.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: { status: 429, message: 'Too many audio requests', reason: 'RATE_LIMITED' },
    });
  });

  it('gives tokens back over time, never more than the bucket holds', async () => {
    clock = 1000;
    expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(429);
    clock = 1_000_000;
    for (let i = 0; i < 3; i += 1) expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(429);
  });

  it('counts each address on its own', async () => {
    clock = 2_000_000;
    for (let i = 0; i < 3; i += 1) expect((await from('10.0.0.2')).status).toBe(200);
    expect((await from('10.0.0.2')).status).toBe(429);
    expect((await from('10.0.0.3')).status).toBe(200);
  });

  it('remembers a bounded number of addresses, forgetting the least recently seen', async () => {
    clock = 3_000_000;
    for (let i = 0; i < 3; i += 1) await from('10.0.1.1');
    expect((await from('10.0.1.1')).status).toBe(429);
    // Two more addresses push the first out of a memory of two: it starts again with a full bucket.
    await from('10.0.1.2');
    await from('10.0.1.3');
    expect((await from('10.0.1.1')).status).toBe(200);
  });
});
