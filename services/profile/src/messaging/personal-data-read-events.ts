import { personalDetailsReadData, ZPersonalDetailsRead } from '@meritmatch/contracts';
import { buildEvent } from '@meritmatch/service-kit';
import type { DetailsRead } from '../use-cases/access-log';

/** The events of one recorded read of names and phones (a long list takes several): ids and reasons only. */
export const personalDetailsRead = (read: DetailsRead) =>
  personalDetailsReadData(read).map((data) =>
    buildEvent(ZPersonalDetailsRead, {
      type: 'personal-details.read',
      version: 1,
      aggregateId: read.readId,
      source: 'profile',
      clock: () => read.readAt,
      data,
    }),
  );
