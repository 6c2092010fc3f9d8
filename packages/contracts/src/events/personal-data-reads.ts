import { z } from 'zod';
import { ZAccessReason, ZPersonalDetail } from '../access-reason';
import { eventSchema } from './envelope';

/**
 * Topic `personal-data-reads`, keyed by the read's id: the auth service's records of admins
 * reading job seekers' e-mails, so that the profile service can show them beside its own
 * (the job seeker's "Who viewed your details", the admin's data access log). Ids, kinds of
 * detail and reasons only: never an e-mail, name or phone.
 */
export const personalDataReadsTopic = 'personal-data-reads';

export const ZPersonalDetailsRead = eventSchema(
  'personal-details.read',
  1,
  z.strictObject({
    readId: z.uuid(),
    adminUserId: z.uuid(),
    details: z.array(ZPersonalDetail).min(1),
    jobSeekers: z
      .array(z.strictObject({ userId: z.uuid(), reason: ZAccessReason }))
      .min(1)
      .max(1000),
    readAt: z.iso.datetime(),
  }),
);
export type PersonalDetailsRead = z.infer<typeof ZPersonalDetailsRead>;

export const ZPersonalDataReadEvent = z.discriminatedUnion('type', [ZPersonalDetailsRead]);
