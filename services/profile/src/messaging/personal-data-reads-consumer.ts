import { personalDataReadsTopic, ZPersonalDataReadEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { AccessLog } from '../domain/access-log';

/**
 * The auth service's records of admins reading job seekers' e-mails join the access log, so
 * that a job seeker (and the admins) see every read in one place. Entries are keyed by the
 * event's id, so the handler is idempotent by itself.
 */
export function startPersonalDataReadsConsumer({
  platform,
  accessLog,
}: {
  platform: Platform;
  accessLog: AccessLog;
}) {
  return platform.consume({
    name: 'personal-data-reads',
    topics: [personalDataReadsTopic],
    schema: ZPersonalDataReadEvent,
    dedupe: 'handler',
    handle: (event) => accessLog.addRecorded(event),
  });
}
