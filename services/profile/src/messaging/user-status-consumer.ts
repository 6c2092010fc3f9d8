import { usersTopic, ZUserEvent } from '@meritmatch/contracts';
import { type Logger, type Platform, startIdempotentConsumer } from '@meritmatch/service-kit';
import type { JobSeekers } from '../domain/job-seekers';

/** A suspended or deleted job seeker leaves search: the profile republishes its projection as not searchable. */
export function startUserStatusConsumer({
  platform,
  jobSeekers,
  logger,
}: {
  platform: Platform;
  jobSeekers: JobSeekers;
  logger: Logger;
}) {
  return startIdempotentConsumer({
    kafka: platform.kafka,
    connection: platform.connection,
    groupId: platform.group('user-status'),
    topics: [platform.topic(usersTopic)],
    schema: ZUserEvent,
    logger,
    handle: async (event) => {
      if (event.type !== 'user.status-changed' || event.data.userType !== 'job_seeker') return;
      await jobSeekers.applyAccountStatus(event.data.userId, event.data.status);
    },
  });
}
