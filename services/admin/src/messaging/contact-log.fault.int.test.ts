import { rmSync } from 'node:fs';
import { ZContactLogsAnswer } from '@meritmatch/contracts';
import { infraProfile, startKafka, stopKafka } from '@meritmatch/infra';
import {
  adminAccount,
  call,
  eventually,
  reservePort,
  type Stack,
  seedCandidate,
  seedEmployer,
  seedMatchRequest,
  sleep,
  startStack,
  type TestAccount,
  uniqueName,
} from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Nothing lost, nothing doubled, with the real broker: this stack has a Kafka of its own,
 * so stopping it does not disturb other tests.
 */
describe('the contact log survives a broker outage and an admin service restart', () => {
  const profile = infraProfile(uniqueName('contact-fault'));
  let stack: Stack;
  let admin: TestAccount;
  let employer: TestAccount;

  beforeAll(async () => {
    profile.kafkaPort = await reservePort();
    profile.kafkaControllerPort = await reservePort();
    await startKafka(profile);
    stack = await startStack({
      infra: { ...inject('infra'), kafkaBrokers: `127.0.0.1:${profile.kafkaPort}` },
    });
    admin = await adminAccount(stack);
    employer = await seedEmployer(stack);
  }, 240000);
  afterAll(async () => {
    await stack?.close();
    await stopKafka(profile);
    rmSync(profile.dir, { recursive: true, force: true });
  }, 60000);

  const logsFor = async (requestId: string) => {
    const answer = await call(`${stack.api}/admin/contact-logs`, { token: admin.token });
    return ZContactLogsAnswer.parse(answer.body).logs.filter((log) => log.request_id === requestId);
  };
  // Right after the broker is back, a brand-new account is known to the other services only once
  // their consumers have reconnected (kafkajs backs off between attempts); until then its first
  // calls are refused, as a subject nobody knows (service-kit auth.ts). This test is about the
  // contact log, so seeding waits for that.
  const newRequest = async () => {
    const candidate = await eventually(() => seedCandidate(stack), {
      what: 'a candidate seeded once the services know new accounts again',
      timeoutMs: 90000,
      intervalMs: 1000,
    });
    return seedMatchRequest(stack, employer, candidate.candidateId);
  };

  it('writes the approval once Kafka is back, exactly once', async () => {
    const requestId = await newRequest();
    await stopKafka(profile);
    try {
      const approved = await call(`${stack.api}/admin/requests/${requestId}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved', adminNotes: 'Approved during an outage' },
      });
      expect(approved.status).toBe(200);
      expect(approved.body.message).toBe('Request approved successfully!');
      await sleep(2000);
      expect(await logsFor(requestId)).toEqual([]);
    } finally {
      await startKafka(profile);
    }
    const entries = await eventually(
      async () => {
        const found = await logsFor(requestId);
        return found.length > 0 ? found : undefined;
      },
      { what: 'the approval logged after recovery', timeoutMs: 90000, intervalMs: 500 },
    );
    expect(entries.map((entry) => entry.action)).toEqual(['approved_match']);
    await sleep(3000);
    expect(await logsFor(requestId)).toHaveLength(1);
  }, 180000);

  it("waits while matching cannot tell a decision's notes, then writes the entry with them, once", async () => {
    const requestId = await newRequest();
    // held still, the admin service reads the approval only once matching is down
    stack.freeze('admin');
    try {
      const approved = await call(`${stack.url('matching')}/internal/requests/${requestId}`, {
        method: 'PUT',
        token: admin.token,
        body: { status: 'approved', adminNotes: 'Checked twice', contactNote: 'Call on Monday' },
      });
      expect(approved.status, approved.text).toBe(200);
      await stack.stop('matching');
    } finally {
      stack.thaw('admin');
    }
    try {
      await sleep(3000);
      expect(await logsFor(requestId)).toEqual([]);
    } finally {
      await stack.start('matching');
    }
    const [entry] = await eventually(
      async () => {
        const found = await logsFor(requestId);
        return found.length > 0 ? found : undefined;
      },
      { what: 'the approval logged once matching answers', timeoutMs: 60000, intervalMs: 500 },
    );
    expect(entry?.notes).toContain('Contact note for the employer: Call on Monday');
    expect(entry?.notes).toContain('Admin notes: Checked twice');
    await sleep(2000);
    expect(await logsFor(requestId)).toHaveLength(1);
  }, 180000);

  it('catches up after an admin service restart, with no entry doubled', async () => {
    const requestIds = [await newRequest(), await newRequest(), await newRequest()];
    await stack.stop('admin');
    try {
      for (const id of requestIds) {
        const answer = await call(`${stack.url('matching')}/internal/requests/${id}`, {
          method: 'PUT',
          token: admin.token,
          body: { status: 'rejected', adminNotes: 'While the admin service was down' },
        });
        expect(answer.status).toBe(200);
      }
      await sleep(1500);
    } finally {
      await stack.start('admin');
    }
    for (const id of requestIds) {
      const entries = await eventually(
        async () => {
          const found = await logsFor(id);
          return found.length > 0 ? found : undefined;
        },
        { what: `the rejection of ${id} logged`, timeoutMs: 60000 },
      );
      expect(entries.map((entry) => entry.action)).toEqual(['rejected_match']);
    }
    // a second restart re-reads nothing it already applied
    await stack.stop('admin');
    await stack.start('admin');
    await sleep(3000);
    for (const id of requestIds) expect(await logsFor(id)).toHaveLength(1);
  }, 180000);
});
