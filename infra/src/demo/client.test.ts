import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClient } from './client';
import { planSeeker } from './plan';
import { seededRandom } from './random';

/** A public API that is busy (503) for the first `busy` calls of each write, then applies it. */
const seen: { method?: string; key?: string | undefined }[] = [];
let busy = 0;
const server = createServer((request: IncomingMessage, response) => {
  seen.push({ method: request.method, key: request.headers['idempotency-key'] as string | undefined });
  if (request.url === '/limited') {
    response.writeHead(429, { 'retry-after': '30' }).end();
    return;
  }
  const status = busy-- > 0 ? 503 : 201;
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
});
let api = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the demo's client", () => {
  it('sends a write again with the same idempotency key while the service is busy', async () => {
    seen.length = 0;
    busy = 2;
    const answer = await demoClient(api)('/job-seeker/skills', { body: { skills: [] }, token: 't' });
    expect(answer).toEqual({ status: 201, body: { status: 201 } });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((call) => call.key)).size).toBe(1);
    expect(seen[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stops on a rate limit, saying how to seed', async () => {
    await expect(demoClient(api)('/limited', { body: {} })).rejects.toThrow(/RATE_LIMIT_MULTIPLIER=100/);
  });
});

describe("the demo's job seekers", () => {
  it('are the same every run', () => {
    const draw = () => {
      const random = seededRandom(20261126);
      return Array.from({ length: 20 }, (_, n) => planSeeker(random, n + 1));
    };
    expect(draw()).toEqual(draw());
    expect(new Set(draw().map((plan) => plan.profile.fullName)).size).toBeGreaterThan(1);
  });

  it('never start a job in the future or after it ends (the profile service refuses both)', () => {
    const random = seededRandom(20261126);
    const jobs = Array.from({ length: 400 }, (_, n) => planSeeker(random, n + 1)).flatMap(
      (plan) => plan.experiences,
    );
    expect(jobs.length).toBeGreaterThan(300);
    for (const job of jobs) {
      expect(job.startDate <= new Date().toISOString().slice(0, 10)).toBe(true);
      if (job.endDate) expect(job.startDate < job.endDate).toBe(true);
    }
  });
});
