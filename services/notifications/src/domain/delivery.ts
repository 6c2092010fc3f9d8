import type { EmailKind } from '@meritmatch/contracts';
import type { Versioned } from '@meritmatch/service-kit/core';
import { type DeliveryFacts, type Notification, type Recipient, recipientKey } from './notification-rules';

/**
 * - `pending`: to be sent when `nextAttemptAt` comes;
 * - `sending`: claimed by a sender, which talks to the mail server now;
 * - `sent`, `skipped` (turned off by the recipient, account not active, recipient unknown) and
 *   `parked` (failed too often, refused for good, or interrupted while sending): final.
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'parked';

/**
 * One e-mail one event asks for, keyed by the event id and the recipient: a replayed event finds
 * its delivery already there, whatever state it is in, so it never causes a second e-mail.
 */
export type Delivery = Versioned & {
  id: string;
  eventId: string;
  kind: EmailKind;
  recipient: Recipient;
  facts: DeliveryFacts;
  status: DeliveryStatus;
  /** Times the mail server was asked to take it. */
  attempts: number;
  /** Times it waited because an owner (for the address or a name) could not be asked. */
  deferrals: number;
  nextAttemptAt: Date;
  claimedAt: Date | null;
  /** The last failure, or why it was skipped or parked. */
  reason: string | null;
  sentAt: Date | null;
  messageId: string | null;
};

export const deliveryId = (eventId: string, recipient: Recipient) => `${eventId}:${recipientKey(recipient)}`;

export function newDelivery(eventId: string, notification: Notification, now: Date): Delivery {
  return {
    id: deliveryId(eventId, notification.recipient),
    eventId,
    kind: notification.kind,
    recipient: notification.recipient,
    facts: notification.facts,
    status: 'pending',
    attempts: 0,
    deferrals: 0,
    nextAttemptAt: now,
    claimedAt: null,
    reason: null,
    sentAt: null,
    messageId: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export type RetryPolicy = {
  /** Attempts at the mail server before a delivery is parked. */
  maxAttempts: number;
  /** The first wait; it doubles with every attempt, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
};

export const backoffMs = (policy: RetryPolicy, tries: number) =>
  Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, tries - 1));

/** Why a claimed delivery that never reported back is not sent again. */
export const interruptedReason =
  'interrupted while sending (the process stopped): not sent again, since the mail server may have taken it';

const isDue = (delivery: Delivery, now: Date) =>
  delivery.status === 'pending' && delivery.nextAttemptAt.getTime() <= now.getTime();

/** Claims a due delivery for one sender: only one sender, in any process, gets it. Null if not due. */
export function claim(delivery: Delivery, now: Date): Delivery | null {
  if (!isDue(delivery, now)) return null;
  return { ...delivery, status: 'sending', claimedAt: now };
}

export const markSent = (delivery: Delivery, now: Date, messageId: string): Delivery => ({
  ...delivery,
  status: 'sent',
  attempts: delivery.attempts + 1,
  sentAt: now,
  messageId,
  claimedAt: null,
  reason: null,
});

/** Nothing to send: the recipient turned this kind off, the account is not active, or it is unknown. */
export function skip(delivery: Delivery, reason: string): Delivery | null {
  if (delivery.status !== 'pending') return null;
  return { ...delivery, status: 'skipped', reason };
}

/**
 * The mail server did not take it. A permanent refusal (5xx) parks it at once; any other
 * failure is tried again after a growing wait, and parked after `maxAttempts`.
 */
export function sendFailed(
  delivery: Delivery,
  failure: { reason: string; permanent: boolean },
  now: Date,
  policy: RetryPolicy,
): Delivery {
  const attempts = delivery.attempts + 1;
  const failed = { ...delivery, attempts, claimedAt: null };
  if (failure.permanent) return { ...failed, status: 'parked', reason: `refused: ${failure.reason}` };
  if (attempts >= policy.maxAttempts) {
    return { ...failed, status: 'parked', reason: `failed ${attempts} times: ${failure.reason}` };
  }
  return {
    ...failed,
    status: 'pending',
    reason: failure.reason,
    nextAttemptAt: new Date(now.getTime() + backoffMs(policy, attempts)),
  };
}

/**
 * An owner could not be asked for the address or a name: nothing was sent, so it waits and
 * tries again, without counting against the mail server's attempts (an outage of an owner
 * delays e-mail, it does not lose it).
 */
export function defer(delivery: Delivery, reason: string, now: Date, policy: RetryPolicy): Delivery | null {
  if (delivery.status !== 'pending') return null;
  const deferrals = delivery.deferrals + 1;
  const wait = Math.min(60000, backoffMs({ ...policy, maxDelayMs: 60000 }, deferrals));
  return { ...delivery, deferrals, reason, nextAttemptAt: new Date(now.getTime() + wait) };
}

/** Something other than the mail server failed for good (a template that cannot be read, say). */
export function park(delivery: Delivery, reason: string): Delivery | null {
  if (delivery.status !== 'pending') return null;
  return { ...delivery, status: 'parked', reason };
}

/**
 * A delivery still `sending` long after its claim: its sender stopped between asking the mail
 * server and recording the answer. It is parked, not sent again (at most once): the message may
 * have gone out.
 */
export function interrupted(delivery: Delivery, claimedBefore: Date): Delivery | null {
  if (delivery.status !== 'sending' || !delivery.claimedAt) return null;
  if (delivery.claimedAt.getTime() >= claimedBefore.getTime()) return null;
  return { ...delivery, status: 'parked', claimedAt: null, reason: interruptedReason };
}
