import { emailConfirmationMessages, ZMeResponse } from '@meritmatch/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, authHarness } from '../testing/harness';

/**
 * A confirmed address: a link is made at sign-up and again when asked (within the links'
 * limits), works for 24 hours, and confirms that address only. Tokens are read as the
 * notifications service reads them to mail them (the e-mail: flows.int.test.ts).
 */
describe('a confirmed e-mail address', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await authHarness({ RESET_MAX_REQUESTS_PER_EMAIL: '3' });
  });

  const confirm = (token: string) => auth.call('/api/auth/confirm-email', { body: { token } });
  const resend = (token: string) => auth.call('/api/auth/confirm-email/resend', { body: {}, token });
  const me = async (token: string) =>
    ZMeResponse.parse((await auth.call('/api/auth/me', { token })).body).user;
  const confirmationTokens = (userId: string) => auth.linkTokens(userId, 'email-confirmation');
  const expire = (linkId: string, change: { expiresAt: Date; email?: string }) =>
    auth.links.change(linkId, (link) => ({ next: { ...link, ...change }, events: [] }));

  it('sends the link again when asked, within the limits of links to one address', async () => {
    const account = await auth.register('employer');
    expect(await confirmationTokens(account.id)).toHaveLength(1);
    const sent = await resend(account.token);
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({ message: emailConfirmationMessages.sent });
    const [, second] = await confirmationTokens(account.id);
    // three links to one address in the window (RESET_MAX_REQUESTS_PER_EMAIL=3 here), then no more
    expect((await resend(account.token)).status).toBe(202);
    expect((await resend(account.token)).status).toBe(202);
    let refused = await resend(account.token);
    // a hit the store did not answer in time is counted in memory: one more may pass when busy
    if (refused.status === 202) refused = await resend(account.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: emailConfirmationMessages.tooMany });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // any of the links confirms
    expect((await confirm(second as string)).status).toBe(200);
    expect(await me(account.token)).toMatchObject({ emailConfirmed: true });
  });

  it('refuses an expired link, a link to an address the account no longer has, and a token not ours', async () => {
    const account = await auth.register('job_seeker');
    const [token] = (await confirmationTokens(account.id)) as [string];
    const linkId = token.split('.')[0]!;
    await expire(linkId, { expiresAt: new Date(Date.now() - 1000) });
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: emailConfirmationMessages.invalidLink,
      details: [{ path: 'token' }],
    });
    expect(await me(account.token)).toMatchObject({ emailConfirmed: false });

    await expire(linkId, { expiresAt: new Date(Date.now() + 60_000), email: 'an.old.address@example.com' });
    expect((await confirm(token)).status).toBe(400);

    for (const forged of [`${linkId}.AAAA`, 'not-a-token', `${crypto.randomUUID()}.${token.split('.')[1]}`]) {
      const answer = await confirm(forged);
      expect(answer.status, forged).toBe(400);
      expect(answer.body).toMatchObject({ message: emailConfirmationMessages.invalidLink });
    }
    // a reset token does not confirm, nor the other way round
    expect(
      (await auth.call('/api/auth/reset-password', { body: { token, password: 'lantern-Quarry-58' } }))
        .status,
    ).toBe(400);
    expect(await me(account.token)).toMatchObject({ emailConfirmed: false });

    const missing = await auth.call('/api/auth/confirm-email', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await auth.call('/api/auth/confirm-email/resend', { body: {} })).status).toBe(401);
  });

  it('treats the admin made by the operator as confirmed', async () => {
    const admin = await auth.signIn(auth.admin.email, auth.admin.password);
    expect(admin.body.user).toMatchObject({ userType: 'admin', emailConfirmed: true });
  });
});
