import {
  accountNoticesTopic,
  candidatesTopic,
  employersTopic,
  matchRequestsTopic,
  searchDigestsTopic,
  usersTopic,
  ZAccountNotice,
  ZCandidateErased,
  ZEmployerEvent,
  ZMatchRequestEvent,
  ZSearchDigestReady,
  ZUserEvent,
} from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { CompanyData } from '../data/companies';
import {
  notificationsForAccountNotice,
  notificationsForCompany,
  notificationsForMatchRequest,
  notificationsForSearchDigest,
  notificationsForUser,
} from '../domain/notification-rules';
import type { Intake } from '../use-cases/intake';
import type { NotificationErasure } from './erasure';

/**
 * The e-mails of match requests: new ones for the candidate, decisions for the employer and the
 * candidate. A new group starts at the end of the topic: the history before this service existed
 * is not e-mailed. Deliveries are keyed by the event id, so a redelivered event adds none
 * (`dedupe: 'handler'`).
 */
export const startMatchRequestConsumer = ({ platform, intake }: { platform: Platform; intake: Intake }) =>
  platform.consume({
    name: 'match-requests',
    topics: [matchRequestsTopic],
    schema: ZMatchRequestEvent,
    fromBeginning: false,
    dedupe: 'handler',
    handle: async (event) => {
      await intake(event.id, notificationsForMatchRequest(event));
    },
  });

/**
 * Saved searches' daily digests, to their employers. A new group reads the topic from its start
 * (a week): a digest made while this service was down is still sent, once (keyed by event id).
 */
export const startSearchDigestConsumer = ({ platform, intake }: { platform: Platform; intake: Intake }) =>
  platform.consume({
    name: 'search-digests',
    topics: [searchDigestsTopic],
    schema: ZSearchDigestReady,
    dedupe: 'handler',
    handle: async (event) => {
      await intake(event.id, notificationsForSearchDigest(event));
    },
  });

/**
 * The links auth asks to be sent (a password reset). A new group reads the topic from its start
 * (two days): a link asked for before this service first ran is still sent, and one that no
 * longer works is skipped when its token is asked for.
 */
export const startAccountNoticeConsumer = ({ platform, intake }: { platform: Platform; intake: Intake }) =>
  platform.consume({
    name: 'account-notices',
    topics: [accountNoticesTopic],
    schema: ZAccountNotice,
    dedupe: 'handler',
    handle: async (event) => {
      await intake(event.id, notificationsForAccountNotice(event));
    },
  });

/** Security messages: a suspension, a restore and a changed password, to the account itself. */
export const startUserConsumer = ({ platform, intake }: { platform: Platform; intake: Intake }) =>
  platform.consume({
    name: 'users',
    topics: [usersTopic],
    schema: ZUserEvent,
    fromBeginning: false,
    dedupe: 'handler',
    handle: async (event) => {
      await intake(event.id, notificationsForUser(event));
    },
  });

/**
 * Verification and its revocation, told apart by the state seen before (kept in `companies`).
 * Read from the start of the compacted topic: a company first seen here gets no e-mail. The
 * deliveries are recorded before the new state, so a crash in between decides again the same way.
 */
export const startCompanyConsumer = ({
  platform,
  companies,
  intake,
  erasure,
}: {
  platform: Platform;
  companies: CompanyData;
  intake: Intake;
  erasure: Pick<NotificationErasure, 'employer'>;
}) =>
  platform.consume({
    name: 'employers',
    topics: [employersTopic],
    schema: ZEmployerEvent,
    handle: async (event) => {
      if (event.type === 'employer.erased') {
        await erasure.employer(event.data.employerId);
        return;
      }
      const known = await companies.find(event.data.employerId);
      if (known && known.version >= event.data.version) return;
      await intake(event.id, notificationsForCompany(known, event.data));
      await companies.record(event.data.employerId, {
        verified: event.data.verified,
        version: event.data.version,
      });
    },
  });

/**
 * Only the erasure of a candidate: their e-mails are addressed to the candidate id, which the
 * profile's marker names. Read from the start of the compacted topic, where the marker stays as
 * the key's last event (a profile change is skipped). Deleting twice changes nothing.
 */
export const startCandidateConsumer = ({
  platform,
  erasure,
}: {
  platform: Platform;
  erasure: Pick<NotificationErasure, 'candidate'>;
}) =>
  platform.consume({
    name: 'candidates',
    topics: [candidatesTopic],
    // the erasure alone: a profile change is passed over by its type, unparsed (a million of them
    // at a start took this service minutes of parsing for nothing)
    schema: ZCandidateErased,
    dedupe: 'handler',
    handle: async (event) => {
      await erasure.candidate(event.data.candidateId);
    },
  });
