import {
  call,
  eventually,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** The limits as in production, with a few made small (and a day long: windows end at UTC midnight only). */
const limits = 'sign-up=10/86400,auth=8/86400,candidate-detail-minute=5/86400';

describe('rate limits at the gateway', () => {
  let stack: Stack;
  let employer: TestAccount;
  let otherEmployer: TestAccount;
  let candidate: SeededCandidate;
  const detail = (account: TestAccount) =>
    call(`${stack.api}/employer/candidate/${candidate.candidateId}`, { token: account.token });

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'matching', 'gateway'],
      extraEnv: { gateway: { RATE_LIMIT_MULTIPLIER: '1', RATE_LIMITS: limits } },
    });
    // three sign-ups of the ten
    employer = await seedEmployer(stack);
    otherEmployer = await seedEmployer(stack);
    candidate = await seedCandidate(stack, { skills: [{ name: 'Go' }] });
    await eventually(
      async () => {
        const found = await call(`${stack.api}/employer/search`, { token: otherEmployer.token });
        return found.status === 200 && found.body.pagination.totalCount === 1;
      },
      { what: 'the candidate reached matching' },
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('stops a sign-up flood from one address whatever X-Forwarded-For it claims', async () => {
    const answers = [];
    for (let i = 0; i < 15; i++) {
      answers.push(
        await call(`${stack.api}/auth/register`, {
          body: {
            email: `flood-${i}-${Date.now()}@example.com`,
            password: 'kestrel-Tide-42',
            userType: 'job_seeker',
          },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        }),
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
    for (let i = 0; i < 6; i++) answers.push(await detail(employer));
    expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many requests from this account'),
      details: [{ path: 'limit', message: 'candidate-detail-minute' }],
    });
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await detail(otherEmployer)).status).toBe(200);
  });

  it('holds one limit across two gateway instances', async () => {
    const second = `${await stack.startAnother('gateway')}/api`;
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push((await call(`${i % 2 === 0 ? stack.api : second}/auth/me`)).status);
    }
    process.stdout.write(`two gateways, one limit of 8: ${statuses.join(' ')}\n`);
    // each instance alone would let 8 through: together they let 8 through in all
    expect(statuses.filter((status) => status === 401)).toHaveLength(8);
    expect(statuses.slice(8).every((status) => status === 429)).toBe(true);
  });
});
