import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { healthRouter, runChecks, withTimeout, type Readiness } from './health';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('passes the answer or the failure through, and leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await withTimeout(Promise.resolve(4), 1000)).toBe(4);
    await expect(withTimeout(Promise.reject(new Error('down')), 1000)).rejects.toThrow('down');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails once the time is up without an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const late = expect(withTimeout(new Promise(() => undefined), 1000)).rejects.toThrow('no answer in time');
    await vi.advanceTimersByTimeAsync(1000);
    await late;
  });
});

describe('runChecks', () => {
  it('names each check ok or unavailable, and is ready only when all are ok', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const all = await runChecks({ store: () => Promise.resolve(), upstream: () => Promise.resolve('answer') }, 1000);
    expect(all).toEqual({ ready: true, checks: { store: 'ok', upstream: 'ok' } });

    const silent = runChecks(
      {
        store: () => Promise.resolve(),
        upstream: () => new Promise(() => undefined),
        broken: () => {
          throw new Error('thrown before any promise');
        },
      },
      1000,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(await silent).toEqual({
      ready: false,
      checks: { store: 'ok', upstream: 'unavailable', broken: 'unavailable' },
    });
  });
});

describe('healthRouter', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(readiness: () => Promise<Readiness>): Promise<string> {
    const app = express();
    app.use(healthRouter(readiness));
    server = await listen(app);
    return server.url;
  }

  it('is alive whatever readiness says, and ready only when readiness says so', async () => {
    let ready = true;
    const url = await serve(() => Promise.resolve({ ready, body: { status: ready ? 'ready' : 'unavailable' } }));
    const healthz = await fetch(`${url}/healthz`);
    expect(healthz.status).toBe(200);
    expect(await healthz.json()).toEqual({ status: 'ok' });
    const up = await fetch(`${url}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: 'ready' });
    ready = false;
    const down = await fetch(`${url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('is not ready when readiness itself fails', async () => {
    const url = await serve(() => Promise.reject(new Error('cannot tell')));
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
  });
});
