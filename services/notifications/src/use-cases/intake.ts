import { type Clock, systemClock } from '@meritmatch/service-kit';
import type { DeliveryData } from '../data/deliveries';
import { newDelivery } from '../domain/delivery';
import type { Notification } from '../domain/notification-rules';

class AlreadyThere extends Error {}

/**
 * Records the e-mails an event asks for, one delivery per recipient, keyed by the event id and
 * the recipient: an event handled twice (a replay, a restart before its offset was committed)
 * finds its deliveries there and adds none. New ones wake the sender.
 */
export function createIntake({
  deliveries,
  wake,
  clock = systemClock,
}: {
  deliveries: Pick<DeliveryData, 'store'>;
  wake: () => void;
  clock?: Clock;
}) {
  return async (eventId: string, notifications: Notification[]) => {
    let added = 0;
    for (const notification of notifications) {
      try {
        await deliveries.store.create(
          newDelivery(eventId, notification, clock()),
          [],
          () => new AlreadyThere(),
        );
        added += 1;
      } catch (error) {
        if (!(error instanceof AlreadyThere)) throw error;
      }
    }
    if (added > 0) wake();
    return added;
  };
}

export type Intake = ReturnType<typeof createIntake>;
