import { ZErasureRequested } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { Erasure } from '../domain/erasure';

/** Every service erases its part of this person (sent again, with a new id, to a part that has not answered). */
export const erasureRequested = (erasure: Erasure, clock?: Clock) =>
  buildEvent(ZErasureRequested, {
    type: 'erasure.requested',
    version: 1,
    aggregateId: erasure.userId,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: {
      userId: erasure.userId,
      userType: erasure.userType,
      by: erasure.by,
      requestedAt: erasure.requestedAt.toISOString(),
    },
  });
