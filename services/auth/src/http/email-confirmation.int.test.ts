import { emailConfirmationMessages, ZMeResponse } from '@meritmatch/contracts';
import { call, mailbox, registerAccount, type Stack, signIn, startStack } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * A confirmed address through the gateway, with the real auth and notifications services, Kafka,
 * FerretDB and Mailpit: a link arrives after sign-up, works once, for 24 hours, confirms that
 * address only, and can be sent again (within the links' limits). Those rules run in process:
 * email-confirmation.routes.test.ts; here, the mail and what is stored.
 */
describe('a confirmed e-mail address', () => {
  let stack: Stack;
  const inbox = mailbox(inject('infra'));
  let authDb: mongoose.Connection;

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'notifications', 'gateway'],
      extraEnv: { notifications: { MAIL_POLL_MS: '200' } },
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
});
