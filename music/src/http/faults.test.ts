import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../test-support/http';
import { errorHandler } from '../errors';
import { createFaults, FaultSettingsError, noFaults, parseFaultSettings, type FaultSettings } from './faults';

describe('fault settings', () => {
  it('are off by default', () => {
    expect(parseFaultSettings({}, false)).toEqual(noFaults);
  });

  it('read latency, rate limit and failure rate', () => {
    expect(
      parseFaultSettings({ MUSIC_LATENCY_MS: '10-50', MUSIC_RATE_LIMIT: '100/30s', MUSIC_FAILURE_RATE: '0.25' }, false),
    ).toEqual({
      latencyMs: { min: 10, max: 50 },
      latencyMode: 'added',
      rateLimit: { requests: 100, windowMs: 30_000 },
      failureRate: 0.25,
    });
    expect(parseFaultSettings({ MUSIC_LATENCY_MS: '20', MUSIC_LATENCY_MODE: 'total' }, false).latencyMode).toBe(
      'total',
    );
    expect(parseFaultSettings({ MUSIC_LATENCY_MS: '20' }, false).latencyMs).toEqual({ min: 20, max: 20 });
  });

  it('refuse bad values with the variable named, and any fault in production', () => {
    expect(() => parseFaultSettings({ MUSIC_LATENCY_MS: 'slow' }, false)).toThrow(/^MUSIC_LATENCY_MS/);
    expect(() => parseFaultSettings({ MUSIC_LATENCY_MODE: 'after' }, false)).toThrow(/^MUSIC_LATENCY_MODE/);
    expect(() => parseFaultSettings({ MUSIC_RATE_LIMIT: '100' }, false)).toThrow(/^MUSIC_RATE_LIMIT/);
    expect(() => parseFaultSettings({ MUSIC_FAILURE_RATE: '2' }, false)).toThrow(/^MUSIC_FAILURE_RATE/);
    expect(() => parseFaultSettings({ MUSIC_FAILURE_RATE: '0.1' }, true)).toThrow(FaultSettingsError);
  });
});

describe('the fault middleware', () => {
  let server: RunningServer | undefined;
  let clock = 0;
  /** When the route ran, for each request. */
  const handled: number[] = [];

  async function serve(settings: Partial<FaultSettings>, random: () => number = () => 0.99) {
    const { middleware, arrival, control } = createFaults(
      { ...noFaults, ...settings },
      {
        now: () => clock,
        random,
        keyOf: (req) => req.get('x-client') ?? 'anonymous',
      },
    );
    const app = express();
    app.use(arrival);
    // Work the service does before the fault middleware, on its clock (authentication, say).
    app.use((req, _res, next) => {
      clock += Number(req.get('x-work-before') ?? 0);
      next();
    });
    app.use(middleware);
    app.get('/v1/ping', (_req, res) => {
      handled.push(performance.now());
      res.json({ ok: true });
    });
    app.get('/v1/slow', (_req, res) => {
      // Work that outlasts the latency, on the middleware's clock.
      clock += 10_000;
      res.json({ ok: true });
    });
    app.use(errorHandler);
    server = await listen(app);
    return { url: server.url, control };
  }

  afterEach(async () => {
    await server?.close();
    server = undefined;
    clock = 0;
    handled.length = 0;
  });

  it('answers 429 with Retry-After past the limit of a rolling window, per client', async () => {
    const { url } = await serve({ rateLimit: { requests: 2, windowMs: 30_000 } });
    const get = (client: string) => fetch(`${url}/v1/ping`, { headers: { 'x-client': client } });
    expect((await get('a')).status).toBe(200);
    clock = 10_000;
    expect((await get('a')).status).toBe(200);
    clock = 20_000;
    const limited = await get('a');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect(await limited.json()).toEqual({ error: { status: 429, message: 'API rate limit exceeded' } });
    expect((await get('b')).status).toBe(200);
    clock = 30_001;
    expect((await get('a')).status).toBe(200);
  });

  it('replaces the configured share of answers with server errors', async () => {
    const draws = [0.05, 0.5, 0.5];
    const { url, control } = await serve({ failureRate: 0.1 }, () => draws.shift() ?? 0.99);
    const failed = await fetch(`${url}/v1/ping`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: { status: 502, message: 'Bad gateway.' } });
    expect((await fetch(`${url}/v1/ping`)).status).toBe(200);
    control.set({ failureRate: 0 });
    expect((await fetch(`${url}/v1/ping`)).status).toBe(200);
  });

  it('delays answers by the injected latency, before the service starts on them', async () => {
    const { url } = await serve({ latencyMs: { min: 60, max: 60 } });
    const started = performance.now();
    expect((await fetch(`${url}/v1/ping`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect((handled[0] ?? 0) - started).toBeGreaterThanOrEqual(55);
  });

  it('in total mode, starts on a request at once and answers once the latency has passed since it arrived', async () => {
    const { url } = await serve({ latencyMs: { min: 200, max: 200 }, latencyMode: 'total' });
    const started = performance.now();
    const answer = await fetch(`${url}/v1/ping`);
    const answered = performance.now();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(answered - started).toBeGreaterThanOrEqual(195);
    // The route ran long before the answer left.
    expect((handled[0] ?? answered) - started).toBeLessThan(150);
  });

  it('in total mode, counts the latency from when the request arrived, before any work on it', async () => {
    const { url } = await serve({ latencyMs: { min: 2_000, max: 2_000 }, latencyMode: 'total' });
    const started = performance.now();
    expect((await fetch(`${url}/v1/ping`, { headers: { 'x-work-before': '1950' } })).status).toBe(200);
    const elapsed = performance.now() - started;
    // 1,950 of the 2,000 ms went to work ahead of the fault middleware: 50 are left to wait. Counted from the
    // middleware instead, the wait would be the whole 2,000 ms; the margin between is a busy machine's.
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('in total mode, answers as soon as the work is done when it outlasts the latency', async () => {
    const { url } = await serve({ latencyMs: { min: 5_000, max: 5_000 }, latencyMode: 'total' });
    const started = performance.now();
    expect((await fetch(`${url}/v1/slow`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('in total mode, holds error answers too', async () => {
    const { url } = await serve({
      latencyMs: { min: 200, max: 200 },
      latencyMode: 'total',
      rateLimit: { requests: 1, windowMs: 30_000 },
    });
    expect((await fetch(`${url}/v1/ping`)).status).toBe(200);
    const started = performance.now();
    expect((await fetch(`${url}/v1/ping`)).status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });
});
