import { personalDataReadsTopic } from '@meritmatch/contracts';
import {
  assertTimeLeft,
  outboxSchemaFields,
  type Platform,
  withInitialEvents,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { EmailReadRecord, EmailReadRepository } from '../domain/email-reads';
import { personalDetailsRead } from '../messaging/personal-data-read-events';

const readSchema = new Schema(
  {
    _id: { type: String, required: true },
    adminUserId: { type: String, required: true },
    details: { type: [String], required: true },
    /** `{ userId, reason }` per job seeker: ids and reasons, never an e-mail. */
    jobSeekers: { type: [Schema.Types.Mixed], required: true },
    readAt: { type: Date, required: true, index: true },
    ...outboxSchemaFields,
  },
  { versionKey: false, minimize: false },
);

/**
 * `personal_data_reads`: one document per answer that held job seekers' e-mails, only ever
 * inserted. Its events (`personal-details.read`) are in the same insert (the outbox), so a
 * recorded read always reaches the profile service's log, even after a Kafka outage.
 */
export function createEmailReadRepository(platform: Pick<Platform, 'connection' | 'publishOutbox'>) {
  const Reads = platform.connection.model('PersonalDataRead', readSchema, 'personal_data_reads');
  const relay = platform.publishOutbox(Reads, personalDataReadsTopic);
  const repository: EmailReadRepository = {
    async record(read: EmailReadRecord) {
      // the caller is still waiting: a read it gave up on is neither served nor recorded
      assertTimeLeft();
      await Reads.create({
        _id: read.readId,
        adminUserId: read.adminUserId,
        details: ['email'],
        jobSeekers: read.reads,
        readAt: read.readAt,
        ...withInitialEvents(personalDetailsRead(read)),
      });
      relay.notify(Reads, read.readId);
    },
  };
  return { ...repository, model: Reads };
}
