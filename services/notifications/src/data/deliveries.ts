import { erasedCompanyLabel } from '@meritmatch/contracts';
import {
  aggregateSchemaFields,
  createSubsetIndex,
  DomainError,
  documentKey,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { Delivery, DeliveryStatus } from '../domain/delivery';
import type { Recipient } from '../domain/notification-rules';

const deliverySchema = new Schema(
  {
    // the event id and the recipient: a replayed event cannot add a second delivery
    _id: { type: String, required: true },
    eventId: { type: String, required: true },
    kind: { type: String, required: true },
    recipient: { type: Schema.Types.Mixed, required: true },
    facts: { type: Schema.Types.Mixed, default: {} },
    // top level, as the senders look for due deliveries by these two
    status: { type: String, required: true },
    nextAttemptAt: { type: Date, required: true },
    attempts: { type: Number, required: true },
    deferrals: { type: Number, required: true },
    claimedAt: { type: Date, default: null },
    reason: { type: String, default: null },
    sentAt: { type: Date, default: null },
    messageId: { type: String, default: null },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);
deliverySchema.index({ status: 1, nextAttemptAt: 1 });

/** The fields of a delivery's entry in `delivery_queue`: what the senders look for and sort by. */
type QueueFields = { status: DeliveryStatus; nextAttemptAt: Date; claimedAt: Date | null };

const inPlay = (delivery: Delivery) =>
  delivery.status === 'pending' || delivery.status === 'sending' || delivery.status === 'parked';
const entryOf = (delivery: Delivery): QueueFields => ({
  status: delivery.status,
  nextAttemptAt: delivery.nextAttemptAt,
  claimedAt: delivery.claimedAt,
});
const sameEntry = (entry: QueueFields, delivery: Delivery) =>
  entry.status === delivery.status &&
  entry.nextAttemptAt.getTime() === delivery.nextAttemptAt.getTime() &&
  (entry.claimedAt?.getTime() ?? null) === (delivery.claimedAt?.getTime() ?? null);

type DeliveryDoc = Omit<Delivery, 'id'> & { _id: string };
const fromDoc = ({ _id, ...doc }: DeliveryDoc): Delivery => ({
  id: _id,
  eventId: doc.eventId,
  kind: doc.kind,
  recipient: doc.recipient,
  facts: doc.facts ?? {},
  status: doc.status,
  attempts: doc.attempts,
  deferrals: doc.deferrals,
  nextAttemptAt: doc.nextAttemptAt,
  claimedAt: doc.claimedAt ?? null,
  reason: doc.reason ?? null,
  sentAt: doc.sentAt ?? null,
  messageId: doc.messageId ?? null,
  version: doc.version,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

/** How a delivery is stored, the same for the in-memory store of tests. */
export const deliveryStorage = {
  toDoc: ({ id, ...delivery }: Delivery) => ({ _id: id, ...delivery }),
  fromDoc,
  missing: () => new DomainError('delivery.missing'),
};

/**
 * Deliveries: one per event and recipient, changed through the aggregate store (its write guard
 * makes a claim exclusive across processes, also on FerretDB). Nothing is published from here.
 *
 * Beside them, `delivery_queue`: the deliveries still in play, `pending`, `sending` or `parked`,
 * each as `{ _id, status, nextAttemptAt, claimedAt }`, which is what the senders look through
 * (the service kit's subset index: the delivery is the truth, the entry a guide put right when
 * read). The deliveries only grow, one for every e-mail ever sent, and FerretDB on SQLite reads
 * all of them for any filter but `_id`; the queue holds only the few still in play. An entry whose
 * delivery is not there yet is kept for a minute past its attempt time: an intake may still be
 * writing it.
 */
export function createDeliveryData(platform: Platform) {
  const Deliveries = platform.connection.model('Delivery', deliverySchema, 'deliveries');
  const queue = createSubsetIndex<Delivery, QueueFields>(platform.connection, {
    collection: 'delivery_queue',
    holds: inPlay,
    entryOf,
    agrees: sameEntry,
    since: (entry) => entry.nextAttemptAt,
  });
  const store = queue.following(platform.aggregateStore<Delivery>({ model: Deliveries, ...deliveryStorage }));

  const load = async (id: string) => {
    const doc = await Deliveries.findById(id, withoutStoreFields).lean<DeliveryDoc>();
    return doc ? fromDoc(doc) : null;
  };
  const oldestDue = { nextAttemptAt: 1, _id: 1 } as const;

  return {
    store,
    /** Pending deliveries whose time has come, oldest first. */
    due: async (now: Date, limit = 20) =>
      queue.checked(
        await queue.entries({ status: 'pending', nextAttemptAt: { $lte: now } }, oldestDue, limit),
        {
          load,
          wanted: (delivery) => delivery.status === 'pending' && delivery.nextAttemptAt <= now,
          now,
        },
      ),
    /** Deliveries still claimed since before `claimedBefore`: their sender stopped mid-send. */
    stale: async (claimedBefore: Date, limit = 100) =>
      queue.checked(
        await queue.entries({ status: 'sending', claimedAt: { $lt: claimedBefore } }, oldestDue, limit),
        {
          load,
          wanted: (delivery) =>
            delivery.status === 'sending' &&
            delivery.claimedAt !== null &&
            delivery.claimedAt < claimedBefore,
        },
      ),
    /**
     * Every delivery to these recipients, oldest first ("Download my data"). It reads the
     * recipient fields, which FerretDB on SQLite looks through in full: a rare call by one person.
     */
    forRecipients: async (recipients: readonly Recipient[]) => {
      if (recipients.length === 0) return [];
      const docs = await Deliveries.find(
        {
          $or: recipients.map((recipient) =>
            recipient.type === 'user'
              ? { 'recipient.type': 'user', 'recipient.userId': recipient.userId }
              : { 'recipient.type': 'candidate', 'recipient.candidateId': recipient.candidateId },
          ),
        },
        withoutStoreFields,
      )
        .sort({ createdAt: 1, _id: 1 })
        .lean<DeliveryDoc[]>();
      return docs.map(fromDoc);
    },
    /**
     * An erased person's e-mails: every delivery to them goes, with its queue entry (a sender
     * working on one finds it gone and sends nothing). A rare call: FerretDB reads the whole
     * collection for the recipient's fields.
     */
    async forgetRecipient(recipient: Recipient): Promise<number> {
      const filter =
        recipient.type === 'user'
          ? { 'recipient.type': 'user', 'recipient.userId': recipient.userId }
          : { 'recipient.type': 'candidate', 'recipient.candidateId': recipient.candidateId };
      const ids = (await Deliveries.find(filter, { _id: 1 }).lean<Array<{ _id: string }>>()).map(
        (doc) => doc._id,
      );
      for (const id of ids) {
        await platform.guard.run(documentKey(Deliveries, id), async () => {
          await Deliveries.deleteOne({ _id: id });
        });
        await queue.model.deleteOne({ _id: id });
      }
      return ids.length;
    },
    /**
     * The other side's e-mails about an erased party keep their ids and codes, never its words:
     * the employer's message and the team's contact note go, and an erased company is named as
     * a deleted company (`erasedCompanyLabel`), no longer by its name or id.
     */
    async redactParty(party: { employerId: string } | { candidateId: string }): Promise<number> {
      const filter =
        'employerId' in party
          ? { 'facts.employerId': party.employerId }
          : { 'facts.candidateId': party.candidateId };
      const ids = (await Deliveries.find(filter, { _id: 1 }).lean<Array<{ _id: string }>>()).map(
        (doc) => doc._id,
      );
      const unset = { 'facts.employerMessage': 1, 'facts.contactNote': 1 };
      for (const id of ids) {
        await platform.guard.run(documentKey(Deliveries, id), () =>
          Deliveries.updateOne(
            { _id: id },
            'employerId' in party
              ? {
                  $set: { 'facts.companyName': erasedCompanyLabel },
                  $unset: { ...unset, 'facts.employerId': 1 },
                }
              : { $unset: unset },
          ),
        );
      }
      return ids.length;
    },
    /** How many deliveries in play have this status (from the queue). */
    count: async (status: 'pending' | 'sending' | 'parked'): Promise<number> => queue.count({ status }),
    /** Adds a queue entry for every delivery in play that has none (deliveries stored before the queue). */
    reconcile: () =>
      queue.reconcile(
        (async function* () {
          const open = Deliveries.find(
            { status: { $in: ['pending', 'sending', 'parked'] } },
            withoutStoreFields,
          ).lean<DeliveryDoc[]>();
          for await (const doc of open.cursor()) yield fromDoc(doc as DeliveryDoc);
        })(),
      ),
    model: Deliveries,
    queue: queue.model,
  };
}

export type DeliveryData = ReturnType<typeof createDeliveryData>;
