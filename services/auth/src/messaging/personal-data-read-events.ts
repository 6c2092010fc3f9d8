import { ZPersonalDetailsRead } from '@meritmatch/contracts';
import { buildEvent } from '@meritmatch/service-kit';
import type { EmailReadRecord } from '../domain/email-reads';

/** The most job seekers one event names (a user list can be longer: it then takes several events). */
export const jobSeekersPerEvent = 500;

/** The events of one recorded read of e-mails: ids and reasons only, never an e-mail. */
export function personalDetailsRead(read: EmailReadRecord) {
  const events = [];
  for (let start = 0; start < read.reads.length; start += jobSeekersPerEvent) {
    events.push(
      buildEvent(ZPersonalDetailsRead, {
        type: 'personal-details.read',
        version: 1,
        aggregateId: read.readId,
        source: 'auth',
        clock: () => read.readAt,
        data: {
          readId: read.readId,
          adminUserId: read.adminUserId,
          details: ['email'],
          jobSeekers: read.reads
            .slice(start, start + jobSeekersPerEvent)
            .map(({ userId, reason }) => ({ userId, reason })),
          readAt: read.readAt.toISOString(),
        },
      }),
    );
  }
  return events;
}
