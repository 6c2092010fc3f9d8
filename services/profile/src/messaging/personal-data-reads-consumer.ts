import { personalDataReadsTopic, ZPersonalDataReadEvent } from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { AccessLog } from '../domain/access-log';

/**
 * Every recorded read of personal details, this service's own (names, phones) and the auth
 * service's (e-mails), goes into the views that job seekers and admins read. The views are
 * keyed by the event's id, so the handler is idempotent by itself.
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
    handle: (event) => accessLog.project(event),
  });
}
