import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp } from '../http/app';
import { createLogger } from './logger';
import { type ReadinessCheck, ReadinessMonitor } from './readiness';

const never = () => new Promise<void>(() => undefined);
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('readiness kept in the background', () => {
  const monitors: ReadinessMonitor[] = [];
  const monitorOf = (checks: ReadinessCheck[], timeoutMs = 100) => {
    const monitor = new ReadinessMonitor(checks, { intervalMs: 50, timeoutMs });
    monitors.push(monitor);
    return monitor;
  };
  afterEach(() => {
    for (const monitor of monitors.splice(0)) monitor.stop();
  });

  it('answers within its time-out when a check hangs, naming it', async () => {
    const monitor = monitorOf([
      { name: 'mongodb', check: never },
      { name: 'cache', check: async () => undefined },
    ]);
    // it answers at all: before, a probe waited for as long as the stall lasted
    const { result, ms } = await timed(() => monitor.state());
    expect(ms).toBeLessThan(2000);
    expect(result.status).toBe('not-ready');
    expect(result.results).toEqual([
      { name: 'mongodb', ok: false, message: 'no answer within 100 ms', impact: 'not-ready' },
      { name: 'cache', ok: true, impact: 'not-ready' },
    ]);
  });

  it('answers later probes from state, without calling the checks again while one hangs', async () => {
    let calls = 0;
    const monitor = monitorOf(
      [
        {
          name: 'kafka',
          impact: 'degraded',
          check: () => {
            calls += 1;
            return never();
          },
        },
      ],
      1000,
    );
    await monitor.state();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { result, ms } = await timed(() => monitor.state());
    // from state: no wait for the hanging check (1 s), with room for a busy machine
    expect(ms).toBeLessThan(500);
    expect(result.status).toBe('degraded');
    expect(calls).toBe(1);
  });

  it('is degraded, not unready, when only degraded checks fail', async () => {
    const monitor = monitorOf([
      { name: 'mongodb', check: async () => undefined },
      {
        name: 'kafka',
        impact: 'degraded',
        check: async () => {
          throw new Error('not connected yet');
        },
      },
    ]);
    expect(await monitor.state()).toMatchObject({
      status: 'degraded',
      results: [
        { name: 'mongodb', ok: true },
        { name: 'kafka', ok: false, message: 'not connected yet' },
      ],
    });
  });

  it('sees a check recover in the background, and checks added later', async () => {
    let up = false;
    const checks: ReadinessCheck[] = [
      {
        name: 'mongodb',
        check: async () => {
          if (!up) throw new Error('down');
        },
      },
    ];
    const monitor = monitorOf(checks);
    expect((await monitor.state()).status).toBe('not-ready');
    up = true;
    checks.push({ name: 'candidates', check: async () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await monitor.state()).toMatchObject({ status: 'ready', results: [{ ok: true }, { ok: true }] });
  });
});

describe('/ready and /health of the kit app', () => {
  const appWith = (readiness: ReadinessCheck[]) =>
    createServiceApp({ service: 'probe-test', logger: createLogger('probe-test', 'silent'), readiness });

  it('answers /ready within a second while its database check hangs: 503 naming it', async () => {
    const app = appWith([{ name: 'mongodb', check: never }]);
    const { result, ms } = await timed(async () => app.request('/ready'));
    expect(ms).toBeLessThan(2000);
    expect(result.status).toBe(503);
    expect(await result.json()).toEqual({
      message: 'probe-test is not ready: mongodb (no answer within 500 ms)',
      code: 'SERVICE_UNAVAILABLE',
      details: [{ path: 'mongodb', message: 'no answer within 500 ms' }],
    });
    const health = await timed(async () => app.request('/health'));
    expect(health.result.status).toBe(200);
    expect(health.ms).toBeLessThan(2000);
  });

  it('answers 200 "degraded" naming Kafka while only Kafka fails', async () => {
    const app = appWith([
      { name: 'mongodb', check: async () => undefined },
      { name: 'kafka', impact: 'degraded', check: never },
    ]);
    const answer = await app.request('/ready');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: 'degraded',
      service: 'probe-test',
      checks: { mongodb: 'ok', kafka: 'degraded' },
      details: [{ path: 'kafka', message: 'no answer within 500 ms' }],
    });
  });
});
