import { metricsRegistry } from '@meritmatch/service-kit';
import client from 'prom-client';

function once<T>(name: string, make: () => T): T {
  return (metricsRegistry.getSingleMetric(name) as T | undefined) ?? make();
}

/** Every delivery step's outcome, by kind: sent, skipped, retried (a failed send to try again), deferred, parked. */
export const deliveryOutcomes = once(
  'notifications_deliveries_total',
  () =>
    new client.Counter({
      name: 'notifications_deliveries_total',
      help: 'E-mail deliveries by kind and outcome (sent, skipped, retried, deferred, parked)',
      labelNames: ['kind', 'outcome'] as const,
    }),
);

/** Deliveries parked for good (failed too often, refused, or interrupted while sending): someone should look. */
export const parkedDeliveries = once(
  'notifications_parked_deliveries',
  () =>
    new client.Gauge({
      name: 'notifications_parked_deliveries',
      help: 'E-mail deliveries parked with a reason (see the deliveries collection)',
    }),
);

/** Deliveries waiting to be sent (due now or later). */
export const pendingDeliveries = once(
  'notifications_pending_deliveries',
  () =>
    new client.Gauge({
      name: 'notifications_pending_deliveries',
      help: 'E-mail deliveries waiting to be sent',
    }),
);
