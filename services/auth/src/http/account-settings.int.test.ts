import { accountSettingsMessages, commonPasswordMessage } from '@meritmatch/contracts';
import {
  call,
  eventually,
  mailbox,
  registerAccount,
  type Stack,
  signIn,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const tokenOf = (answer: { body: unknown }) => (answer.body as { token: string }).token;

/**
 * Account settings through the gateway: a new password needs the current
 * one and ends every other session; "Sign out everywhere else" does the same without a new
 * password. The browser that asked keeps going with the new token it gets.
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

  const me = (token: string) => call(`${stack.api}/auth/me`, { token });
  const refusedSoon = (token: string) =>
    eventually(async () => (await me(token)).status === 401, {
      what: 'the other session refused',
      timeoutMs: 1500,
      intervalMs: 50,
    });
  const twoSessions = async (account: TestAccount) => [
    tokenOf(await signIn(stack, account.email, account.password)),
    tokenOf(await signIn(stack, account.email, account.password)),
  ];

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const account = await registerAccount(stack, 'employer');
    const [here, elsewhere] = (await twoSessions(account)) as [string, string];

    const wrong = await call(`${stack.api}/auth/change-password`, {
      token: here,
      body: { currentPassword: 'not-it', newPassword: 'lantern-Quarry-58' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ details: [{ path: 'currentPassword' }] });
    const common = await call(`${stack.api}/auth/change-password`, {
      token: here,
      body: { currentPassword: account.password, newPassword: 'password123' },
    });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ details: [{ path: 'newPassword', message: commonPasswordMessage }] });
    // nothing changed so far
    expect((await me(elsewhere)).status).toBe(200);

    const changed = await call(`${stack.api}/auth/change-password`, {
      token: here,
      body: { currentPassword: account.password, newPassword: 'lantern-Quarry-58' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      message: accountSettingsMessages.passwordChanged,
      user: { email: account.email, userType: 'employer' },
    });
    await refusedSoon(elsewhere);
    expect((await me(here)).status).toBe(401);
    expect((await me(tokenOf(changed))).status).toBe(200);
    expect((await signIn(stack, account.email, account.password)).status).toBe(401);
    expect((await signIn(stack, account.email, 'lantern-Quarry-58')).status).toBe(200);
    const [mail] = await inbox.waitFor(account.email, 1);
    expect(mail?.subject).toBe('Your password was changed');
  });

  it('signs out every other device, without an e-mail', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const [here, elsewhere] = (await twoSessions(account)) as [string, string];
    const answer = await call(`${stack.api}/auth/sign-out-others`, { method: 'POST', token: here });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ message: accountSettingsMessages.signedOutElsewhere });
    await refusedSoon(elsewhere);
    expect((await me(tokenOf(answer))).status).toBe(200);
    expect((await signIn(stack, account.email, account.password)).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    expect((await call(`${stack.api}/auth/sign-out-others`, { method: 'POST' })).status).toBe(401);
    expect(
      (
        await call(`${stack.api}/auth/change-password`, {
          body: { currentPassword: 'a', newPassword: 'bbbbbbbb' },
        })
      ).status,
    ).toBe(401);
  });
});
