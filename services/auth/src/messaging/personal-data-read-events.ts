import { personalDetailsReadData, ZPersonalDetailsRead } from '@meritmatch/contracts';
import { buildEvent } from '@meritmatch/service-kit';
import type { EmailReadRecord } from '../use-cases/email-reads';

/** The events of one recorded read of e-mails (a long user list takes several): ids and reasons only. */
export const personalDetailsRead = (read: EmailReadRecord) =>
  personalDetailsReadData({ ...read, details: ['email'], jobSeekers: read.reads }).map((data) =>
    buildEvent(ZPersonalDetailsRead, {
      type: 'personal-details.read',
      version: 1,
      aggregateId: read.readId,
      source: 'auth',
      clock: () => read.readAt,
      data,
    }),
  );
