import { type AccessReason, type PersonalDetail, personalDataReadsTopic } from '@meritmatch/contracts';
import { createRecordLog, type Platform } from '@meritmatch/service-kit';
import { personalDetailsRead } from '../messaging/personal-data-read-events';
import type { DetailsRead, ReadRecords } from '../use-cases/access-log';

type StoredRead = {
  _id: string;
  adminUserId: string;
  details: PersonalDetail[];
  jobSeekers: Array<{ userId: string; reason: AccessReason }>;
  readAt: Date;
};

/**
 * `personal_data_reads`: one record per answer that held job seekers' names or phones (who,
 * when, whose and why: ids and reasons, never a name or phone), with its
 * `personal-details.read` events (service-kit's record log: only ever inserted, events
 * through the outbox). The auth service keeps the same for e-mails.
 */
export function createReadRecords(
  platform: Pick<Platform, 'connection' | 'publishOutbox' | 'onClose'>,
): ReadRecords {
  const log = createRecordLog<StoredRead>({
    platform,
    collection: 'personal_data_reads',
    topic: personalDataReadsTopic,
    eventsOf: ({ _id, ...read }) => personalDetailsRead({ readId: _id, ...read }),
  });
  return { record: ({ readId, ...read }: DetailsRead) => log.add({ _id: readId, ...read }) };
}
