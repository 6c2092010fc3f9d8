import {
  aggregateSchemaFields,
  DomainError,
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
 */
export function createDeliveryData(platform: Platform) {
  const Deliveries = platform.connection.model('Delivery', deliverySchema, 'deliveries');
  const store = platform.aggregateStore<Delivery>({
    model: Deliveries,
    toDoc: ({ id, ...delivery }) => ({ _id: id, ...delivery }),
    fromDoc,
    missing: () => new DomainError('delivery.missing'),
  });
  const find = async (filter: Record<string, unknown>, limit: number) =>
    (
      await Deliveries.find(filter, withoutStoreFields)
        .sort({ nextAttemptAt: 1, _id: 1 })
        .limit(limit)
        .lean<DeliveryDoc[]>()
    ).map(fromDoc);
  return {
    store,
    /** Pending deliveries whose time has come, oldest first. */
    due: (now: Date, limit = 20) => find({ status: 'pending', nextAttemptAt: { $lte: now } }, limit),
    /** Deliveries still claimed since before `claimedBefore`: their sender stopped mid-send. */
    stale: (claimedBefore: Date, limit = 100) =>
      find({ status: 'sending', claimedAt: { $lt: claimedBefore } }, limit),
    count: (status: DeliveryStatus) => Deliveries.countDocuments({ status }),
    byEvent: async (eventId: string) =>
      (await Deliveries.find({ eventId }, withoutStoreFields).lean<DeliveryDoc[]>()).map(fromDoc),
  };
}

export type DeliveryData = ReturnType<typeof createDeliveryData>;
