import { passwordResetMessages } from '@meritmatch/contracts';
import {
  call,
  eventually,
  mailbox,
  type ReceivedMail,
  registerAccount,
  type Stack,
  signIn,
  startStack,
} from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const newPassword = 'lantern-Quarry-58';

/** The token of the reset link in an e-mail (the link opens the shell's /reset-password page). */
const tokenIn = (mail: ReceivedMail) => {
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/);
  if (!link?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(link[1]);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Forgot password through the gateway, with the real auth and
 * notifications services, Kafka, FerretDB and Mailpit: the link arrives by e-mail, works once,
 * for 30 minutes, ends every session, and the answer to a request never tells whether an account
 * uses the address. (Links refused, limits and bad input run in process:
 * password-reset.routes.test.ts.)
 */
describe('forgot password', () => {
  let stack: Stack;
  const inbox = mailbox(inject('infra'));
  let authDb: mongoose.Connection;
  let notificationsDb: mongoose.Connection;

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'notifications', 'gateway'],
      extraEnv: {
        notifications: { MAIL_POLL_MS: '200' },
        // the timing test asks 20 links for one address
        auth: { RESET_MAX_REQUESTS_PER_EMAIL: '25', RESET_MAX_REQUESTS_PER_ADDRESS: '1000' },
      },
    });
    const infra = inject('infra');
    authDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_auth` })
      .asPromise();
    notificationsDb = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_notifications` })
      .asPromise();
  });
  afterAll(async () => {
    await authDb?.close();
    await notificationsDb?.close();
    await stack?.close();
  });

  const ask = (email: string) => call(`${stack.api}/auth/forgot-password`, { body: { email } });
  const reset = (token: string, password = newPassword) =>
    call(`${stack.api}/auth/reset-password`, { body: { token, password } });
  const resetMails = async (email: string, count: number) =>
    (await inbox.waitFor(email, count)).filter((mail) => mail.subject === 'Choose a new MeritMatch password');

  it('sends a link that sets a new password once, ends every session, and says so by e-mail', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const before = await signIn(stack, account.email, account.password);
    const oldToken = (before.body as { token: string }).token;

    const asked = await ask(account.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: passwordResetMessages.requested });
    const [mail] = await resetMails(account.email, 1);
    expect(mail?.text).toContain('The link works once, for 30 minutes.');
    const token = tokenIn(mail as ReceivedMail);

    // only a hash of the token is stored, and the e-mail's record holds none of it
    const stored = await authDb.collection('password_links').find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);
    const deliveries = await notificationsDb.collection('deliveries').find({}).toArray();
    expect(JSON.stringify(deliveries)).not.toContain(token.split('.')[1]);

    const done = await reset(token);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ message: passwordResetMessages.done });

    // the old session ends everywhere within a second, as signing out does
    await eventually(async () => (await call(`${stack.api}/auth/me`, { token: oldToken })).status === 401, {
      what: 'the old token refused',
      timeoutMs: 1500,
      intervalMs: 50,
    });
    expect((await signIn(stack, account.email, account.password)).status).toBe(401);
    expect((await signIn(stack, account.email, newPassword)).status).toBe(200);

    // the link worked once
    const again = await reset(token, 'another-Harbour-77');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: passwordResetMessages.invalidLink,
    });
    expect((await signIn(stack, account.email, newPassword)).status).toBe(200);

    const mails = await inbox.waitFor(account.email, 2);
    expect(mails.map((m) => m.subject)).toContain('Your password was changed');
  });

  it('answers the same, in the same time, for an address with an account and one without', async () => {
    const account = await registerAccount(stack, 'job_seeker');
    const unknown = `nobody.${Date.now()}@example.com`;
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    for (let round = 0; round < 20; round++) {
      for (const [which, email] of [
        ['known', account.email],
        ['unknown', unknown],
      ] as const) {
        const started = performance.now();
        const answer = await ask(email);
        times[which].push(performance.now() - started);
        expect(answer.status).toBe(202);
        bodies.add(answer.text);
      }
    }
    expect([...bodies]).toHaveLength(1);
    const known = median(times.known);
    const unknownMedian = median(times.unknown);
    process.stdout.write(
      `[reset timing] median of 20: known ${known.toFixed(0)} ms, unknown ${unknownMedian.toFixed(0)} ms\n`,
    );
    expect(Math.abs(known - unknownMedian) / Math.max(known, unknownMedian)).toBeLessThan(0.2);
    // and only the known address got mail
    expect(await inbox.to(unknown)).toHaveLength(0);
  });
});
