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
  registerKitMetrics();
}

function once<T>(name: string, make: () => T): T {
  return (metricsRegistry.getSingleMetric(name) as T | undefined) ?? make();
}

const durationName = 'http_request_duration_seconds';
const durationHelp = 'Time to answer an HTTP request, by method and route pattern';
const [bucketName, sumName, countName] = ['bucket', 'sum', 'count'].map((part) => `${durationName}_${part}`);
const durationBounds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method and route pattern's answers so far. */
type RouteTally = {
  method: string;
  route: string;
  /** Answers by status. */
  statuses: Map<number, number>;
  /** Answers by duration bucket (not cumulative); the last holds those slower than every bound. */
  buckets: number[];
  seconds: number;
  count: number;
};

/**
 * `http_request_duration_seconds`, counted in plain maps by method and route pattern, with the
 * answers by status that `http_requests_total` reads when scraped. prom-client's own `observe`
 * and `inc` check and hash the labels on every call, far dearer than a map lookup under load
 * (npm run bench -- http).
 * The exposition is prom-client's (the registry formats `get()`), the same lines as before.
 */
// its label names include the buckets' `le` only for the type of what `get()` answers
class RequestTimings extends client.Histogram<'method' | 'route' | 'le'> {
  readonly #routes = new Map<string, Map<string, RouteTally>>();

  constructor(configuration: client.HistogramConfiguration<'method' | 'route' | 'le'>) {
    super(configuration);
    // prom-client sets `observe` on the instance; what it counted would never be exposed here
    this.observe = () => {
      throw new Error('Request durations are counted with record(method, route, status, seconds)');
    };
  }

  /** Counts one answer. */
  record(method: string, route: string, status: number, seconds: number) {
    let byRoute = this.#routes.get(method);
    if (!byRoute) {
      byRoute = new Map();
      this.#routes.set(method, byRoute);
    }
    let tally = byRoute.get(route);
    if (!tally) {
      tally = {
        method,
        route,
        statuses: new Map(),
        buckets: new Array(durationBounds.length + 1).fill(0),
        seconds: 0,
        count: 0,
      };
      byRoute.set(route, tally);
    }
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < durationBounds.length && seconds > durationBounds[bucket]!) bucket++;
    tally.buckets[bucket]! += 1;
    tally.seconds += seconds;
    tally.count += 1;
  }

  /** Every method and route pattern answered so far. */
  *routes(): Iterable<RouteTally> {
    for (const byRoute of this.#routes.values()) yield* byRoute.values();
  }

  override async get() {
    const values: client.MetricValueWithName<'method' | 'route' | 'le'>[] = [];
    for (const { method, route, buckets, seconds, count } of this.routes()) {
      const labels = { method, route };
      let below = 0;
      durationBounds.forEach((le, index) => {
        below += buckets[index]!;
        values.push({ metricName: bucketName, labels: { le, ...labels }, value: below });
      });
      values.push(
        { metricName: bucketName, labels: { le: '+Inf', ...labels }, value: count },
        { metricName: sumName, labels, value: seconds },
        { metricName: countName, labels, value: count },
      );
    }
    // the shape prom-client's own histograms answer; its declarations ask for a `collect` they do
    // not carry, and name the type with an enum that exists only in the declarations
    const answer = { name: durationName, help: durationHelp, type: 'histogram', values, aggregator: 'sum' };
    return answer as unknown as client.MetricObjectWithValues<
      client.MetricValueWithName<'method' | 'route' | 'le'>
    >;
  }

  /** What the registry reads for the text format (the base class's would read its own, empty, store). */
  getForPromString() {
    return this.get();
  }

  override reset() {
    // the base class's constructor calls this before the map exists
    if (#routes in this) this.#routes.clear();
  }
}

const httpRequestsTotal = () =>
  once(
    'http_requests_total',
    () =>
      new client.Counter({
        name: 'http_requests_total',
        help: 'HTTP requests answered, by method, route pattern and status',
        labelNames: ['method', 'route', 'status'] as const,
        collect() {
          this.reset();
          for (const { method, route, statuses } of requestTimings().routes())
            for (const [status, count] of statuses)
              this.inc({ method, route, status: String(status) }, count);
        },
      }),
  );

/** The request metrics: the kit's pipeline records each answer here (the counter reads them too). */
export const requestTimings = () => {
  httpRequestsTotal();
  return once(
    durationName,
    () =>
      new RequestTimings({
        name: durationName,
        help: durationHelp,
        labelNames: ['method', 'route'] as const,
        buckets: durationBounds,
      }),
  );
};

export type OutboxStats = { collection: string; pending: number; oldestAgeSeconds: number };
const outboxStatsProviders = new Set<() => OutboxStats[]>();

/** An outbox relay reports its backlog here; the gauges read it when scraped. */
export function registerOutboxStats(provider: () => OutboxStats[]) {
  outboxPending();
  outboxOldestAge();
  outboxStatsProviders.add(provider);
  return () => outboxStatsProviders.delete(provider);
}

const outboxStats = () => [...outboxStatsProviders].flatMap((provider) => provider());

const outboxPending = () =>
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

const outboxOldestAge = () =>
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

export const outboxPublished = () =>
  once(
    'outbox_published_events_total',
    () =>
      new client.Counter({
        name: 'outbox_published_events_total',
        help: 'Events the outbox relay published, by topic',
        labelNames: ['topic'] as const,
      }),
  );

export const consumerLag = () =>
  once(
    'kafka_consumer_lag',
    () =>
      new client.Gauge({
        name: 'kafka_consumer_lag',
        help: 'Messages in the topic not yet handled by this consumer, by consumer and topic',
        labelNames: ['consumer', 'topic'] as const,
      }),
  );

export const consumerRunning = () =>
  once(
    'kafka_consumer_running',
    () =>
      new client.Gauge({
        name: 'kafka_consumer_running',
        help: '1 while the consumer is a running member of its group, 0 while it restarts',
        labelNames: ['consumer'] as const,
      }),
  );

export const consumerRestarts = () =>
  once(
    'kafka_consumer_restarts_total',
    () =>
      new client.Counter({
        name: 'kafka_consumer_restarts_total',
        help: 'Times a consumer was started again after it crashed or was thrown out of its group',
        labelNames: ['consumer'] as const,
      }),
  );

export const deadLettered = () =>
  once(
    'kafka_dead_lettered_events_total',
    () =>
      new client.Counter({
        name: 'kafka_dead_lettered_events_total',
        help: 'Events parked in the dead-letter topic, by consumer and reason',
        labelNames: ['consumer', 'reason'] as const,
      }),
  );

export const eventsHandled = () =>
  once(
    'kafka_events_handled_total',
    () =>
      new client.Counter({
        name: 'kafka_events_handled_total',
        help: 'Events handled by a consumer, by consumer and outcome',
        labelNames: ['consumer', 'outcome'] as const,
      }),
  );

/**
 * Registers the kit's metrics, so that `/metrics` names them from the start. Nothing registers on
 * import: a process that serves no app (a CLI, a test) registers only what it uses.
 */
export function registerKitMetrics() {
  httpRequestsTotal();
  outboxPending();
  outboxOldestAge();
  requestTimings();
  outboxPublished();
  consumerLag();
  consumerRunning();
  consumerRestarts();
  deadLettered();
  eventsHandled();
}
