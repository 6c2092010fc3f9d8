import { emailConfirmationMessages, ZMeResponse } from '@meritmatch/contracts';
import { call, mailbox, registerAccount, type Stack, signIn, startStack } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * A confirmed address through the gateway, with the real auth and notifications services, Kafka,
 * FerretDB and Mailpit: a link arrives after sign-up, works once, for 24 hours, confirms that
 * address only, and can be sent again (within the links' limits).
 */
describe('a confirmed e-mail address', () => {
  let stack: Stack;
  const inbox = mailbox(inject('infra'));
  let authDb: mongoose.Connection;

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'notifications', 'gateway'],
      extraEnv: {
        notifications: { MAIL_POLL_MS: '200' },
        auth: { RESET_MAX_REQUESTS_PER_EMAIL: '3' },
      },
    });
    authDb = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: `${stack.namespace}_auth` })
      .asPromise();
  });
  afterAll(async () => {
    await authDb?.close();
    await stack?.close();
  });

  const confirm = (token: string) => call(`${stack.api}/auth/confirm-email`, { body: { token } });
  const resend = (token: string) => call(`${stack.api}/auth/confirm-email/resend`, { body: {}, token });
  const me = async (token: string) =>
    ZMeResponse.parse((await call(`${stack.api}/auth/me`, { token })).body).user;

  it('mails a link at sign-up that confirms the address once, and says so if opened again', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    expect(await me(account.token)).toMatchObject({ email: account.email, emailConfirmed: false });

    const [token] = await inbox.confirmationTokens(account.email, 1);
    const [mail] = await mailbox(inject('infra'), { withConfirmations: true }).waitFor(account.email, 1);
    expect(mail?.subject).toBe('Please confirm your e-mail address');
    expect(mail?.text).toContain('The link works once, for 24 hours.');

    // only a hash of the token is stored
    const stored = await authDb.collection('password_links').find({ userId: account.id }).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'email-confirmation', email: account.email });
    expect(JSON.stringify(stored)).not.toContain((token as string).split('.')[1]);

    const done = await confirm(token as string);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ message: emailConfirmationMessages.confirmed, emailConfirmed: true });
    expect(await me(account.token)).toMatchObject({ emailConfirmed: true });
    const signedIn = await signIn(stack, account.email, account.password);
    expect(signedIn.body.user).toMatchObject({ emailConfirmed: true });

    // the same link again: confirmed already, not "invalid"
    const again = await confirm(token as string);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: emailConfirmationMessages.alreadyConfirmed, emailConfirmed: true });
    // and nothing more to send
    const more = await resend(account.token);
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({
      code: 'CONFLICT',
      message: emailConfirmationMessages.alreadyConfirmed,
    });
  });

  it('sends the link again when asked, within the limits of links to one address', async () => {
    const account = await registerAccount(stack, 'employer');
    await inbox.confirmationTokens(account.email, 1);
    const sent = await resend(account.token);
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({ message: emailConfirmationMessages.sent });
    const [, second] = await inbox.confirmationTokens(account.email, 2);
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
    const account = await registerAccount(stack, 'job_seeker');
    const [token] = (await inbox.confirmationTokens(account.email, 1)) as [string];
    const linkId = token.split('.')[0];
    await authDb
      .collection('password_links')
      .updateOne({ _id: linkId as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: emailConfirmationMessages.invalidLink,
      details: [{ path: 'token' }],
    });
    expect(await me(account.token)).toMatchObject({ emailConfirmed: false });

    await authDb
      .collection('password_links')
      .updateOne(
        { _id: linkId as never },
        { $set: { expiresAt: new Date(Date.now() + 60_000), email: 'an.old.address@example.com' } },
      );
    expect((await confirm(token)).status).toBe(400);

    for (const forged of [`${linkId}.AAAA`, 'not-a-token', `${crypto.randomUUID()}.${token.split('.')[1]}`]) {
      const answer = await confirm(forged);
      expect(answer.status, forged).toBe(400);
      expect(answer.body).toMatchObject({ message: emailConfirmationMessages.invalidLink });
    }
    // a reset token does not confirm, nor the other way round
    expect(
      (await call(`${stack.api}/auth/reset-password`, { body: { token, password: 'lantern-Quarry-58' } }))
        .status,
    ).toBe(400);
    expect(await me(account.token)).toMatchObject({ emailConfirmed: false });

    const missing = await call(`${stack.api}/auth/confirm-email`, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call(`${stack.api}/auth/confirm-email/resend`, { body: {} })).status).toBe(401);
  });

  it('treats the admin made by the operator as confirmed', async () => {
    const admin = await signIn(stack, stack.admin.email, stack.admin.password);
    expect(admin.body.user).toMatchObject({ userType: 'admin', emailConfirmed: true });
  });
});
