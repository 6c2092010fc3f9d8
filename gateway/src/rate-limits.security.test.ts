import { randomUUID } from 'node:crypto';
import { call } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, gatewayHarness } from './testing/harness';

/** The limits as in production, with a few made small (and a day long: windows end at UTC midnight only). */
const limits = 'sign-up=10/86400,auth=8/86400,candidate-detail-minute=5/86400';

describe('rate limits at the gateway', () => {
  let gateway: GatewayHarness;
  let employerToken: string;
  let otherEmployerToken: string;
  const candidateId = randomUUID();
  const register = (email: string, headers: Record<string, string> = {}) =>
    call(`${gateway.api}/auth/register`, {
      body: { email, password: 'kestrel-Tide-42', userType: 'job_seeker' },
      headers,
    });
  const detail = (token: string) => call(`${gateway.api}/employer/candidate/${candidateId}`, { token });

  beforeAll(async () => {
    gateway = await gatewayHarness({
      env: { RATE_LIMIT_MULTIPLIER: '1', RATE_LIMITS: limits },
      answer: {
        auth: ({ path }) => {
          if (path === '/api/auth/register') return { status: 201, body: { token: 'a-token' } };
          // no token: who am I, unanswered
          if (path === '/api/auth/me')
            return { status: 401, body: { message: 'Please sign in', code: 'UNAUTHENTICATED' } };
          return undefined;
        },
        matching: ({ path }) =>
          path === `/api/employer/candidate/${candidateId}`
            ? { status: 200, body: { candidate: { id: candidateId } } }
            : undefined,
      },
    });
    employerToken = await gateway.token('employer');
    otherEmployerToken = await gateway.token('employer');
    // three sign-ups of the ten, as two employers and a candidate made them
    for (const who of ['employer-1', 'employer-2', 'candidate']) {
      expect((await register(`${who}-${Date.now()}@example.com`)).status).toBe(201);
    }
  });
  afterAll(() => gateway?.close());

  it('stops a sign-up flood from one address whatever X-Forwarded-For it claims', async () => {
    const answers = [];
    for (let i = 0; i < 15; i++) {
      answers.push(
        await register(`flood-${i}-${Date.now()}@example.com`, { 'x-forwarded-for': `198.51.100.${i + 1}` }),
      );
    }
    const statuses = answers.map((answer) => answer.status);
    process.stdout.write(`sign-up flood: ${statuses.join(' ')}\n`);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(7);
    expect(statuses.slice(0, firstRefused).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
    const refused = answers[firstRefused]!;
    expect(refused.body).toEqual({
      message: expect.stringMatching(
        /^Too many requests from your address\. Please wait \d+ (seconds|minutes) and try again\.$/,
      ),
      code: 'RATE_LIMITED',
      details: [{ path: 'limit', message: 'sign-up' }],
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86400);
  });

  it("limits an employer's candidate detail views per account, not other employers'", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await detail(employerToken));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many requests from this account'),
      details: [{ path: 'limit', message: 'candidate-detail-minute' }],
    });
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await detail(otherEmployerToken)).status).toBe(200);
  });

  it('holds one limit across two gateway instances', async () => {
    // two instances counting in one store, as two processes count in one database
    const second = await gateway.another();
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push((await call(`${i % 2 === 0 ? gateway.api : second}/auth/me`)).status);
    }
    process.stdout.write(`two gateways, one limit of 8: ${statuses.join(' ')}\n`);
    // each instance alone would let 8 through: together they let 8 through in all
    expect(statuses.filter((status) => status === 401)).toHaveLength(8);
    expect(statuses.slice(8).every((status) => status === 429)).toBe(true);
  });
});
