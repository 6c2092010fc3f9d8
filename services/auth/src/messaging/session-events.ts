import { ZSessionRevoked } from '@meritmatch/contracts';
import { buildEvent, type Clock } from '@meritmatch/service-kit';
import type { EndedSession } from '../domain/session';

export const sessionRevoked = (session: EndedSession, clock?: Clock) =>
  buildEvent(ZSessionRevoked, {
    type: 'session.revoked',
    version: 1,
    aggregateId: session.id,
    source: 'auth',
    ...(clock ? { clock } : {}),
    data: {
      sessionId: session.id,
      userId: session.userId,
      revokedAt: session.endedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    },
  });
