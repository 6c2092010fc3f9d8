import {
  candidatesTopic,
  employersTopic,
  matchRequestsTopic,
  ZCandidateEvent,
  ZEmployerEvent,
  ZMatchRequestEvent,
} from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { RequestTexts } from '../clients/request-texts';
import type { CandidateCodes } from '../data/candidate-codes';
import type { CandidateOwners } from '../data/candidate-owners';
import type { ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory } from '../data/employer-directory';
import { contactLogEntryFor, type DecisionNotes, writesEntry } from '../domain/contact-log-entry';
import type { AdminErasure } from '../use-cases/erasure';

/** Keeps the admin's copy of the companies up to date; an erased employer's company goes. */
export const startEmployerConsumer = ({
  platform,
  directory,
  erasure,
}: {
  platform: Platform;
  directory: EmployerDirectory;
  erasure: Pick<AdminErasure, 'employerErased'>;
}) =>
  platform.consume({
    name: 'employers',
    topics: [employersTopic],
    schema: ZEmployerEvent,
    handle: async (event) => {
      if (event.type === 'employer.erased') await erasure.employerErased(event.data.employerId);
      else await directory.apply(event.data);
    },
  });

/**
 * Links each candidate to its job seeker's account, by id only (an erasure names the account,
 * the contact log knows the candidate); an erased candidate's entries lose their notes. A
 * fetched batch's links are written together (`handleBatch`): both steps are idempotent.
 */
export const startCandidateOwnerConsumer = ({
  platform,
  candidateOwners,
  erasure,
}: {
  platform: Platform;
  candidateOwners: Pick<CandidateOwners, 'link'>;
  erasure: Pick<AdminErasure, 'candidateErased'>;
}) =>
  platform.consume({
    name: 'candidate-owners',
    topics: [candidatesTopic],
    schema: ZCandidateEvent,
    dedupe: 'handler',
    handleBatch: async (events) => {
      await candidateOwners.link(
        events.flatMap(({ data: { candidateId, ownerUserId } }) =>
          ownerUserId ? [{ candidateId, ownerUserId }] : [],
        ),
      );
      for (const event of events)
        if (event.type === 'candidate.erased')
          await erasure.candidateErased(event.data.candidateId, event.data.ownerUserId);
    },
  });

/**
 * Keeps each candidate's anonymous code, for the contact log's filter and entries: a consumer
 * group of its own reads the compacted topic from its beginning once (so that candidates known
 * before it existed are there too), then every new candidate. An erased candidate's code goes.
 */
export const startCandidateCodeConsumer = ({
  platform,
  candidateCodes,
}: {
  platform: Platform;
  candidateCodes: Pick<CandidateCodes, 'record' | 'forget'>;
}) =>
  platform.consume({
    name: 'candidate-codes',
    topics: [candidatesTopic],
    schema: ZCandidateEvent,
    fromBeginning: true,
    // a pair already there is refused by its key; forgetting twice changes nothing
    dedupe: 'handler',
    handleBatch: async (events) => {
      await candidateCodes.record(
        events.flatMap((event) =>
          event.type === 'candidate.profile-changed'
            ? [{ candidateId: event.data.candidateId, code: event.data.uniqueCode }]
            : [],
        ),
      );
      for (const event of events)
        if (event.type === 'candidate.erased') await candidateCodes.forget(event.data.candidateId);
    },
  });

/**
 * Writes the contact log from the match request events: every connection made is on record,
 * once. A decision's notes are asked from matching (the events carry none, so that an erasure
 * reaches them; an erased request answers none); earlier events carried them and the company's
 * name, which are taken from the event.
 */
export const startContactLogConsumer = ({
  platform,
  directory,
  contactLogs,
  requestTexts,
}: {
  platform: Platform;
  directory: EmployerDirectory;
  contactLogs: ContactLogRepository;
  requestTexts: RequestTexts;
}) =>
  platform.consume({
    name: 'contact-log',
    topics: [matchRequestsTopic],
    schema: ZMatchRequestEvent,
    // entries are keyed by the event id: a redelivery is refused by the store itself
    dedupe: 'handler',
    handle: async (event) => {
      if (event.type !== 'match.request.status-changed' || !writesEntry(event)) return;
      const { employerId, requestId, withNotes } = event.data;
      const { carried } = event;
      const company = carried?.companyName ?? (await directory.find(employerId))?.companyName ?? null;
      const notes: DecisionNotes = carried
        ? { adminNotes: carried.adminNotes ?? null, contactNote: carried.contactNote ?? null }
        : withNotes
          ? await requestTexts(requestId, event.id)
          : { adminNotes: null, contactNote: null };
      const entry = contactLogEntryFor(event, company, notes);
      if (entry) await contactLogs.add(entry);
    },
  });

/**
 * Tells the entries written before entries carried their request's parties who those are: a
 * consumer group of its own reads the requests' events from the topic's beginning once (an
 * erasure finds a person's entries by these ids).
 */
export const startContactLogPartiesConsumer = ({
  platform,
  contactLogs,
}: {
  platform: Platform;
  contactLogs: Pick<ContactLogRepository, 'assignParties'>;
}) =>
  platform.consume({
    name: 'contact-log-parties',
    topics: [matchRequestsTopic],
    schema: ZMatchRequestEvent,
    fromBeginning: true,
    // setting the same ids again changes nothing
    dedupe: 'handler',
    handle: async (event) => {
      const { requestId, employerId, candidateId } = event.data;
      await contactLogs.assignParties(requestId, { employerId, candidateId });
    },
  });
