import { randomUUID } from 'node:crypto';
import {
  call,
  type JsonAnswer,
  registerAccount,
  type Stack,
  seedEmployer,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { heading } from './support';

/**
 * 3. Limits everywhere, keyed on what a client cannot forge. This stack runs the gateway with
 * its production limits (gateway/README.md has the table); every call over a limit must be
 * refused with 429 and a Retry-After.
 */
describe('3. rate limits that cannot be dodged', () => {
  const h = heading('3. rate limits');
  let stack: Stack;
  afterAll(async () => {
    h.report();
    await stack?.close();
  }, 120000);
  let employer: TestAccount;
  let account: TestAccount;
  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      extraEnv: { gateway: { RATE_LIMIT_MULTIPLIER: '1' } },
    });
    // the accounts first: the floods below use up this address's sign-ups
    employer = await seedEmployer(stack);
    account = await registerAccount(stack, 'job_seeker');
  }, 240000);

  /** Sends `count` calls; those past `allowed` must be 429 with a Retry-After. */
  async function flood(
    what: string,
    count: number,
    allowed: number,
    send: (n: number) => Promise<JsonAnswer>,
  ) {
    const answers: JsonAnswer[] = [];
    for (let n = 0; n < count; n++) answers.push(await send(n));
    answers.slice(allowed).forEach((answer, n) => {
      h.attempt(
        `${what} #${allowed + n + 1} (${answer.status})`,
        answer.status === 429 && Number(answer.headers.get('retry-after')) > 0,
      );
    });
  }

  it('limits sign-ups per address at the gateway', async () => {
    // two accounts were made already
    await flood('sign-up', 22, 18, () =>
      call(`${stack.api}/auth/register`, {
        body: {
          email: `flood-${randomUUID()}@example.com`,
          password: 'kestrel-Tide-42',
          userType: 'job_seeker',
        },
      }),
    );
  });

  it('limits sign-ins at the auth service itself, whatever X-Forwarded-For says without the gateway key', async () => {
    await flood('a direct sign-in with a rotating X-Forwarded-For', 104, 100, (n) =>
      call(`${stack.url('auth')}/api/auth/login`, {
        body: { email: `direct-${n}@example.com`, password: 'wrong-one' },
        headers: {
          'x-forwarded-for': `203.0.113.${n % 250}`,
          'x-gateway-key': 'a-guess-that-is-not-the-secret-at-all',
        },
      }),
    );
  });

  it('gives employers quotas on candidate details, search pages and match requests', async () => {
    await flood('a candidate detail view', 33, 30, () =>
      call(`${stack.api}/employer/candidate/${randomUUID()}`, { token: employer.token }),
    );
    await flood('a search page', 63, 60, (n) =>
      call(`${stack.api}/employer/search?page=${(n % 5) + 1}`, { token: employer.token }),
    );
    await flood('a match request', 23, 20, () =>
      call(`${stack.api}/employer/request-candidate`, {
        token: employer.token,
        body: { jobSeekerId: randomUUID() },
      }),
    );
  });

  it('limits sign-ins per address, and holds the limit across two instances of the gateway', async () => {
    const second = await stack.startAnother('gateway');
    await flood('a sign-in spread over two gateways', 34, 30, (n) =>
      call(`${n % 2 === 0 ? stack.api : `${second}/api`}/auth/login`, {
        body: { email: account.email, password: 'wrong-but-counted' },
      }),
    );
  });
});
