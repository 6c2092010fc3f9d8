import { passwordResetMessages } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness } from '../testing/harness';

const newPassword = 'lantern-Quarry-58';

/**
 * Forgot password: a link works once, for 30 minutes, and only while the password is the one it
 * was made for; a locked-out person gets in with the new password at once; links asked for one
 * address are limited. Tokens are read as the notifications service reads them to mail them (the
 * e-mails themselves: flows.int.test.ts).
 */
describe('forgot password', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await authHarness({ RESET_MAX_REQUESTS_PER_EMAIL: '25', RESET_MAX_REQUESTS_PER_ADDRESS: '1000' });
  });

  const ask = (email: string) => auth.call('/api/auth/forgot-password', { body: { email } });
  const reset = (token: string, password = newPassword) =>
    auth.call('/api/auth/reset-password', { body: { token, password } });
  /** The tokens of the account's reset links, once its requests (answered in a fixed time) have made them. */
  const resetTokens = (userId: string) => auth.linkTokens(userId, 'password-reset');

  it('refuses an expired link, a link made before the password changed, and a token that is not ours', async () => {
    const account = await auth.register('employer');
    for (let i = 0; i < 3; i++) expect((await ask(account.email)).status).toBe(202);
    const [first, second, third] = (await resetTokens(account.id)) as [string, string, string];

    // the first link's 30 minutes are over
    const firstId = first.split('.')[0]!;
    await auth.links.change(firstId, (link) => ({
      next: { ...link, expiresAt: new Date(Date.now() - 1000) },
      events: [],
    }));
    const expired = await reset(first);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ message: passwordResetMessages.invalidLink });

    // a common password changes nothing: the link still works
    const weak = await reset(third, 'password123');
    expect(weak.status).toBe(400);
    expect((await reset(third)).status).toBe(200);

    // the second link was made before the password changed through the third
    const older = await reset(second, 'fresh-Meadow-31');
    expect(older.status).toBe(400);
    expect(older.body).toMatchObject({ message: passwordResetMessages.invalidLink });
    expect((await auth.signIn(account.email, newPassword)).status).toBe(200);

    for (const forged of [
      `${firstId}.AAAA`,
      'not-a-token',
      `${crypto.randomUUID()}.${second.split('.')[1]}`,
    ]) {
      const answer = await reset(forged);
      expect(answer.status, forged).toBe(400);
      expect(answer.body).toMatchObject({ message: passwordResetMessages.invalidLink });
    }
  });

  it('lets a person locked out by failed sign-ins in with the new password at once', async () => {
    const account = await auth.register('job_seeker');
    for (let i = 0; i < 10; i++)
      expect((await auth.signIn(account.email, 'not-the-password')).status).toBe(401);
    expect((await auth.signIn(account.email, account.password)).status).toBe(429);
    expect((await ask(account.email)).status).toBe(202);
    const [token] = await resetTokens(account.id);
    expect((await reset(token as string)).status).toBe(200);
    expect((await auth.signIn(account.email, newPassword)).status).toBe(200);
  });

  it('limits the links asked for one address, whether or not an account uses it', async () => {
    const email = `limited.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await ask(email)).status);
    expect(statuses.every((status) => status === 202)).toBe(true);
    // the 26th is refused; a hit the store did not answer in time (500 ms) is counted in memory
    // instead, so one or two more may pass on a busy machine
    let refused = await ask(email);
    for (let extra = 0; refused.status === 202 && extra < 3; extra++) refused = await ask(email);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: passwordResetMessages.tooMany });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses bad input with the one error shape', async () => {
    const noEmail = await auth.call('/api/auth/forgot-password', { body: { email: 'not an address' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const noToken = await auth.call('/api/auth/reset-password', { body: { password: newPassword } });
    expect(noToken.status).toBe(400);
    const short = await reset('x.y', '123');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ details: [{ path: 'password' }] });
  });
});
