import { usersTopic, ZUserEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { JobSeekers } from '../domain/job-seekers';

/** A suspended or deleted job seeker leaves search: the profile republishes its projection as not searchable. */
export function startUserStatusConsumer({
  platform,
  jobSeekers,
}: {
  platform: Platform;
  jobSeekers: JobSeekers;
}) {
  return platform.consume({
    name: 'user-status',
    topics: [usersTopic],
    schema: ZUserEvent,
    handle: async (event) => {
      if (event.type !== 'user.status-changed' || event.data.userType !== 'job_seeker') return;
      await jobSeekers.applyAccountStatus(event.data.userId, event.data.status);
    },
  });
}
