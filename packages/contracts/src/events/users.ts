import { z } from 'zod';
import { ZAccountType, ZUserStatus } from '../primitives';
import { eventSchema } from './envelope';

/**
 * Topic `users`, keyed by user id. Carries no e-mail or name: every service may read it. Service
 * accounts are on it too (`userType` 'service'), so that every process knows their tokens' subject.
 */
export const usersTopic = 'users';

export const ZUserRegistered = eventSchema(
  'user.registered',
  1,
  z.object({ userId: z.uuid(), userType: ZAccountType, status: ZUserStatus, registeredAt: z.iso.datetime() }),
);
export type UserRegistered = z.infer<typeof ZUserRegistered>;

export const ZUserStatusChanged = eventSchema(
  'user.status-changed',
  1,
  z.object({
    userId: z.uuid(),
    userType: ZAccountType,
    status: ZUserStatus,
    previousStatus: ZUserStatus,
    changedAt: z.iso.datetime(),
  }),
);
export type UserStatusChanged = z.infer<typeof ZUserStatusChanged>;

export const ZUserEvent = z.discriminatedUnion('type', [ZUserRegistered, ZUserStatusChanged]);
export type UserEvent = z.infer<typeof ZUserEvent>;
