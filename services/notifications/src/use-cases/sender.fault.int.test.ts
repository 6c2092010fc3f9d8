import { createServer, type Server, type Socket } from 'node:net';
import {
  adminAccount,
  call,
  eventually,
  mailbox,
  registerAccount,
  reservePort,
  type Stack,
  sleep,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

type DeliveryRecord = { _id: string; kind: string; status: string; attempts: number; reason: string | null };

/**
 * The mail server failing: the real notifications service pointed at a port where nothing
 * answers, or at a server that accepts the connection and then says nothing. A security message
 * (a suspension) is what is sent: it never depends on anyone's settings.
 */
describe('a failing mail server', () => {
  const infra = inject('infra');
  const inbox = mailbox(infra);
  let stack: Stack;
  let admin: TestAccount;
  let database: mongoose.Connection;
  let silent: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // nothing listens on this port
    const deadPort = await reservePort();
    stack = await startStack({
      infra,
      processes: ['auth', 'notifications', 'gateway'],
      extraEnv: {
        notifications: {
          SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
          MAIL_MAX_ATTEMPTS: '2',
          MAIL_RETRY_BASE_MS: '8000',
          MAIL_POLL_MS: '200',
          MAIL_SEND_LEASE_MS: '2000',
        },
      },
    });
    admin = await adminAccount(stack);
    database = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_notifications` })
      .asPromise();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
    await database?.close();
    await stack?.close();
  });

  const suspend = async (user: TestAccount) => {
    const answer = await call(`${stack.url('auth')}/internal/users/${user.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'suspended' },
    });
    expect(answer.status, answer.text).toBe(200);
  };
  const deliveryTo = (user: TestAccount) =>
    database
      .collection<DeliveryRecord>('deliveries')
      // every new account is sent a link to confirm its address too
      .findOne({ 'recipient.userId': user.id, kind: 'account.suspended' });
  const restartWith = async (smtpUrl: string) => {
    await stack.stop('notifications');
    const spec = stack.spec('notifications');
    spec.env = { ...spec.env, SMTP_URL: smtpUrl };
    await stack.start('notifications');
  };

  it('tries again with back-off, then parks the delivery with its reason, visible in the metrics', async () => {
    const user = await registerAccount(stack, 'job_seeker');
    await suspend(user);
    const first = await eventually(async () => (await deliveryTo(user))?.attempts === 1 && deliveryTo(user), {
      what: 'a first failed attempt',
      timeoutMs: 20000,
    });
    expect(first).toMatchObject({ status: 'pending', kind: 'account.suspended' });
    expect(first?.reason).toMatch(/ECONNECTION|ECONNREFUSED/);
    const parked = await eventually(
      async () => (await deliveryTo(user))?.status === 'parked' && deliveryTo(user),
      {
        what: 'the delivery parked',
        timeoutMs: 30000,
      },
    );
    expect(parked).toMatchObject({ attempts: 2 });
    expect(parked?.reason).toMatch(/^failed 2 times: .*(ECONNECTION|ECONNREFUSED)/);
    // the counters follow the delivery's write (its queue entry is dropped in between): wait for them
    const count = async (outcome: string) =>
      (await (await fetch(`${stack.url('notifications')}/metrics`)).text())
        .split('\n')
        .find(
          (line) =>
            line.startsWith('notifications_deliveries_total{') &&
            line.includes('kind="account.suspended"') &&
            line.includes(`outcome="${outcome}"`),
        );
    expect(
      await eventually(() => count('parked'), { what: 'the parked delivery counted', timeoutMs: 5000 }),
    ).toMatch(/ 1$/);
    expect(await count('retried')).toMatch(/ 1$/);
  });

  it('sends a delivery that is still being tried once the mail server is back, exactly once', async () => {
    const user = await registerAccount(stack, 'employer');
    await suspend(user);
    await eventually(async () => (await deliveryTo(user))?.attempts === 1, {
      what: 'a first failed attempt',
      timeoutMs: 20000,
    });
    await restartWith(infra.smtpUrl);
    const [mail] = await inbox.waitFor(user.email, 1, 30000);
    expect(mail?.subject).toBe('Your account has been suspended');
    // the mail server has the message before the sender records it as sent
    const sent = await eventually(
      async () => {
        const delivery = await deliveryTo(user);
        return delivery && delivery.status !== 'sending' ? delivery : undefined;
      },
      { what: 'the sent delivery recorded', timeoutMs: 10000 },
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    await sleep(2000);
    expect(await inbox.to(user.email)).toHaveLength(1);
  });

  it('parks, without sending again, a delivery whose sender stopped in the middle of sending', async () => {
    // a server that takes the connection and never greets: the send hangs until its time-out
    silent = createServer((socket) => {
      sockets.push(socket);
    });
    const silentPort = await reservePort();
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve));
    await restartWith(`smtp://127.0.0.1:${silentPort}`);
    const user = await registerAccount(stack, 'job_seeker');
    await suspend(user);
    await eventually(async () => (await deliveryTo(user))?.status === 'sending', {
      what: 'the delivery being sent',
      timeoutMs: 20000,
    });
    stack.signal('notifications', 'SIGKILL');
    await sleep(500);
    await restartWith(infra.smtpUrl);
    const parked = await eventually(
      async () => (await deliveryTo(user))?.status === 'parked' && deliveryTo(user),
      {
        what: 'the interrupted delivery parked',
        timeoutMs: 45000,
      },
    );
    expect(parked?.reason).toContain('interrupted while sending');
    await sleep(2000);
    expect(await inbox.to(user.email)).toHaveLength(0);
  });
});
