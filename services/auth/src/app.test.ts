import { authTimeoutMs } from '@meritmatch/contracts';
import { createLogger, deadlineHeader, timeLeft } from '@meritmatch/service-kit';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Accounts } from './use-cases/accounts';

/**
 * The gateway waits `authTimeoutMs` for the auth service, since a password's hash may wait for a
 * busy core: the service must not give up (503) sooner, as it did at the kit's 4.5 s budget.
 */
describe("the auth service's time for a request", () => {
  it('works on a sign-up as long as the gateway waits for it, not the default budget', async () => {
    let left = 0;
    const accounts = {
      async register() {
        left = timeLeft();
        return {
          user: {
            id: '11111111-1111-4111-8111-111111111111',
            email: 'a@example.com',
            userType: 'job_seeker',
            emailConfirmed: false,
          },
          token: 'token',
        };
      },
    } as unknown as Accounts;
    const app = createApp({
      logger: createLogger('auth-test', 'silent'),
      readiness: [],
      verifyToken: async () => {
        throw new Error('no token in this test');
      },
      accounts,
      accountOf: async () => null,
      settings: {} as never,
      emailReads: {} as never,
      erasures: {} as never,
      retention: {} as never,
      serviceAccounts: {} as never,
      tokens: {} as never,
      limits: {} as never,
      passwordReset: {} as never,
      confirmation: { send: async () => undefined } as never,
      emailChange: {} as never,
      sessionList: {} as never,
      sessions: { opened: async () => undefined } as never,
      resetLimits: {} as never,
      secondFactors: {} as never,
      secondFactorLimits: {} as never,
      onQuietError: () => undefined,
      gatewaySecret: undefined,
      confirmToken: async () => undefined,
    });

    const answer = await app.request('/api/auth/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // the gateway's deadline for an auth route, less its margin
        [deadlineHeader]: String(Date.now() + authTimeoutMs - 50),
      },
      body: JSON.stringify({ email: 'a@example.com', password: 'kestrel-Tide-42', userType: 'job_seeker' }),
    });

    expect(answer.status).toBe(201);
    expect(left).toBeGreaterThan(authTimeoutMs - 1000);
  });
});
