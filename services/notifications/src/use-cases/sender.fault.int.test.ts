import { connect, createServer, type Socket } from 'node:net';
import {
  adminAccount,
  call,
  eventually,
  mailbox,
  registerAccount,
  reservePort,
  type Stack,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

type DeliveryRecord = { _id: string; kind: string; status: string; attempts: number; reason: string | null };

/**
 * The service's mail server as the test has it, on one port: `down` (nothing listens), `up` (the
 * test Mailpit behind it) or `silent` (it takes the connection and never greets). The server goes
 * away and comes back while the service runs, as a real one does.
 */
async function mailServerFront(mailpit: URL) {
  const port = await reservePort();
  const sockets = new Set<Socket>();
  let mode: 'down' | 'up' | 'silent' = 'down';
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (mode === 'silent') return;
    const upstream = connect(Number(mailpit.port), mailpit.hostname);
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  const listening = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const closed = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    async set(next: typeof mode) {
      if (next !== 'down' && !server.listening) await listening();
      if (next === 'down' && server.listening) await closed();
      mode = next;
    },
    close: () => (server.listening ? closed() : undefined),
  };
}

/**
 * The mail server failing: the real notifications service with a mail server where nothing
 * answers, or one that accepts the connection and then says nothing. A security message (a
 * suspension) is what is sent: it never depends on anyone's settings. The service's timings are
 * short (the first retry after 2 s, stopped sends looked for every half second), the cases wait
 * on what they expect, and an e-mail sent after the one checked shows that nothing more came.
 */
describe('a failing mail server', () => {
  const infra = inject('infra');
  const inbox = mailbox(infra);
  let stack: Stack;
  let admin: TestAccount;
  let database: mongoose.Connection;
  let mailServer: Awaited<ReturnType<typeof mailServerFront>>;

  beforeAll(async () => {
    mailServer = await mailServerFront(new URL(infra.smtpUrl));
    stack = await startStack({
      infra,
      processes: ['auth', 'notifications', 'gateway'],
      extraEnv: {
        notifications: {
          SMTP_URL: mailServer.url,
          MAIL_MAX_ATTEMPTS: '2',
          // long enough for the server to come back before the second attempt
          MAIL_RETRY_BASE_MS: '2000',
          MAIL_POLL_MS: '200',
          MAIL_SEND_LEASE_MS: '2000',
          MAIL_SWEEP_MS: '500',
        },
      },
    });
    admin = await adminAccount(stack);
    database = await mongoose
      .createConnection(infra.mongoUrl, { dbName: `${stack.namespace}_notifications` })
      .asPromise();
  });
  afterAll(async () => {
    await mailServer?.close();
    await database?.close();
    await stack?.close();
  });

  const setStatus = async (user: TestAccount, status: 'suspended' | 'active') => {
    const answer = await call(`${stack.url('auth')}/internal/users/${user.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status },
    });
    expect(answer.status, answer.text).toBe(200);
  };
  const suspend = (user: TestAccount) => setStatus(user, 'suspended');
  /**
   * The e-mails `user` received, read once a later one (the restore's) has arrived: the delivery
   * checked is final by then, and the sender sends one at a time, so a second copy would be there.
   */
  const mailsOnceRestored = async (user: TestAccount) => {
    await setStatus(user, 'active');
    const mails = await eventually(
      async () => {
        const received = await inbox.to(user.email);
        return received.some((mail) => mail.subject === 'Your account is active again') && received;
      },
      { what: 'the e-mail of the restore', timeoutMs: 20000 },
    );
    return mails.filter((mail) => mail.subject !== 'Your account is active again');
  };
  const deliveryTo = (user: TestAccount) =>
    database
      .collection<DeliveryRecord>('deliveries')
      // every new account is sent a link to confirm its address too
      .findOne({ 'recipient.userId': user.id, kind: 'account.suspended' });

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
    await mailServer.set('up');
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
    expect(await mailsOnceRestored(user)).toHaveLength(1);
  });

  it('parks, without sending again, a delivery whose sender stopped in the middle of sending', async () => {
    // a server that takes the connection and never greets: the send hangs until its time-out
    await mailServer.set('silent');
    const user = await registerAccount(stack, 'job_seeker');
    await suspend(user);
    await eventually(async () => (await deliveryTo(user))?.status === 'sending', {
      what: 'the delivery being sent',
      timeoutMs: 20000,
    });
    stack.signal('notifications', 'SIGKILL');
    await stack.stop('notifications');
    await mailServer.set('up');
    await stack.start('notifications');
    const parked = await eventually(
      async () => (await deliveryTo(user))?.status === 'parked' && deliveryTo(user),
      {
        what: 'the interrupted delivery parked',
        timeoutMs: 45000,
      },
    );
    expect(parked?.reason).toContain('interrupted while sending');
    expect(await mailsOnceRestored(user)).toHaveLength(0);
  });
});
