import { type AccessReason, personalDataReadsTopic } from '@meritmatch/contracts';
import { createRecordLog, type Platform } from '@meritmatch/service-kit';
import { personalDetailsRead } from '../messaging/personal-data-read-events';
import type { EmailReadRecord, EmailReadRepository } from '../use-cases/email-reads';

type StoredRead = {
  _id: string;
  adminUserId: string;
  details: ['email'];
  jobSeekers: Array<{ userId: string; reason: AccessReason }>;
  readAt: Date;
};

/**
 * `personal_data_reads`: one record per answer that held job seekers' e-mails (who, when,
 * whose and why: ids and reasons, never an e-mail), with its `personal-details.read` events
 * (service-kit's record log: only ever inserted, events through the outbox).
 */
export function createEmailReadRepository(
  platform: Pick<Platform, 'connection' | 'publishOutbox' | 'onClose'>,
): EmailReadRepository {
  const log = createRecordLog<StoredRead>({
    platform,
    collection: 'personal_data_reads',
    topic: personalDataReadsTopic,
    eventsOf: ({ _id, adminUserId, jobSeekers, readAt }) =>
      personalDetailsRead({ readId: _id, adminUserId, readAt, reads: jobSeekers }),
  });
  return {
    record: ({ readId, adminUserId, readAt, reads }: EmailReadRecord) =>
      log.add({ _id: readId, adminUserId, details: ['email'], jobSeekers: reads, readAt }),
  };
}
