import { describe, expect, it } from 'vitest';
import { ApiMetrics } from './metrics';

/** Several apps in one process (tests, the benchmark): each counts its own, and all show the process's figures. */
describe('the metrics of several apps in one process', () => {
  it('keep each app its own counters, and give every scrape the process figures', async () => {
    const first = new ApiMetrics();
    const second = new ApiMetrics();
    first.upstream({ method: 'GET', path: '/v1/tracks', status: 200, ms: 12, batchSize: 3 });
    const [one, two] = await Promise.all([first.scrape(), second.scrape()]);
    const series = 'graphonic_upstream_requests_total{method="GET",endpoint="/v1/tracks",status="200"} 1';
    expect(one).toContain(series);
    expect(two).not.toContain(series);
    for (const text of [one, two]) {
      expect(text).toMatch(/^process_cpu_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      // Each series once: the process's figures are added, not registered again per app.
      expect(text.match(/^# TYPE process_cpu_seconds_total /gm)).toHaveLength(1);
    }
    expect(first.contentType).toMatch(/^text\/plain/);
  });
});
