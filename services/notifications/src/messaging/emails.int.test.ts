import {
  adminAccount,
  call,
  eventually,
  mailbox,
  type ReceivedMail,
  type SeededCandidate,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  sleep,
  startStack,
  type TestAccount,
} from '@meritmatch/testkit';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const company = {
  companyName: 'Brightwater Analytics',
  industry: 'Finance',
  companySize: '11-50',
  website: 'brightwater.example.com',
  description: 'We model rivers of money.',
};

/**
 * Every kind of e-mail, through the real services, Kafka, FerretDB and Mailpit: what each event
 * sends, to whom, once, and that a replay of every topic sends nothing again.
 */
describe('e-mails from events', () => {
  let stack: Stack;
  let admin: TestAccount;
  const inbox = mailbox(inject('infra'));

  beforeAll(async () => {
    stack = await startStack({
      infra: inject('infra'),
      processes: ['auth', 'profile', 'matching', 'admin', 'notifications', 'gateway'],
      extraEnv: { notifications: { MAIL_POLL_MS: '200' } },
    });
    admin = await adminAccount(stack);
  });
  afterAll(() => stack?.close());

  const adminApi = (path: string, method: string, body?: unknown) =>
    call(`${stack.api}/admin${path}`, { method, token: admin.token, body });
  const decide = async (requestId: string, body: Record<string, string>) => {
    const answer = await adminApi(`/requests/${requestId}`, 'PUT', body);
    expect(answer.status, answer.text).toBe(200);
  };
  const subjects = (mails: ReceivedMail[]) => mails.map((mail) => mail.subject);
  /** No more e-mail arrives for `address` than `count` (given the sender a moment to send any). */
  const stillExactly = async (address: string, count: number) => {
    await sleep(2500);
    expect(await inbox.to(address)).toHaveLength(count);
  };

  let employer: TestAccount;
  let clara: SeededCandidate;
  let dan: SeededCandidate;

  it('tells an employer that its company is verified, and when the verification is revoked', async () => {
    employer = await seedEmployer(stack, { company });
    const [verified] = await inbox.waitFor(employer.email, 1);
    expect(verified?.subject).toBe('Your company profile is verified');
    expect(verified?.text).toContain('Hello Brightwater Analytics,');
    expect(verified?.from).toEqual({ name: 'MeritMatch', address: 'no-reply@meritmatch.local' });

    expect((await adminApi(`/verify-employer/${employer.id}`, 'PUT', { verified: false })).status).toBe(200);
    const mails = await inbox.waitFor(employer.email, 2);
    expect(subjects(mails)[1]).toBe('Your company verification was revoked');
    expect((await adminApi(`/verify-employer/${employer.id}`, 'PUT', { verified: true })).status).toBe(200);
    await inbox.waitFor(employer.email, 3);
  });

  it('tells a candidate about a new request, and both sides about an approval (once, even when connected)', async () => {
    clara = await seedCandidate(stack, { fullName: 'Clara Oyelaran', skills: [{ name: 'Risk modelling' }] });
    const requestId = await seedMatchRequest(
      stack,
      employer,
      clara.candidateId,
      'Our risk team would love to talk to you.',
    );
    const [received] = await inbox.waitFor(clara.email, 1);
    expect(received?.subject).toBe('Brightwater Analytics asked to be introduced to you');
    expect(received?.text).toContain('Hello Clara Oyelaran,');
    // the message is asked from matching as the e-mail goes (the event carries none)
    expect(received?.text).toContain('Our risk team would love to talk to you.');
    expect(received?.text).toContain(clara.uniqueCode);

    await decide(requestId, {
      status: 'approved',
      adminNotes: 'Internal only: references checked by Priya',
      contactNote: 'Clara expects your call on Tuesday at 10:00.',
    });
    const employerMails = await inbox.waitFor(employer.email, 4);
    const approval = employerMails[3]!;
    expect(approval.subject).toBe(`Match approved: candidate ${clara.uniqueCode}`);
    expect(approval.text).toContain('Clara expects your call on Tuesday at 10:00.');
    expect(approval.text).not.toContain('Priya');
    const candidateMails = await inbox.waitFor(clara.email, 2);
    expect(candidateMails[1]?.subject).toBe('You have been introduced to Brightwater Analytics');

    await decide(requestId, { status: 'connected' });
    await stillExactly(clara.email, 2);
    expect(await inbox.to(employer.email)).toHaveLength(4);
  });

  it('tells the employer when a request is not approved, without a reason', async () => {
    dan = await seedCandidate(stack, { fullName: 'Dan Whitcombe' });
    const requestId = await seedMatchRequest(stack, employer, dan.candidateId);
    await inbox.waitFor(dan.email, 1);
    await decide(requestId, { status: 'rejected', adminNotes: 'Not a fit: salary expectations' });
    const mails = await inbox.waitFor(employer.email, 5);
    expect(mails[4]?.subject).toBe(`Match request not approved: candidate ${dan.uniqueCode}`);
    expect(mails[4]?.text).not.toContain('salary');
    await stillExactly(dan.email, 1);
  });

  it('sends security messages on suspension and restore, even to someone who turned everything off', async () => {
    for (const kind of ['request.received', 'request.awaiting-candidate', 'request.introduced']) {
      const answer = await call(`${stack.api}/job-seeker/notifications`, {
        method: 'PUT',
        token: dan.token,
        body: { kind, enabled: false },
      });
      expect(answer.status, answer.text).toBe(200);
    }
    expect((await adminApi(`/users/${dan.id}/status`, 'PUT', { status: 'suspended' })).status).toBe(200);
    const mails = await inbox.waitFor(dan.email, 2);
    expect(mails[1]?.subject).toBe('Your account has been suspended');
    expect((await adminApi(`/users/${dan.id}/status`, 'PUT', { status: 'active' })).status).toBe(200);
    expect(subjects(await inbox.waitFor(dan.email, 3))[2]).toBe('Your account is active again');
  });

  it('sends nothing again when every topic is read again from the start', async () => {
    const before = new Map<string, number>();
    for (const person of [employer, clara, dan])
      before.set(person.email, (await inbox.to(person.email)).length);

    await stack.stop('notifications');
    const kafka = new Kafka({
      clientId: 'replay-test',
      brokers: inject('infra').kafkaBrokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    const kafkaAdmin = kafka.admin();
    await kafkaAdmin.connect();
    try {
      for (const topic of ['match-requests', 'users', 'employers']) {
        // the first offset held, by number: kafkajs's "earliest" marker would mean "none" to a
        // group that starts at the end of a topic when it has none
        const topicName = `${stack.namespace}.${topic}`;
        const offsets = await kafkaAdmin.fetchTopicOffsets(topicName);
        const groupId = `${stack.namespace}.notifications.${topic}`;
        // kafkajs sets them through a consumer of the group that stops at its first fetch, which
        // on a busy machine can come before every partition's commit: set until every one holds
        await eventually(
          async () => {
            await kafkaAdmin.setOffsets({
              groupId,
              topic: topicName,
              partitions: offsets.map(({ partition, low }) => ({ partition, offset: low })),
            });
            const [committed] = await kafkaAdmin.fetchOffsets({ groupId, topics: [topicName] });
            for (const { partition, low } of offsets) {
              const at = committed?.partitions.find((p) => p.partition === partition)?.offset;
              if (at !== low) throw new Error(`${topic} partition ${partition} at ${at}, not ${low}`);
            }
            return true;
          },
          { what: `the ${topic} group set back to the start`, timeoutMs: 30000, intervalMs: 500 },
        );
      }
      await stack.start('notifications');
      // every group has read its topic to the end again
      await eventually(
        async () => {
          for (const topic of ['match-requests', 'users', 'employers']) {
            const ends = await kafkaAdmin.fetchTopicOffsets(`${stack.namespace}.${topic}`);
            const [committed] = await kafkaAdmin.fetchOffsets({
              groupId: `${stack.namespace}.notifications.${topic}`,
              topics: [`${stack.namespace}.${topic}`],
            });
            for (const end of ends) {
              const at = committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
              if (at !== end.high)
                throw new Error(`${topic} partition ${end.partition} at ${at} of ${end.low}-${end.high}`);
            }
          }
          return true;
        },
        { what: 'the topics read again to the end', timeoutMs: 60000, intervalMs: 500 },
      );
    } finally {
      await kafkaAdmin.disconnect();
    }
    for (const [address, count] of before) await stillExactly(address, count);
  }, 180000);
});
