import { accountSettingsMessages, commonPasswordMessage } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness, type TestAccount } from '../testing/harness';

const tokenOf = (answer: { body: unknown }) => (answer.body as { token: string }).token;

/**
 * Account settings: a new password needs the current one and ends every other session; "Sign
 * out everywhere else" does the same without a new password. The browser that asked keeps going
 * with the new token it gets. (The e-mail about a changed password: flows.int.test.ts.)
 */
describe('account settings', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await authHarness();
  });

  const me = (token: string) => auth.call('/api/auth/me', { token });
  const twoSessions = async (account: TestAccount) => [
    tokenOf(await auth.signIn(account.email, account.password)),
    tokenOf(await auth.signIn(account.email, account.password)),
  ];

  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const account = await auth.register('employer');
    const [here, elsewhere] = (await twoSessions(account)) as [string, string];

    const wrong = await auth.call('/api/auth/change-password', {
      token: here,
      body: { currentPassword: 'not-it', newPassword: 'lantern-Quarry-58' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ details: [{ path: 'currentPassword' }] });
    const common = await auth.call('/api/auth/change-password', {
      token: here,
      body: { currentPassword: account.password, newPassword: 'password123' },
    });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ details: [{ path: 'newPassword', message: commonPasswordMessage }] });
    // nothing changed so far
    expect((await me(elsewhere)).status).toBe(200);

    const changed = await auth.call('/api/auth/change-password', {
      token: here,
      body: { currentPassword: account.password, newPassword: 'lantern-Quarry-58' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      message: accountSettingsMessages.passwordChanged,
      user: { email: account.email, userType: 'employer' },
    });
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(here)).status).toBe(401);
    expect((await me(tokenOf(changed))).status).toBe(200);
    expect((await auth.signIn(account.email, account.password)).status).toBe(401);
    expect((await auth.signIn(account.email, 'lantern-Quarry-58')).status).toBe(200);
  });

  it('signs out every other device, without an e-mail', async () => {
    const account = await auth.register('job_seeker');
    const [here, elsewhere] = (await twoSessions(account)) as [string, string];
    const answer = await auth.call('/api/auth/sign-out-others', { method: 'POST', token: here });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ message: accountSettingsMessages.signedOutElsewhere });
    expect((await me(elsewhere)).status).toBe(401);
    expect((await me(tokenOf(answer))).status).toBe(200);
    expect((await auth.signIn(account.email, account.password)).status).toBe(200);
  });

  it('is for signed-in users only', async () => {
    expect((await auth.call('/api/auth/sign-out-others', { method: 'POST' })).status).toBe(401);
    expect(
      (
        await auth.call('/api/auth/change-password', {
          body: { currentPassword: 'a', newPassword: 'bbbbbbbb' },
        })
      ).status,
    ).toBe(401);
  });
});
