import { call, mailbox, registerAccount, type Stack, startStack } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The e-mail a changed password sends, through the notifications service and Mailpit. The
 * settings' routes themselves run in process: account-settings.routes.test.ts.
 */
describe('account settings', () => {
  let stack: Stack;
  const inbox = mailbox(inject('infra'));

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'notifications', 'gateway'],
      extraEnv: { notifications: { MAIL_POLL_MS: '200' } },
    });
  });
  afterAll(() => stack?.close());

  it('tells the person by e-mail that their password was changed', async () => {
    const account = await registerAccount(stack, 'employer');
    const changed = await call(`${stack.api}/auth/change-password`, {
      token: account.token,
      body: { currentPassword: account.password, newPassword: 'lantern-Quarry-58' },
    });
    expect(changed.status, changed.text).toBe(200);
    const [mail] = await inbox.waitFor(account.email, 1);
    expect(mail?.subject).toBe('Your password was changed');
  });
});
