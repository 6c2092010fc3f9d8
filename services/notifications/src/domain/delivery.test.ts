import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  claim,
  defer,
  interrupted,
  markSent,
  newDelivery,
  type RetryPolicy,
  sendFailed,
  skip,
} from './delivery';

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, seconds));
const policy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 60000 };
const fresh = () =>
  newDelivery(
    'ev-1',
    { kind: 'account.suspended', recipient: { type: 'user', userId: 'u-1' }, facts: {} },
    at(0),
  );

describe('a delivery', () => {
  it('is keyed by the event and the recipient', () => {
    expect(fresh().id).toBe('ev-1:user:u-1');
  });

  it('is claimed once: a claimed or sent delivery cannot be claimed again', () => {
    const claimed = claim(fresh(), at(1));
    expect(claimed?.status).toBe('sending');
    expect(claim(claimed!, at(2))).toBeNull();
    expect(claim(markSent(claimed!, at(2), '<id@x>'), at(3))).toBeNull();
  });

  it('is not claimed before its next attempt is due', () => {
    const waiting = { ...fresh(), nextAttemptAt: at(30) };
    expect(claim(waiting, at(29))).toBeNull();
    expect(claim(waiting, at(30))?.status).toBe('sending');
  });

  it('is tried again after a growing wait, then parked with the reason', () => {
    const first = sendFailed(
      claim(fresh(), at(0))!,
      { reason: 'ECONNECTION refused', permanent: false },
      at(0),
      policy,
    );
    expect(first).toMatchObject({ status: 'pending', attempts: 1, reason: 'ECONNECTION refused' });
    expect(first.nextAttemptAt).toEqual(at(1));
    const second = sendFailed(
      claim(first, at(1))!,
      { reason: 'ECONNECTION refused', permanent: false },
      at(1),
      policy,
    );
    expect(second.nextAttemptAt).toEqual(at(3));
    const third = sendFailed(
      claim(second, at(3))!,
      { reason: 'ECONNECTION refused', permanent: false },
      at(3),
      policy,
    );
    expect(third).toMatchObject({
      status: 'parked',
      attempts: 3,
      reason: 'failed 3 times: ECONNECTION refused',
    });
  });

  it('is parked at once when the mail server refuses it for good', () => {
    const refused = sendFailed(
      claim(fresh(), at(0))!,
      { reason: '550 no such mailbox', permanent: true },
      at(0),
      policy,
    );
    expect(refused).toMatchObject({ status: 'parked', attempts: 1, reason: 'refused: 550 no such mailbox' });
  });

  it('waits without using an attempt while an owner cannot be asked', () => {
    const deferred = defer(fresh(), 'auth unavailable', at(0), policy)!;
    expect(deferred).toMatchObject({ status: 'pending', attempts: 0, deferrals: 1 });
    expect(deferred.nextAttemptAt).toEqual(at(1));
    let many = deferred;
    for (let i = 0; i < 20; i++) many = defer(many, 'auth unavailable', at(0), policy)!;
    expect(many.nextAttemptAt.getTime() - at(0).getTime()).toBe(60000);
  });

  it('left sending by a stopped process is parked, not sent again', () => {
    const claimed = claim(fresh(), at(0))!;
    expect(interrupted(claimed, at(0))).toBeNull();
    expect(interrupted(claimed, at(120))).toMatchObject({ status: 'parked' });
    expect(interrupted(fresh(), at(120))).toBeNull();
  });

  it('is skipped only while pending', () => {
    expect(skip(fresh(), 'turned off')?.status).toBe('skipped');
    expect(skip(claim(fresh(), at(0))!, 'turned off')).toBeNull();
  });

  it('doubles its wait up to the most', () => {
    expect([1, 2, 3, 10].map((tries) => backoffMs(policy, tries))).toEqual([1000, 2000, 4000, 60000]);
  });
});
