import {
  employersTopic,
  matchRequestsTopic,
  ZEmployerEvent,
  ZMatchRequestEvent,
} from '@meritmatch/contracts';
import { type Logger, type Platform, startIdempotentConsumer } from '@meritmatch/service-kit';
import type { ContactLogRepository } from '../data/contact-logs';
import type { EmployerDirectory } from '../data/employer-directory';
import { contactLogEntryFor } from '../domain/contact-log';

/** Keeps the admin's copy of the companies up to date. */
export const startEmployerConsumer = ({
  platform,
  directory,
  logger,
}: {
  platform: Platform;
  directory: EmployerDirectory;
  logger: Logger;
}) =>
  startIdempotentConsumer({
    kafka: platform.kafka,
    connection: platform.connection,
    groupId: platform.group('employers'),
    topics: [platform.topic(employersTopic)],
    schema: ZEmployerEvent,
    logger,
    handle: (event) => directory.apply(event.data),
  });

/** Writes the contact log from the match request events: every connection made is on record, once. */
export const startContactLogConsumer = ({
  platform,
  directory,
  contactLogs,
  logger,
}: {
  platform: Platform;
  directory: EmployerDirectory;
  contactLogs: ContactLogRepository;
  logger: Logger;
}) =>
  startIdempotentConsumer({
    kafka: platform.kafka,
    connection: platform.connection,
    groupId: platform.group('contact-log'),
    topics: [platform.topic(matchRequestsTopic)],
    schema: ZMatchRequestEvent,
    logger,
    // entries are keyed by the event id: a redelivery is refused by the store itself
    dedupe: 'handler',

    handle: async (event) => {
      if (event.type !== 'match.request.status-changed') return;
      const employer = await directory.find(event.data.employerId);
      const entry = contactLogEntryFor(event, employer?.companyName ?? null);
      if (entry) await contactLogs.add(entry);
    },
  });
