import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiError, createLogger } from '@meritmatch/service-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { OutcomeWindow } from './outcome-window';
import type { Area } from './routes';
import { createUpstreams, type Upstreams } from './upstreams';

const logger = createLogger('upstreams-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the outcome window of a breaker', () => {
  it('counts calls when they end, and forgets them once they are older than the window', () => {
    let now = 0;
    const window = new OutcomeWindow(10000, 10, () => now);
    window.record(false);
    now = 5000;
    window.record(false);
    window.record(true);
    expect(window.totals()).toEqual({ calls: 3, failures: 2 });
    now = 10999;
    expect(window.totals()).toEqual({ calls: 3, failures: 2 });
    now = 11000;
    expect(window.totals()).toEqual({ calls: 2, failures: 1 });
    now = 16000;
    expect(window.totals()).toEqual({ calls: 0, failures: 0 });
  });
});

/** A service whose routes hang while `/health` answers (a stuck handler), or nothing answers (frozen). */
async function startService() {
  let mode: 'answer' | 'hang-routes' | 'hang-all' = 'answer';
  const held: ServerResponse[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const hang = mode === 'hang-all' || (mode === 'hang-routes' && request.url !== '/health');
    if (hang) {
      held.push(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (next: typeof mode) => {
      mode = next;
      if (next === 'answer') for (const response of held.splice(0)) response.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const servicesAt = (url: string): Record<Area, string> => ({
  auth: url,
  profile: url,
  matching: url,
  admin: url,
  notifications: url,
});

describe('the breaker of a service that does not answer in time', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const setUp = async (options: { unresponsiveMs?: number } = {}) => {
    const service = await startService();
    const upstreams: Upstreams = createUpstreams({
      services: servicesAt(service.url),
      logger,
      breaker: { errorThresholdPercentage: 50, volumeThreshold: 5, windowMs: 1000, resetTimeoutMs: 60000 },
      ...options,
    });
    cleanups.push(service.close, () => upstreams.close());
    const get = async (timeoutMs: number) => {
      const started = performance.now();
      try {
        const answer = await upstreams.send('profile', {
          url: new URL('/api/job-seeker/profile', service.url),
          method: 'GET',
          headers: {},
          deadlineAt: Date.now() + timeoutMs,
        });
        return { status: answer.status, ms: performance.now() - started };
      } catch (error) {
        return { status: (error as ApiError).status, ms: performance.now() - started };
      }
    };
    return { service, upstreams, get };
  };

  it('opens when its calls time out: four callers, each call timing out after half the window', async () => {
    // the run, scaled down: 4 job seekers calling a stuck profile service whose calls time
    // out after 5 s, against a 10 s window; here 500 ms against 1 s (its /health still answers,
    // so only the time-outs can open the breaker)
    const { service, upstreams, get } = await setUp();
    service.set('hang-routes');
    const seen: number[] = [];
    // the callers go on until the breaker opens (however long a busy machine takes), no longer:
    // a fixed 2.6 s once ended with a time-out that started just before it opened (CI, 504 last)
    const giveUp = performance.now() + 20000;
    const caller = async () => {
      while (upstreams.state('profile') !== 'open' && performance.now() < giveUp)
        seen.push((await get(500)).status);
    };
    await Promise.all([caller(), caller(), caller(), caller()]);
    expect(upstreams.state('profile')).toBe('open');
    expect(seen.filter((status) => status === 504).length).toBeGreaterThanOrEqual(5);
    // a call after it opened is refused at once (503), not left to time out (504)
    expect((await get(500)).status).toBe(503);
  });

  it('answers 503 within about a second when the service stops answering, and lets waiting calls go', async () => {
    const { service, upstreams, get } = await setUp({ unresponsiveMs: 300 });
    // the health monitor has seen it answer
    await sleep(200);
    service.set('hang-all');
    // a call that would wait 10 s (a sign-in) is let go once the service is known not to answer
    const first = await get(10000);
    expect(first.status).toBe(503);
    // known within about a second; far below the 10 s it would have waited (room for a busy machine)
    expect(first.ms).toBeLessThan(6000);
    expect(upstreams.state('profile')).toBe('open');
    const next = await get(10000);
    expect(next.status).toBe(503);
    expect(next.ms).toBeLessThan(2000);
    // it answers again: the breaker closes without waiting for its reset time (60 s here)
    service.set('answer');
    await expect.poll(async () => (await get(2000)).status, { timeout: 5000, interval: 100 }).toBe(200);
    expect(upstreams.state('profile')).toBe('closed');
  });

  it('closes the breaker as soon as a service that was down answers again, without its trial wait', async () => {
    const { service, upstreams, get } = await setUp();
    const port = Number(new URL(service.url).port);
    await service.close();
    // refused connections: the breaker opens after five (its reset time is 60 s here)
    for (let i = 0; i < 6; i++) expect((await get(2000)).status).toBe(503);
    expect(upstreams.state('profile')).toBe('open');
    const again = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => again.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => again.close(() => resolve())));
    await expect.poll(() => upstreams.state('profile'), { timeout: 3000, interval: 50 }).toBe('closed');
    expect((await get(2000)).status).toBe(200);
  });
});
