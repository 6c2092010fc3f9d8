import { z } from 'zod';
import { ZAccountType, ZUserStatus } from '../primitives';
import { eventSchema } from './envelope';

/**
 * Topic `users`, keyed by user id. Carries no e-mail or name: every service may read it. Service
 * accounts are on it too (`userType` 'service'), so that every process knows their tokens' subject.
 */
export const usersTopic = 'users';

/**
 * Whether the account's address is confirmed, on every event of the topic: it is compacted, and
 * the newest event of a user may be the one a process reads. Events written before addresses were
 * confirmed lack it: read as not confirmed.
 */
const emailConfirmedField = z.boolean().default(false);

/** Who the event is about and where the account stands: on every event of the topic. */
const accountFacts = {
  userId: z.uuid(),
  userType: ZAccountType,
  status: ZUserStatus,
};

export const ZUserRegistered = eventSchema(
  'user.registered',
  1,
  z.object({
    ...accountFacts,
    registeredAt: z.iso.datetime(),
    emailConfirmed: emailConfirmedField,
  }),
);
export type UserRegistered = z.infer<typeof ZUserRegistered>;

export const ZUserStatusChanged = eventSchema(
  'user.status-changed',
  1,
  z.object({
    ...accountFacts,
    previousStatus: ZUserStatus,
    changedAt: z.iso.datetime(),
    emailConfirmed: emailConfirmedField,
  }),
);
export type UserStatusChanged = z.infer<typeof ZUserStatusChanged>;

/**
 * Every session of the account ended (a password reset or change, or "Sign out everywhere
 * else", whose browser gets a new token): tokens issued up to `endedAt` are
 * refused. It carries the account's status too: the topic is compacted, and this may be the one
 * event of the user that a process reads.
 */
export const ZUserSessionsEnded = eventSchema(
  'user.sessions-ended',
  1,
  z.object({
    ...accountFacts,
    endedAt: z.iso.datetime(),
    /** Why: a new password is told to the person ("Your password was changed"). */
    reason: z.enum(['password-reset', 'password-change', 'signed-out-elsewhere']),
    emailConfirmed: emailConfirmedField,
  }),
);
export type UserSessionsEnded = z.infer<typeof ZUserSessionsEnded>;

/** The person confirmed the account's address through the link sent to it. */
export const ZUserEmailConfirmed = eventSchema(
  'user.email-confirmed',
  1,
  z.object({
    ...accountFacts,
    confirmedAt: z.iso.datetime(),
    emailConfirmed: z.literal(true),
  }),
);
export type UserEmailConfirmed = z.infer<typeof ZUserEmailConfirmed>;

/**
 * The retention limit of inactive accounts (System Settings: months without sign-in): a month
 * before it the person is reminded (`reminded`), at it a job seeker leaves search (`inactive`),
 * and a month later the account is erased. Signing in makes it `active` again.
 */
export const accountActivityStages = ['reminded', 'inactive', 'active'] as const;

export const ZUserActivityChanged = eventSchema(
  'user.activity-changed',
  1,
  z.object({
    ...accountFacts,
    stage: z.enum(accountActivityStages),
    lastSignedInAt: z.iso.datetime(),
    /** When the account is erased unless the person signs in first. */
    eraseAfter: z.iso.datetime(),
    /** The System Setting's months without sign-in, as the reminder tells them. */
    inactiveMonths: z.number().int().positive(),
    emailConfirmed: emailConfirmedField,
  }),
);
export type UserActivityChanged = z.infer<typeof ZUserActivityChanged>;

export const ZUserEvent = z.discriminatedUnion('type', [
  ZUserRegistered,
  ZUserStatusChanged,
  ZUserSessionsEnded,
  ZUserEmailConfirmed,
  ZUserActivityChanged,
]);
export type UserEvent = z.infer<typeof ZUserEvent>;
