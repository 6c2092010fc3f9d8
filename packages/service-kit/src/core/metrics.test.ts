import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { metricsRegistry, requestTimings } from './metrics';

/** The samples of a Prometheus text, by name and labels in any order. */
function samples(text: string, prefix: string) {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || !match[1]!.startsWith(prefix)) continue;
    const labels = [...match[2]!.matchAll(/(\w+)="([^"]*)"/g)]
      .map(([, name, value]) => `${name}=${value}`)
      .filter((label) => !label.startsWith('service='))
      .sort();
    found.set(`${match[1]}{${labels.join(',')}}`, Number(match[3]));
  }
  return found;
}

describe('the request metrics', () => {
  it("expose what prom-client's own counter and histogram would for the same answers", async () => {
    // answers on both sides of bucket bounds, above all of them, for several routes and statuses
    const answers: [string, string, number, number][] = [
      ['GET', '/things/:id', 200, 0.001],
      ['GET', '/things/:id', 200, 0.005],
      ['GET', '/things/:id', 404, 0.0051],
      ['GET', '/things', 200, 0.3],
      ['POST', '/things', 201, 2.5],
      ['POST', '/things', 415, 12],
      ['POST', '/things', 201, 0.02],
    ];
    const oracle = new client.Registry();
    const counter = new client.Counter({
      name: 'http_requests_total',
      help: 'x',
      labelNames: ['method', 'route', 'status'],
      registers: [oracle],
    });
    const histogram = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'x',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [oracle],
    });
    for (const [method, route, status, seconds] of answers) {
      requestTimings().record(method, route, status, seconds);
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, seconds);
    }
    const ours = await metricsRegistry.metrics();
    const theirs = await oracle.metrics();
    for (const prefix of ['http_requests_total', 'http_request_duration_seconds']) {
      expect(samples(ours, prefix).size).toBeGreaterThan(0);
      expect(samples(ours, prefix)).toEqual(samples(theirs, prefix));
    }
    // the same in the JSON form, which reads `get()`
    const json = await metricsRegistry.getMetricsAsJSON();
    const count = json
      .find((metric) => metric.name === 'http_request_duration_seconds')
      ?.values.find(
        (value) =>
          (value as { metricName?: string }).metricName === 'http_request_duration_seconds_count' &&
          value.labels.route === '/things' &&
          value.labels.method === 'POST',
      );
    expect(count?.value).toBe(3);
  });

  it("refuse prom-client's observe, whose counts would never be exposed", () => {
    expect(() => requestTimings().observe({ method: 'GET', route: '/x' }, 0.1)).toThrow(/record/);
  });

  it('start again from nothing when the registry resets its metrics', async () => {
    requestTimings().record('GET', '/reset', 200, 0.001);
    expect(await metricsRegistry.metrics()).toContain('route="/reset"');
    metricsRegistry.resetMetrics();
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain('route="/reset"');
    expect(text).toContain('# TYPE http_requests_total counter');
  });
});
