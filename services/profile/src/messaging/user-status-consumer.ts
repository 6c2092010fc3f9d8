import { usersTopic, ZUserEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { JobSeekers } from '../use-cases/job-seekers';

/**
 * A suspended or deleted job seeker leaves search, as does one the retention limit found
 * inactive (until they sign in): the profile republishes its projection as not searchable.
 */
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
      if (event.data.userType !== 'job_seeker') return;
      if (event.type === 'user.status-changed')
        await jobSeekers.applyAccountStatus(event.data.userId, event.data.status);
      else if (event.type === 'user.activity-changed' && event.data.stage !== 'reminded')
        await jobSeekers.applyActivity(event.data.userId, event.data.stage === 'inactive');
    },
  });
}
