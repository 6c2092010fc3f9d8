import { z } from 'zod';
import { eventSchema } from './envelope';

/**
 * Topic `sessions`, keyed by session id (the token's `jti`): sessions ended before their token
 * expired (sign-out). Every process reads it to refuse those tokens. Compacted, and deleted after
 * two days: no token lives longer than one.
 */
export const sessionsTopic = 'sessions';

export const ZSessionRevoked = eventSchema(
  'session.revoked',
  1,
  z.object({
    sessionId: z.uuid(),
    userId: z.uuid(),
    revokedAt: z.iso.datetime(),
    /** When the token would have expired: after that the revocation can be forgotten. */
    expiresAt: z.iso.datetime(),
  }),
);
export type SessionRevoked = z.infer<typeof ZSessionRevoked>;

export const ZSessionEvent = z.discriminatedUnion('type', [ZSessionRevoked]);
export type SessionEvent = z.infer<typeof ZSessionEvent>;
