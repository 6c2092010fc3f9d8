import { usersTopic, ZUserEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { EmailConfirmations } from '../data/email-confirmations';
import type { JobSeekers } from '../use-cases/job-seekers';

/**
 * Keeps whether each job seeker's and employer's address is confirmed, from every event of the
 * `users` topic (each carries it), and brings a job seeker's profile in line. A group of its own,
 * read from the start of the compacted topic, so that a first start knows every account's newest
 * state, including confirmations made before this consumer existed.
 */
export function startEmailConfirmationConsumer({
  platform,
  confirmations,
  jobSeekers,
  erased,
}: {
  platform: Platform;
  confirmations: EmailConfirmations;
  jobSeekers: JobSeekers;
  /** Whether the account was erased: an event of it behind the erasure records nothing again. */
  erased: (userId: string) => Promise<boolean>;
}) {
  return platform.consume({
    name: 'email-confirmations',
    topics: [usersTopic],
    schema: ZUserEvent,
    // the handler is idempotent by itself: an event recorded once, or an older one, changes nothing
    dedupe: 'handler',
    handle: async (event) => {
      const { userId, userType, emailConfirmed } = event.data;
      if (userType !== 'job_seeker' && userType !== 'employer') return;
      if (await erased(userId)) return;
      // what holds now, which a late or replayed older event does not change
      const confirmed = await confirmations.record({
        userId,
        userType,
        emailConfirmed,
        saidAt: new Date(event.occurredAt),
        eventId: event.id,
      });
      if (userType === 'job_seeker') await jobSeekers.applyEmailConfirmation(userId, confirmed);
    },
  });
}
