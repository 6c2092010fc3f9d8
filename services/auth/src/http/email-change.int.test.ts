import { randomBytes } from 'node:crypto';
import { emailChangeMessages, ZMeResponse } from '@meritmatch/contracts';
import { call, mailbox, registerAccount, type Stack, signIn, startStack } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * A change of address through the gateway, with the real auth and notifications services, Kafka,
 * FerretDB and Mailpit: it needs the current password, a link goes to the new address, the address
 * changes only when that link is opened (once, and only while the account still has the address it
 * replaces), and the old address is told. Refusals and ended links run in process:
 * email-change.routes.test.ts.
 */
describe('a change of e-mail address', () => {
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

  const newAddress = () => `moved-${randomBytes(4).toString('hex')}@example.com`;
  const ask = (token: string, body: unknown) => call(`${stack.api}/auth/email-change`, { body, token });
  // as the browser sends it: every write with an idempotency key of its own
  const confirm = (token: string) =>
    call(`${stack.api}/auth/confirm-email`, {
      body: { token },
      headers: { 'idempotency-key': `confirm-${randomBytes(8).toString('hex')}` },
    });
  const me = async (token: string) =>
    ZMeResponse.parse((await call(`${stack.api}/auth/me`, { token })).body).user;

  it('changes the address when the link sent to the new one is opened, and tells the old one', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const target = newAddress();
    const asked = await ask(account.token, {
      newEmail: target.toUpperCase(),
      currentPassword: account.password,
    });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toEqual({ message: emailChangeMessages.sent });

    const [token] = (await inbox.confirmationTokens(target, 1)) as [string];
    const [mail] = await mailbox(inject('infra'), { withConfirmations: true }).waitFor(target, 1);
    expect(mail?.subject).toBe('Please confirm your new e-mail address');
    // only a hash of the token is stored
    const stored = await authDb.collection('password_links').findOne({ _id: token.split('.')[0] as never });
    expect(stored).toMatchObject({ kind: 'email-change', email: target, fromEmail: account.email });
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);

    // nothing changes before the link is opened
    expect(await me(account.token)).toMatchObject({ email: account.email, emailConfirmed: false });
    expect((await signIn(stack, account.email, account.password)).status).toBe(200);

    const done = await confirm(token);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ message: emailChangeMessages.changed, emailConfirmed: true });
    // the new address is confirmed by its link; this browser stays signed in
    expect(await me(account.token)).toMatchObject({ email: target, emailConfirmed: true });
    expect((await signIn(stack, target, account.password)).status).toBe(200);
    expect((await signIn(stack, account.email, account.password)).status).toBe(401);
    // opening the link again says it is done
    expect((await confirm(token)).body).toEqual({
      message: emailChangeMessages.changed,
      emailConfirmed: true,
    });

    const [told] = await inbox.waitFor(account.email, 1);
    expect(told?.subject).toBe('Your e-mail address was changed');
    expect(told?.text).not.toContain(target);
    // the old address can be used again by anybody
    expect((await registerAccount(stack, 'employer', account.email)).email).toBe(account.email);
  });
});
