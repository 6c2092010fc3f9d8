import {
  type AggregateStore,
  aggregateSchemaFields,
  DomainError,
  isDuplicateKeyError,
  type Platform,
  withoutStoreFields,
} from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { Delivery, DeliveryStatus } from '../domain/delivery';

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

/**
 * The deliveries still in play, `pending`, `sending` or `parked`, each as `{ _id: <delivery id>,
 * status, nextAttemptAt, claimedAt }`: what the senders look through. FerretDB on SQLite reads and
 * decodes a whole collection for any filter but `_id` (5,000 deliveries: about 0.55 s), and the
 * deliveries only grow, one for every e-mail ever sent; this collection holds only the few
 * still in play.
 */
const queueSchema = new Schema(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true },
    nextAttemptAt: { type: Date, required: true },
    claimedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

type QueueEntry = { _id: string; status: DeliveryStatus; nextAttemptAt: Date; claimedAt: Date | null };

const inPlay = (status: DeliveryStatus) =>
  status === 'pending' || status === 'sending' || status === 'parked';
const entryOf = (delivery: Delivery) => ({
  status: delivery.status,
  nextAttemptAt: delivery.nextAttemptAt,
  claimedAt: delivery.claimedAt,
});
const sameEntry = (entry: QueueEntry, delivery: Delivery) =>
  entry.status === delivery.status &&
  entry.nextAttemptAt.getTime() === delivery.nextAttemptAt.getTime() &&
  (entry.claimedAt?.getTime() ?? null) === (delivery.claimedAt?.getTime() ?? null);

/** An entry whose delivery is not there yet may belong to an intake still writing it. */
const missingGraceMs = 60_000;

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

/**
 * Deliveries: one per event and recipient, changed through the aggregate store (its write guard
 * makes a claim exclusive across processes, also on FerretDB). Nothing is published from here.
 *
 * Beside them, the queue of those in play (`delivery_queue`, above). The delivery is the truth
 * and the queue a guide to it, kept without transactions:
 * - a new delivery's entry is written before the delivery, so none is ever missing from it (a
 *   replayed event writes an entry for a delivery that is done; it is dropped when read);
 * - a change is written to the delivery first, then to its entry;
 * - whatever a reader finds in the queue it checks against the delivery, and puts the entry
 *   right: a delivery done is dropped, one due later or claimed is moved;
 * - `reconcile()`, when the sender starts, adds an entry for every delivery in play that has
 *   none: those stored before the queue existed (one read of every delivery).
 */
export function createDeliveryData(platform: Platform) {
  const Deliveries = platform.connection.model('Delivery', deliverySchema, 'deliveries');
  const Queue = platform.connection.model('DeliveryQueue', queueSchema, 'delivery_queue');
  const inner = platform.aggregateStore<Delivery>({
    model: Deliveries,
    toDoc: ({ id, ...delivery }) => ({ _id: id, ...delivery }),
    fromDoc,
    missing: () => new DomainError('delivery.missing'),
  });

  const follow = async (delivery: Delivery) => {
    if (inPlay(delivery.status))
      await Queue.updateOne({ _id: delivery.id }, { $set: entryOf(delivery) }, { upsert: true });
    else await Queue.deleteOne({ _id: delivery.id });
  };

  const store: AggregateStore<Delivery> = {
    ...inner,
    async create(delivery, events, onDuplicate) {
      try {
        await Queue.create({ _id: delivery.id, ...entryOf(delivery) });
      } catch (error) {
        // already queued: the same event once more, while its delivery is still in play
        if (!isDuplicateKeyError(error)) throw error;
      }
      return inner.create(delivery, events, onDuplicate);
    },
    async change(id, decide) {
      const changed = await inner.change(id, decide);
      if (changed) await follow(changed.state);
      return changed;
    },
  };

  const load = async (id: string) => {
    const doc = await Deliveries.findById(id, withoutStoreFields).lean<DeliveryDoc>();
    return doc ? fromDoc(doc) : null;
  };

  /** The deliveries of these entries that `wanted` accepts, each entry put right where it was out of date. */
  const checked = async (entries: QueueEntry[], wanted: (delivery: Delivery) => boolean, now: Date) => {
    const found: Delivery[] = [];
    for (const entry of entries) {
      const delivery = await load(entry._id);
      if (!delivery) {
        if (now.getTime() - entry.nextAttemptAt.getTime() > missingGraceMs)
          await Queue.deleteOne({ _id: entry._id });
        continue;
      }
      if (!sameEntry(entry, delivery)) await follow(delivery);
      if (wanted(delivery)) found.push(delivery);
    }
    return found;
  };

  const entries = (filter: Record<string, unknown>, limit: number) =>
    Queue.find(filter).sort({ nextAttemptAt: 1, _id: 1 }).limit(limit).lean<QueueEntry[]>();

  return {
    store,
    /** Pending deliveries whose time has come, oldest first. */
    due: async (now: Date, limit = 20) =>
      checked(
        await entries({ status: 'pending', nextAttemptAt: { $lte: now } }, limit),
        (delivery) => delivery.status === 'pending' && delivery.nextAttemptAt <= now,
        now,
      ),
    /** Deliveries still claimed since before `claimedBefore`: their sender stopped mid-send. */
    stale: async (claimedBefore: Date, limit = 100) =>
      checked(
        await entries({ status: 'sending', claimedAt: { $lt: claimedBefore } }, limit),
        (delivery) =>
          delivery.status === 'sending' && delivery.claimedAt !== null && delivery.claimedAt < claimedBefore,
        new Date(),
      ),
    /** How many deliveries in play have this status (from the queue). */
    count: (status: 'pending' | 'sending' | 'parked') => Queue.countDocuments({ status }),
    /** Adds a queue entry for every delivery in play that has none (deliveries stored before the queue). */
    async reconcile() {
      let added = 0;
      const open = Deliveries.find(
        { status: { $in: ['pending', 'sending', 'parked'] } },
        withoutStoreFields,
      ).lean<DeliveryDoc[]>();
      for await (const doc of open.cursor()) {
        const delivery = fromDoc(doc as DeliveryDoc);
        const result = await Queue.updateOne(
          { _id: delivery.id },
          { $setOnInsert: entryOf(delivery) },
          { upsert: true },
        );
        added += result.upsertedCount;
      }
      return added;
    },
    byEvent: async (eventId: string) =>
      (await Deliveries.find({ eventId }, withoutStoreFields).lean<DeliveryDoc[]>()).map(fromDoc),
    model: Deliveries,
    queue: Queue,
  };
}

export type DeliveryData = ReturnType<typeof createDeliveryData>;
