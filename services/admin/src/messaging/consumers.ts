import {
  employersTopic,
  matchRequestsTopic,
  ZEmployerEvent,
  ZMatchRequestEvent,
} from '@meritmatch/contracts';
import type { Platform } from '@meritmatch/service-kit';
import type { ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory } from '../data/employer-directory';
import { contactLogEntryFor } from '../domain/contact-log';

/** Keeps the admin's copy of the companies up to date. */
export const startEmployerConsumer = ({
  platform,
  directory,
}: {
  platform: Platform;
  directory: EmployerDirectory;
}) =>
  platform.consume({
    name: 'employers',
    topics: [employersTopic],
    schema: ZEmployerEvent,
    handle: (event) => directory.apply(event.data),
  });

/** Writes the contact log from the match request events: every connection made is on record, once. */
export const startContactLogConsumer = ({
  platform,
  directory,
  contactLogs,
}: {
  platform: Platform;
  directory: EmployerDirectory;
  contactLogs: ContactLogRepository;
}) =>
  platform.consume({
    name: 'contact-log',
    topics: [matchRequestsTopic],
    schema: ZMatchRequestEvent,
    // entries are keyed by the event id: a redelivery is refused by the store itself
    dedupe: 'handler',
    handle: async (event) => {
      if (event.type !== 'match.request.status-changed') return;
      // the event names the company (matching knew it); older events leave it to our own copy
      const companyName =
        event.data.companyName ?? (await directory.find(event.data.employerId))?.companyName ?? null;
      const entry = contactLogEntryFor(event, companyName);
      if (entry) await contactLogs.add(entry);
    },
  });
