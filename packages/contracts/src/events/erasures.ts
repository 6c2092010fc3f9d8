import { z } from 'zod';
import { ZUserType } from '../primitives';
import { eventSchema } from './envelope';

/**
 * Topic `erasures`, keyed by user id: a person's erasure, asked by auth and carried out by every
 * service for its own data, each in its own consumer group. A service that is down finds the
 * request at its committed offset when it comes back. Ids only: never an address or a name.
 */
export const erasuresTopic = 'erasures';

/** The services that hold a part of a person's data beside auth; auth erases the account last. */
export const erasureParts = ['profile', 'matching', 'notifications', 'admin'] as const;
export const ZErasurePart = z.enum(erasureParts);
export type ErasurePart = z.infer<typeof ZErasurePart>;

/** Who asked: the person ("Delete my account"), an admin (a request by other means), or the retention limit. */
export const erasureRequesters = ['self', 'admin', 'retention'] as const;
export const ZErasureRequester = z.enum(erasureRequesters);
export type ErasureRequester = z.infer<typeof ZErasureRequester>;

/** Every service erases what it holds of this user. Sent again (a new event id) for a part that has not answered. */
export const ZErasureRequested = eventSchema(
  'erasure.requested',
  1,
  z.object({
    userId: z.uuid(),
    userType: ZUserType,
    by: ZErasureRequester,
    requestedAt: z.iso.datetime(),
  }),
);
export type ErasureRequested = z.infer<typeof ZErasureRequested>;

/** A service erased its part (again, when asked again: each part is idempotent). */
export const ZErasurePartDone = eventSchema(
  'erasure.part-done',
  1,
  z.object({ userId: z.uuid(), part: ZErasurePart, doneAt: z.iso.datetime() }),
);
export type ErasurePartDone = z.infer<typeof ZErasurePartDone>;

export const ZErasureEvent = z.discriminatedUnion('type', [ZErasureRequested, ZErasurePartDone]);
export type ErasureEvent = z.infer<typeof ZErasureEvent>;
