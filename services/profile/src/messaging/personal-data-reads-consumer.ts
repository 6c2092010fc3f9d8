import { personalDataReadsTopic, ZPersonalDataReadEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { AccessLog } from '../use-cases/access-log';

/**
 * Every recorded read of personal details, this service's own (names, phones) and the auth
 * service's (e-mails), goes into the views that job seekers and admins read. The views are
 * keyed by the event's id, so the handler is idempotent by itself.
 */
export function startPersonalDataReadsConsumer({
  platform,
  accessLog,
  erased,
}: {
  platform: Platform;
  accessLog: AccessLog;
  /** Whether a job seeker was erased: a read of them that arrives after leaves them out. */
  erased: (userId: string) => Promise<boolean>;
}) {
  return platform.consume({
    name: 'personal-data-reads',
    topics: [personalDataReadsTopic],
    schema: ZPersonalDataReadEvent,
    dedupe: 'handler',
    handle: async (event) => {
      const named = [...new Set(event.data.jobSeekers.map((jobSeeker) => jobSeeker.userId))];
      const flags = await Promise.all(named.map(erased));
      await accessLog.project(event, new Set(named.filter((_, index) => flags[index])));
    },
  });
}
