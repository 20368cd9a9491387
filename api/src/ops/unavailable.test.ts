import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { createLogger } from './logger';
import { finalErrorHandler, storeFailuresAnswered } from './unavailable';

/**
 * What a request gets when the session store fails, and when anything else fails: a clear answer
 * without internals, and a log line that says what went wrong.
 */

const logged: string[] = [];
const logger = createLogger({ level: 'info', service: 'api', destination: { write: (line) => logged.push(line) } });
let server: RunningServer;

/** A session middleware whose store has gone away. */
const failingSessions: RequestHandler = (_req, _res, next) => {
  next(new Error('Redis connection lost at 10.0.0.7:6379'));
};

beforeAll(async () => {
  const app = express();
  app.use(['/auth', '/graphql'], storeFailuresAnswered(failingSessions, logger));
  app.get('/auth/login', (_req, res) => {
    res.send('never reached');
  });
  app.post('/graphql', (_req, res) => {
    res.send('never reached');
  });
  app.get('/broken', () => {
    throw new Error('disk /srv/secret is full');
  });
  app.post('/body', express.json({ limit: '1kb' }), (_req, res) => {
    res.send('never reached');
  });
  app.use(finalErrorHandler(logger));
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
});

type Line = { level: number; msg: string; err?: { type?: string; message?: string }; status?: number };
const lines = (): Line[] => logged.map((line) => JSON.parse(line) as Line);

describe('a failing session store', () => {
  it('answers GraphQL clients UPSTREAM_UNAVAILABLE with a retry hint, and logs what failed', async () => {
    logged.length = 0;
    const response = await fetch(`${server.url}/graphql`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(JSON.stringify(body)).not.toMatch(/Redis|10\.0\.0\.7/);
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: 'the session store failed',
        err: expect.objectContaining({ type: 'Error', message: 'Redis connection lost at 10.0.0.7:6379' }) as unknown,
      }),
    );
  });

  it('answers people on the sign-in routes with a plain page', async () => {
    const response = await fetch(`${server.url}/auth/login`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await response.text()).toMatch(/unavailable right now/);
  });
});

describe('the last error handler', () => {
  it('answers without internals and logs the real error', async () => {
    logged.length = 0;
    const response = await fetch(`${server.url}/broken`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Something went wrong; try again shortly.');
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: 'request failed',
        err: expect.objectContaining({ message: 'disk /srv/secret is full' }) as unknown,
      }),
    );
  });

  it("answers a client's mistake with its status, logged as a refusal rather than a fault", async () => {
    logged.length = 0;
    const tooLarge = await fetch(`${server.url}/body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe('Payload Too Large.');
    expect(lines()).toEqual([
      expect.objectContaining({ level: 30, msg: 'request refused', status: 413, reason: 'PayloadTooLargeError' }),
    ]);
  });
});
