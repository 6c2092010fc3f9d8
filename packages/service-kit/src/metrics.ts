import client from 'prom-client';

/**
 * Prometheus metrics through prom-client's default registry, served at `/metrics` by every
 * process. Metric objects are made once per process (a second service app in one process,
 * as in tests, reuses them).
 */
export const metricsRegistry = client.register;

let defaultsCollected = false;

/** Process metrics (CPU, memory, event-loop lag, handles) with the service's name as a label. */
export function collectProcessMetrics(service: string) {
  if (defaultsCollected) return;
  defaultsCollected = true;
  metricsRegistry.setDefaultLabels({ service });
  client.collectDefaultMetrics();
}

function once<T>(name: string, make: () => T): T {
  return (metricsRegistry.getSingleMetric(name) as T | undefined) ?? make();
}

export const httpRequests = once(
  'http_requests_total',
  () =>
    new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
    }),
);

export const httpDuration = once(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export type OutboxStats = { collection: string; pending: number; oldestAgeSeconds: number };
const outboxStatsProviders = new Set<() => OutboxStats[]>();

/** An outbox relay reports its backlog here; the gauges read it when scraped. */
export function registerOutboxStats(provider: () => OutboxStats[]) {
  outboxStatsProviders.add(provider);
  return () => outboxStatsProviders.delete(provider);
}

const outboxStats = () => [...outboxStatsProviders].flatMap((provider) => provider());

once(
  'outbox_pending_documents',
  () =>
    new client.Gauge({
      name: 'outbox_pending_documents',
      help: 'Documents whose events are stored but not yet published, by collection',
      labelNames: ['collection'] as const,
      collect() {
        this.reset();
        for (const { collection, pending } of outboxStats()) this.set({ collection }, pending);
      },
    }),
);

once(
  'outbox_oldest_pending_age_seconds',
  () =>
    new client.Gauge({
      name: 'outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest stored event not yet published, by collection (0 when none)',
      labelNames: ['collection'] as const,
      collect() {
        this.reset();
        for (const { collection, oldestAgeSeconds } of outboxStats())
          this.set({ collection }, oldestAgeSeconds);
      },
    }),
);

export const outboxPublished = once(
  'outbox_published_events_total',
  () =>
    new client.Counter({
      name: 'outbox_published_events_total',
      help: 'Events the outbox relay published, by topic',
      labelNames: ['topic'] as const,
    }),
);

export const consumerLag = once(
  'kafka_consumer_lag',
  () =>
    new client.Gauge({
      name: 'kafka_consumer_lag',
      help: 'Messages in the topic not yet handled by this consumer, by consumer and topic',
      labelNames: ['consumer', 'topic'] as const,
    }),
);

export const consumerRunning = once(
  'kafka_consumer_running',
  () =>
    new client.Gauge({
      name: 'kafka_consumer_running',
      help: '1 while the consumer is a running member of its group, 0 while it restarts',
      labelNames: ['consumer'] as const,
    }),
);

export const consumerRestarts = once(
  'kafka_consumer_restarts_total',
  () =>
    new client.Counter({
      name: 'kafka_consumer_restarts_total',
      help: 'Times a consumer was started again after it crashed or was thrown out of its group',
      labelNames: ['consumer'] as const,
    }),
);

export const deadLettered = once(
  'kafka_dead_lettered_events_total',
  () =>
    new client.Counter({
      name: 'kafka_dead_lettered_events_total',
      help: 'Events parked in the dead-letter topic, by consumer and reason',
      labelNames: ['consumer', 'reason'] as const,
    }),
);

export const eventsHandled = once(
  'kafka_events_handled_total',
  () =>
    new client.Counter({
      name: 'kafka_events_handled_total',
      help: 'Events handled by a consumer, by consumer and outcome',
      labelNames: ['consumer', 'outcome'] as const,
    }),
);
