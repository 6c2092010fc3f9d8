import type { Versioned } from '@meritmatch/service-kit/core';

/** A session ended before its token expired: the token's id, its user and when it would expire. */
export type EndedSession = Versioned & { id: string; userId: string; endedAt: Date; expiresAt: Date };

export function endSession(
  identity: { tokenId: string; userId: string; expiresAt: Date },
  now: Date,
): EndedSession {
  return {
    id: identity.tokenId,
    userId: identity.userId,
    endedAt: now,
    expiresAt: identity.expiresAt,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}
