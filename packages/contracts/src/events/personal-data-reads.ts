import { z } from 'zod';
import { type AccessReason, type PersonalDetail, ZAccessReason, ZPersonalDetail } from '../access-reason';
import { eventSchema } from './envelope';

/**
 * Topic `personal-data-reads`, keyed by the read's id: every recorded read of job seekers'
 * personal details, from both owners (profile: names and phones; auth: e-mails), published
 * through the outbox of the record. The profile service builds from it what job seekers and
 * admins read (their "Who viewed your details", the Data Access Log). Ids, kinds of detail
 * and reasons only: never an e-mail, name or phone.
 */
export const personalDataReadsTopic = 'personal-data-reads';

/** The most job seekers one event names: a longer read is published as several events. */
export const jobSeekersPerReadEvent = 1000;

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
      .max(jobSeekersPerReadEvent),
    readAt: z.iso.datetime(),
  }),
);
export type PersonalDetailsRead = z.infer<typeof ZPersonalDetailsRead>;

export const ZPersonalDataReadEvent = z.discriminatedUnion('type', [ZPersonalDetailsRead]);

/** The `data` of the events of one read: one per `jobSeekersPerReadEvent` job seekers. */
export function personalDetailsReadData(read: {
  readId: string;
  adminUserId: string;
  readAt: Date;
  details: PersonalDetail[];
  jobSeekers: Array<{ userId: string; reason: AccessReason }>;
}): PersonalDetailsRead['data'][] {
  const chunks: PersonalDetailsRead['data'][] = [];
  for (let start = 0; start < read.jobSeekers.length; start += jobSeekersPerReadEvent) {
    chunks.push({
      readId: read.readId,
      adminUserId: read.adminUserId,
      details: read.details,
      jobSeekers: read.jobSeekers
        .slice(start, start + jobSeekersPerReadEvent)
        .map(({ userId, reason }) => ({ userId, reason })),
      readAt: read.readAt.toISOString(),
    });
  }
  return chunks;
}
