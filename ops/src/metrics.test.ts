import express from 'express';
import { Counter } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../test-support/http';
import { BoundedLabels, metricsHandler, ServiceMetrics } from './metrics';

class CountingMetrics extends ServiceMetrics {
  readonly hits = new Counter({ name: 'test_hits_total', help: 'Hits', registers: [this.registry] });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ServiceMetrics', () => {
  it('keeps each app its own series, and gives every scrape the process figures once', async () => {
    const first = new CountingMetrics();
    const second = new CountingMetrics();
    first.hits.inc();
    const [one, two] = await Promise.all([first.scrape(), second.scrape()]);
    expect(one).toMatch(/^test_hits_total 1$/m);
    expect(two).toMatch(/^test_hits_total 0$/m);
    for (const text of [one, two]) {
      expect(text).toMatch(/^process_cpu_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text.match(/^# TYPE process_cpu_seconds_total /gm)).toHaveLength(1);
    }
    expect(first.contentType).toMatch(/^text\/plain/);
  });

  it('reads a gauge at a scrape at most once per period, and keeps the last value when a read fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const metrics = new ServiceMetrics();
    const values: (number | Error)[] = [3, 7, new Error('store gone')];
    const read = vi.fn(() => {
      const next = values.shift() ?? 0;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    });
    metrics.gaugeReadAtScrape({ name: 'test_sessions', help: 'Sessions', read, maxAgeMs: 15_000 });
    const gauge = async (): Promise<string | undefined> => /^test_sessions (\d+)$/m.exec(await metrics.scrape())?.[1];

    expect(await gauge()).toBe('3');
    vi.advanceTimersByTime(10_000);
    expect(await gauge()).toBe('3');
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(await gauge()).toBe('7');
    vi.advanceTimersByTime(20_000);
    expect(await gauge()).toBe('7');
    expect(read).toHaveBeenCalledTimes(3);
  });
});

describe('BoundedLabels', () => {
  it('keeps the first values it sees and counts every later new one as other', () => {
    const labels = new BoundedLabels(2);
    expect(['a', 'b', 'c', 'a', 'b', 'd'].map((value) => labels.of(value))).toEqual([
      'a',
      'b',
      'other',
      'a',
      'b',
      'other',
    ]);
  });
});

describe('metricsHandler', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serve(options: Parameters<typeof metricsHandler>[1]): Promise<string> {
    const metrics = new CountingMetrics();
    metrics.hits.inc(2);
    const app = express();
    app.get('/metrics', metricsHandler(metrics, options));
    server = await listen(app);
    return `${server.url}/metrics`;
  }

  it('answers only the bearer of the token when one is set', async () => {
    const url = await serve({ token: 'a-metrics-token-of-some-length' });
    const get = (headers: Record<string, string>) => fetch(url, { headers });
    expect((await get({})).status).toBe(404);
    expect((await get({ authorization: 'Bearer a-metrics-token-of-some-lengtH' })).status).toBe(404);
    expect((await get({ authorization: 'Bearer short' })).status).toBe(404);
    const allowed = await get({ authorization: 'Bearer a-metrics-token-of-some-length' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await allowed.text()).toMatch(/^test_hits_total 2$/m);
  });

  it('without a token, answers a direct local connection and refuses one relayed by a proxy', async () => {
    const url = await serve({ token: undefined });
    expect((await fetch(url)).status).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const relayed = await fetch(url, { headers: { [header]: '203.0.113.9' } });
      expect(relayed.status, header).toBe(404);
      expect(await relayed.text()).toBe('Not found');
    }
  });

  it("refuses with the service's own 404 when it has one", async () => {
    const url = await serve({
      token: 'a-metrics-token-of-some-length',
      notFound: (res) => {
        res.status(404).json({ error: { status: 404, message: 'Service not found' } });
      },
    });
    const refused = await fetch(url);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: { status: 404, message: 'Service not found' } });
  });
});
