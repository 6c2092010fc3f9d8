import {
  ZEmailChanged,
  ZEmailChangeRequested,
  ZEmailConfirmationRequested,
  ZPasswordResetRequested,
} from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { AccountLink } from '../use-cases/account-link';

const dataOf = (link: AccountLink) => ({
  linkId: link.id,
  userId: link.userId,
  expiresAt: link.expiresAt.toISOString(),
});

/** A reset link was made: the notifications service sends it (it asks auth for the token). */
export const passwordResetRequested = (link: AccountLink, clock?: Clock) =>
  buildEvent(ZPasswordResetRequested, {
    type: 'account.password-reset-requested',
    version: 1,
    aggregateId: link.userId,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: dataOf(link),
  });

/** A confirmation link was made: the notifications service sends it (it asks auth for the token). */
export const emailConfirmationRequested = (link: AccountLink, clock?: Clock) =>
  buildEvent(ZEmailConfirmationRequested, {
    type: 'account.email-confirmation-requested',
    version: 1,
    aggregateId: link.userId,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: dataOf(link),
  });

/** A change of address was asked: the notifications service sends the link to the new address. */
export const emailChangeRequested = (link: AccountLink, clock?: Clock) =>
  buildEvent(ZEmailChangeRequested, {
    type: 'account.email-change-requested',
    version: 1,
    aggregateId: link.userId,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: dataOf(link),
  });

/** The address changed through this link: the notifications service tells the old address. */
export const emailChanged = (link: AccountLink, changedAt: Date, clock?: Clock) =>
  buildEvent(ZEmailChanged, {
    type: 'account.email-changed',
    version: 1,
    aggregateId: link.userId,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: { linkId: link.id, userId: link.userId, changedAt: changedAt.toISOString() },
  });
