import { adminAccount, call, eventually, registerAccount, type Stack, startStack } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * What needs the product's processes: the gateway's own check, and a suspension travelling from
 * the auth service to the gateway and this service. The rest runs in process
 * (job-seeker-security.routes.test.ts).
 */
describe("job seekers' tokens across the gateway and the service", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ infra: inject('infra'), processes: ['auth', 'profile', 'gateway'] });
  });
  afterAll(() => stack?.close());

  it('refuses other roles through the gateway', async () => {
    const employer = await registerAccount(stack, 'employer');
    expect((await call(`${stack.api}/job-seeker/profile`, { token: employer.token })).status).toBe(403);
  });

  it("refuses a suspended user's old token within seconds, through the gateway and directly at the service", async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const admin = await adminAccount(stack);
    expect(
      (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: account.token })).status,
    ).toBe(404);
    await call(`${stack.url('auth')}/internal/users/${account.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'suspended' },
    });
    const started = Date.now();
    await eventually(
      async () =>
        (await call(`${stack.url('profile')}/api/job-seeker/profile`, { token: account.token })).status ===
          401 && (await call(`${stack.api}/job-seeker/profile`, { token: account.token })).status === 401,
      { what: 'the old token refused everywhere', timeoutMs: 5000 },
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
