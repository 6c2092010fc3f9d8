import { randomUUID } from 'node:crypto';
import { ApiError } from '@meritmatch/service-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { interruptedReason } from '../domain/delivery';
import type { Notification } from '../domain/notification-rules';
import { type Account, type NotificationsHarness, notificationsHarness } from '../testing/harness';

/**
 * The sender over a fake mail server and fake owners, on a clock the test moves: what it would
 * send, to whom, when it tries again, and when it gives up. That the e-mails reach a real mail
 * server, and what a failing one does to the running service, the int tests prove.
 */
describe('the sender, in process', () => {
  let harness: NotificationsHarness;
  let employer: Account;

  beforeEach(async () => {
    harness = await notificationsHarness();
    employer = await harness.employer();
  });

  const suspended = (user: Account): Notification => ({
    kind: 'account.suspended',
    recipient: { type: 'user', userId: user.id },
    facts: {},
  });
  const approved = (candidateCode: string): Notification => ({
    kind: 'request.approved',
    recipient: { type: 'user', userId: employer.id },
    facts: {
      requestId: randomUUID(),
      employerId: employer.id,
      candidateCode,
      companyName: 'Brightwater Analytics',
      textsAtMatching: true,
    },
  });
  const deliveryOf = (eventId: string) =>
    harness.deliveries.store.all().find((delivery) => delivery.eventId === eventId);

  it('sends the template filled in, from the configured sender, once', async () => {
    const notification = approved('EM100042');
    harness.owners.setRequestTexts(notification.facts.requestId!, {
      message: null,
      adminNotes: 'Internal: checked by Priya',
      contactNote: 'Clara expects your call on Tuesday.',
    });
    expect(await harness.intake('event-1', [notification])).toBe(1);
    expect(await harness.intake('event-1', [notification])).toBe(0);
    await harness.sendDue();
    await harness.sendDue();
    expect(harness.mail.sent).toHaveLength(1);
    const [mail] = harness.mail.sent;
    expect(mail).toMatchObject({
      from: { name: 'MeritMatch', address: 'no-reply@meritmatch.local' },
      to: employer.email,
      subject: 'Match approved: candidate EM100042',
      kind: 'request.approved',
    });
    expect(mail?.text).toContain('Hello Brightwater Analytics,');
    expect(mail?.text).toContain('Clara expects your call on Tuesday.');
    expect(mail?.text).not.toContain('Priya');
    expect(deliveryOf('event-1')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(harness.outcomes).toEqual(['request.approved sent']);
  });

  it('tells the candidate the position a new request names, with their matching skills', async () => {
    const seeker = await harness.jobSeeker();
    const candidateId = randomUUID();
    harness.owners.addCandidate({
      user_id: seeker.id,
      candidate_id: candidateId,
      unique_code: 'EM100077',
      full_name: 'Noor Haddad',
      location: 'Berlin',
    });
    const received: Notification = {
      kind: 'request.received',
      recipient: { type: 'candidate', candidateId },
      facts: {
        requestId: randomUUID(),
        employerId: employer.id,
        candidateId,
        candidateCode: 'EM100077',
        companyName: 'Brightwater Analytics',
        textsAtMatching: true,
      },
    };
    harness.owners.setRequestTexts(received.facts.requestId!, {
      message: null,
      adminNotes: null,
      contactNote: null,
      position: {
        title: 'Platform engineer',
        work_mode: 'hybrid',
        location: 'Berlin',
        country: 'DE',
        salary: { min: 60000, max: 80000, currency: 'EUR' },
        matched_skills: ['Kubernetes', 'Go'],
      },
    });
    await harness.intake('event-position', [received]);
    await harness.sendDue();
    const text = harness.mail.sent[0]?.text ?? '';
    expect(text).toContain('Position: Platform engineer');
    expect(text).toContain('Work mode: Hybrid, Berlin, Germany');
    expect(text).toContain('Salary: €60,000–€80,000 a year');
    expect(text).toContain('Your matching skills: Kubernetes, Go');
  });

  it("sends a saved search's digest under its name as matching tells it, and nothing once it is deleted", async () => {
    const searchId = randomUUID();
    const digest = (id: string): Notification => ({
      kind: 'search.digest',
      recipient: { type: 'user', userId: employer.id },
      facts: {
        employerId: employer.id,
        savedSearchId: id,
        companyName: 'Brightwater Analytics',
        digestCandidates: [
          { code: 'EM100101', matchedSkills: ['Kubernetes', 'Go'] },
          { code: 'EM100102', matchedSkills: [] },
        ],
        digestMore: 3,
      },
    });
    harness.owners.setSavedSearchName(searchId, 'Cluster people');
    await harness.intake('event-digest', [digest(searchId)]);
    await harness.intake('event-digest-gone', [digest(randomUUID())]);
    await harness.sendDue();
    expect(harness.mail.sent).toHaveLength(1);
    const [mail] = harness.mail.sent;
    expect(mail?.subject).toBe('New candidates for your saved search "Cluster people"');
    expect(mail?.text).toContain('EM100101: Kubernetes, Go\nEM100102\nand 3 more in Search Candidates');
    expect(deliveryOf('event-digest-gone')).toMatchObject({
      status: 'skipped',
      reason: 'the saved search was deleted',
    });
  });

  it('skips a kind the recipient turned off and an inactive account, but never a security message', async () => {
    await harness.call('/api/employer/notifications', {
      method: 'PUT',
      token: employer.token,
      body: { kind: 'request.approved', enabled: false },
    });
    await harness.intake('event-off', [approved('EM100043')]);
    harness.owners.setUserStatus(employer.id, 'suspended');
    await harness.intake('event-suspended', [suspended(employer)]);
    await harness.sendDue();
    expect(deliveryOf('event-off')).toMatchObject({
      status: 'skipped',
      reason: 'turned off by the recipient',
    });
    expect(harness.mail.sent.map((mail) => mail.subject)).toEqual(['Your account has been suspended']);
  });

  it('waits while an owner cannot be asked, without counting it as an attempt', async () => {
    // as the owner client reports a service it cannot reach
    harness.owners.failing(new ApiError('SERVICE_UNAVAILABLE', 'The auth service is unavailable'));
    await harness.intake('event-wait', [suspended(employer)]);
    await harness.sendDue();
    expect(deliveryOf('event-wait')).toMatchObject({ status: 'pending', attempts: 0, deferrals: 1 });
    harness.owners.failing(undefined);
    harness.clock.advance(60000);
    await harness.sendDue();
    expect(deliveryOf('event-wait')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('tries again after a growing wait, then parks the delivery with its reason', async () => {
    harness.mail.refuse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }));
    await harness.intake('event-retry', [suspended(employer)]);
    await harness.sendDue();
    const first = deliveryOf('event-retry')!;
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.nextAttemptAt.getTime() - harness.clock().getTime()).toBe(harness.policy.baseDelayMs);
    // not due yet: nothing is tried
    await harness.sendDue();
    expect(deliveryOf('event-retry')?.attempts).toBe(1);
    harness.clock.advance(harness.policy.baseDelayMs);
    await harness.sendDue();
    const second = deliveryOf('event-retry')!;
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.nextAttemptAt.getTime() - harness.clock().getTime()).toBe(2 * harness.policy.baseDelayMs);
    harness.clock.advance(2 * harness.policy.baseDelayMs);
    await harness.sendDue();
    expect(deliveryOf('event-retry')).toMatchObject({ status: 'parked', attempts: 3 });
    expect(deliveryOf('event-retry')?.reason).toMatch(/^failed 3 times: ECONNECTION/);
    expect(harness.outcomes).toEqual([
      'account.suspended retried',
      'account.suspended retried',
      'account.suspended parked',
    ]);
    expect(harness.mail.sent).toEqual([]);
  });

  it('parks at once what the mail server refuses for good', async () => {
    harness.mail.refuse(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
    await harness.intake('event-refused', [suspended(employer)]);
    await harness.sendDue();
    expect(deliveryOf('event-refused')).toMatchObject({ status: 'parked', attempts: 1 });
    expect(deliveryOf('event-refused')?.reason).toMatch(/^refused: 550/);
  });

  it('parks, without sending again, a delivery left claimed past its lease', async () => {
    await harness.intake('event-claimed', [suspended(employer)]);
    const id = deliveryOf('event-claimed')!.id;
    // a sender claimed it and stopped before the mail server answered
    await harness.deliveries.store.change(id, (current) => ({
      next: { ...current, status: 'sending', claimedAt: harness.clock() },
      events: [],
    }));
    await harness.sweep();
    await harness.sendDue();
    expect(deliveryOf('event-claimed')?.status).toBe('sending');
    harness.clock.advance(harness.leaseMs + 1);
    await harness.sweep();
    await harness.sendDue();
    expect(deliveryOf('event-claimed')).toMatchObject({ status: 'parked', reason: interruptedReason });
    expect(harness.mail.sent).toEqual([]);
  });
});
