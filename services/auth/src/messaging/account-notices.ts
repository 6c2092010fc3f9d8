import { ZPasswordResetRequested } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { PasswordLink } from '../domain/password-link';

/** A reset link was made: the notifications service sends it (it asks auth for the token). */
export const passwordResetRequested = (link: PasswordLink, clock?: Clock) =>
  buildEvent(ZPasswordResetRequested, {
    type: 'account.password-reset-requested',
    version: 1,
    aggregateId: link.userId,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: { linkId: link.id, userId: link.userId, expiresAt: link.expiresAt.toISOString() },
  });
