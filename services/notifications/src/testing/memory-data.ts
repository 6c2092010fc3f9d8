import { createMemoryAggregateStore } from '@meritmatch/service-kit/testing/memory-aggregate-store';
import { type DeliveryData, deliveryStorage } from '../data/deliveries';
import { preferenceStorage } from '../data/preferences';
import { settingsStorage } from '../data/settings';
import { templateStorage } from '../data/templates';
import type { Delivery } from '../domain/delivery';
import type { Recipient } from '../domain/notification-rules';
import type { EmailPreferences } from '../domain/preferences';
import type { StoredSettings } from '../use-cases/settings';
import type { StoredTemplate } from '../use-cases/templates';

export const memoryPreferences = () => createMemoryAggregateStore<EmailPreferences>(preferenceStorage);

export const memorySettings = () => createMemoryAggregateStore<StoredSettings>(settingsStorage);

/** The templates in memory: the store and the list of every stored one. */
export function memoryTemplates() {
  const store = createMemoryAggregateStore<StoredTemplate>(templateStorage);
  return { store, all: async () => store.all() };
}

const isTo = (delivery: Delivery, recipient: Recipient) =>
  recipient.type === 'user'
    ? delivery.recipient.type === 'user' && delivery.recipient.userId === recipient.userId
    : delivery.recipient.type === 'candidate' && delivery.recipient.candidateId === recipient.candidateId;

const oldestFirst = (a: Delivery, b: Delivery) =>
  a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id.localeCompare(b.id);

/**
 * The deliveries in memory, with the reads the sender and the routes make of them (the queue of
 * those in play is the deliveries themselves here: there is no stale entry to put right).
 */
export function memoryDeliveries() {
  const store = createMemoryAggregateStore<Delivery>(deliveryStorage);
  const reads: Pick<DeliveryData, 'due' | 'stale' | 'forRecipients' | 'count' | 'reconcile'> = {
    due: async (now, limit = 20) =>
      store
        .all()
        .filter((delivery) => delivery.status === 'pending' && delivery.nextAttemptAt <= now)
        .sort(oldestFirst)
        .slice(0, limit),
    stale: async (claimedBefore, limit = 100) =>
      store
        .all()
        .filter(
          (delivery) =>
            delivery.status === 'sending' &&
            delivery.claimedAt !== null &&
            delivery.claimedAt < claimedBefore,
        )
        .sort(oldestFirst)
        .slice(0, limit),
    forRecipients: async (recipients) =>
      store
        .all()
        .filter((delivery) => recipients.some((recipient) => isTo(delivery, recipient)))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)),
    count: async (status) => store.all().filter((delivery) => delivery.status === status).length,
    reconcile: async () => 0,
  };
  return { store, ...reads };
}

export type MemoryDeliveries = ReturnType<typeof memoryDeliveries>;
