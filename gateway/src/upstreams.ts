import type { Readable } from 'node:stream';
import { ApiError, DeadlineWatch, type Logger, type ReadinessCheck } from '@meritmatch/service-kit';
import CircuitBreaker from 'opossum';
import client from 'prom-client';
import { Agent, type Dispatcher, request as send } from 'undici';
import { OutcomeWindow } from './outcome-window';
import type { Area } from './routes';
import { UpstreamHealth } from './upstream-health';

export type BreakerSettings = {
  /** Share of failed calls in the window (percent) above which the breaker opens. */
  errorThresholdPercentage: number;
  /** Calls the window must hold before the breaker may open: one slow call never opens it. */
  volumeThreshold: number;
  windowMs: number;
  /** How long an open breaker answers 503 at once before it lets one trial call through. */
  resetTimeoutMs: number;
};

/** Header names in lower case, as undici gives them; a repeated header is a list. */
export type RawHeaders = Record<string, string | string[] | undefined>;
/** The service's answer: its body read whole, or, for a streamed request's answer, still coming. */
export type UpstreamAnswer = { status: number; headers: RawHeaders; body: ArrayBuffer; stream?: Readable };
export type UpstreamRequest = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: ArrayBuffer;
  /** When the gateway stops waiting for the answer to start (and, unless streamed, to end). */
  deadlineAt: number;
  /** The answer's body is passed on as it comes, not read first (an export of any size). */
  streamed?: boolean;
};

/** The service refused the connection: the request never reached it. */
const connectionRefused = (error: unknown) => {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return code === 'ECONNREFUSED' || cause?.code === 'ECONNREFUSED';
};

/** A 5xx answer: a failure for the breaker, but still the service's own answer for the client. */
class FailedAnswer extends Error {
  constructor(readonly answer: UpstreamAnswer) {
    super(`answered ${answer.status}`);
  }
}

const breakerStates = { closed: 0, halfOpen: 1, open: 2 } as const;

function metric<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

const breakerGauge = () =>
  metric(
    'gateway_upstream_breaker_state',
    () =>
      new client.Gauge({
        name: 'gateway_upstream_breaker_state',
        help: 'Circuit breaker of each upstream service: 0 closed, 1 half-open (trial call), 2 open (failing fast)',
        labelNames: ['area'],
      }),
  );

const latencyHistogram = () =>
  metric(
    'gateway_upstream_duration_seconds',
    () =>
      new client.Histogram({
        name: 'gateway_upstream_duration_seconds',
        help: 'Time from the gateway forwarding a request to the upstream answer, by area and outcome',
        labelNames: ['area', 'outcome'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );

const unavailable = (area: Area) =>
  new ApiError('SERVICE_UNAVAILABLE', `The ${area} service is unavailable; please try again shortly`, [
    { path: 'area', message: area },
  ]);

/** Why a call in flight was let go before its deadline: its service stopped answering. */
class NotAnswering extends Error {}

/**
 * The services behind the gateway, each behind its own circuit breaker (opossum). Refused
 * connections, time-outs and 5xx answers count as failures; 4xx answers are the service
 * working as meant. A breaker opens when more than `errorThresholdPercentage` of the calls that
 * ended in the last `windowMs` failed, and at least `volumeThreshold` ended (OutcomeWindow: a
 * time-out counts when it ends). While open, its area is answered 503 at once; after
 * `resetTimeoutMs` one trial call goes through and closes it again if it succeeds.
 *
 * Beside the breakers, each service's `/health` is asked in the background (UpstreamHealth). A
 * service that stops answering altogether (a frozen process: its socket accepts, nothing comes
 * back) is known within `unresponsiveMs`: its breaker opens, the calls waiting for it are let go
 * with a 503 that says to try again, and new ones are answered so at once, instead of each
 * waiting for its whole time-out. Its breaker closes as soon as it answers again.
 */
export function createUpstreams({
  services,
  breaker: settings,
  logger,
  unresponsiveMs = 1000,
  healthPollMs = 250,
}: {
  services: Record<Area, string>;
  breaker: BreakerSettings;
  logger: Logger;
  /** A service that has answered nothing for this long, with a `/health` pending, is not answering. */
  unresponsiveMs?: number;
  healthPollMs?: number;
}) {
  // undici's own request on kept-alive connections, cheaper than Node 20's fetch
  // (`npm run bench -- http`); redirects are never followed
  const dispatcher = new Agent({ keepAliveTimeout: 30000, connections: 256 });
  // one timer for every call's deadline, not one per call (`npm run bench -- http`)
  const deadlines = new DeadlineWatch();
  const gauge = breakerGauge();
  const latency = latencyHistogram();
  /** The calls waiting for each service, to let go when it stops answering. */
  const inFlight = new Map<Area, Set<AbortController>>();
  /** Breakers opened because their service stopped answering (not by failed calls): closed when it answers. */
  const openedByHealth = new Set<Area>();
  const breakers = new Map(
    (Object.keys(services) as Area[]).map((area) => {
      const outcomes = new OutcomeWindow(settings.windowMs);
      const breaker = new CircuitBreaker(
        async (request: UpstreamRequest, signal: AbortSignal): Promise<UpstreamAnswer> => {
          const response = await send(request.url, {
            method: request.method as Dispatcher.HttpMethod,
            headers: request.headers,
            body: request.body && request.body.byteLength > 0 ? Buffer.from(request.body) : null,
            signal,
            dispatcher,
          });
          // answers are small JSON documents: buffering them is quicker than piping a stream; a
          // streamed request's answer comes on as it is written (a failure's is read, it is small)
          const streamed = request.streamed === true && response.statusCode < 500;
          const answer: UpstreamAnswer = {
            status: response.statusCode,
            headers: response.headers,
            body: streamed ? new ArrayBuffer(0) : await response.body.arrayBuffer(),
            ...(streamed ? { stream: response.body } : {}),
          };
          health.answered(area);
          if (answer.status >= 500) throw new FailedAnswer(answer);
          return answer;
        },
        {
          name: area,
          timeout: false, // the deadline aborts the call itself (below), so the service's socket is freed too
          // opossum's own window counts calls when they start: the outcome window decides (below)
          volumeThreshold: Number.MAX_SAFE_INTEGER,
          errorThresholdPercentage: 100,
          resetTimeout: settings.resetTimeoutMs,
        },
      );
      gauge.set({ area }, breakerStates.closed);
      breaker.on('success', () => outcomes.record(true));
      breaker.on('failure', () => {
        outcomes.record(false);
        const { calls, failures } = outcomes.totals();
        if (
          breaker.closed &&
          calls >= settings.volumeThreshold &&
          (failures * 100) / calls > settings.errorThresholdPercentage
        )
          breaker.open();
      });
      breaker.on('open', () => {
        gauge.set({ area }, breakerStates.open);
        logger.warn({ area, resetTimeoutMs: settings.resetTimeoutMs }, 'circuit breaker open: failing fast');
      });
      breaker.on('halfOpen', () => {
        gauge.set({ area }, breakerStates.halfOpen);
        logger.info({ area }, 'circuit breaker half-open: trying one call');
      });
      breaker.on('close', () => {
        outcomes.clear();
        openedByHealth.delete(area);
        gauge.set({ area }, breakerStates.closed);
        logger.info({ area }, 'circuit breaker closed: the service answers again');
      });
      return [area, breaker] as const;
    }),
  );
  const breakerOf = (area: Area) => breakers.get(area)!;
  const health = new UpstreamHealth<Area>({
    services,
    pollMs: healthPollMs,
    unresponsiveMs,
    onChange(area, answering, reason) {
      const breaker = breakerOf(area);
      if (!answering) {
        logger.warn({ area, reason }, 'service not answering: its calls are answered 503 at once');
        if (!breaker.opened) {
          openedByHealth.add(area);
          breaker.open();
        }
        for (const waiting of inFlight.get(area) ?? []) waiting.abort(new NotAnswering());
        return;
      }
      logger.info({ area }, 'service answering again');
      if (openedByHealth.has(area)) breaker.close();
    },
    // a service that was down (refused connections, which opened its breaker) is back: its area
    // need not wait for the breaker's trial call
    onReturn(area) {
      const breaker = breakerOf(area);
      if (breaker.opened || breaker.halfOpen) {
        logger.info({ area }, 'service back after refusing connections');
        breaker.close();
      }
    },
  });
  health.start();

  return {
    /** Sends the request to its area's service; the answer of the service, or the gateway's 503/504. */
    async send(area: Area, request: UpstreamRequest): Promise<UpstreamAnswer> {
      // a service known not to answer is not waited for (a half-open breaker would let one call wait)
      if (!health.state(area).answering) {
        latency.observe({ area, outcome: 'rejected' }, 0);
        throw unavailable(area);
      }
      const abort = new AbortController();
      const stopWatching = deadlines.watch(request.deadlineAt, () =>
        abort.abort(new DOMException('timed out', 'TimeoutError')),
      );
      const waiting = inFlight.get(area) ?? new Set<AbortController>();
      inFlight.set(area, waiting);
      waiting.add(abort);
      const started = performance.now();
      const observe = (outcome: string) =>
        latency.observe({ area, outcome }, (performance.now() - started) / 1000);
      const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
      try {
        const answer = await breakerOf(area).fire(request, abort.signal);
        observe('answered');
        return answer;
      } catch (error) {
        if (error instanceof FailedAnswer) {
          observe('failed');
          return error.answer;
        }
        if ((error as { code?: string }).code === 'EOPENBREAKER') {
          observe('rejected');
          throw unavailable(area);
        }
        if (abort.signal.aborted && abort.signal.reason instanceof NotAnswering) {
          observe('not-answering');
          // a write the service may have received before it stopped: its outcome is open
          if (!isWrite) throw unavailable(area);
          throw new ApiError('SERVICE_UNAVAILABLE', `The ${area} service did not answer; please try again`, [
            { path: 'area', message: area },
            { path: 'outcome', message: 'unknown' },
          ]);
        }
        if (abort.signal.aborted) {
          observe('timeout');
          // a write the service may have applied: the client sends it again with its key
          throw new ApiError('GATEWAY_TIMEOUT', `The ${area} service did not answer in time`, [
            { path: 'area', message: area },
            ...(isWrite ? [{ path: 'outcome', message: 'unknown' }] : []),
          ]);
        }
        observe('unreachable');
        // a write the service may have received before the connection broke: its outcome is open
        const refused = connectionRefused(error);
        if (isWrite && !refused) {
          throw new ApiError('SERVICE_UNAVAILABLE', `The ${area} service did not answer; please try again`, [
            { path: 'area', message: area },
            { path: 'outcome', message: 'unknown' },
          ]);
        }
        throw unavailable(area);
      } finally {
        waiting.delete(abort);
        stopWatching();
      }
    },

    /**
     * `/ready`, from state kept in the background: each service answers and its breaker is not
     * open. A service that is down leaves the gateway degraded, not unready: every gateway
     * instance would fail alike, and the other areas still work through it.
     */
    readiness: (Object.keys(services) as Area[]).map(
      (area): ReadinessCheck => ({
        name: area,
        impact: 'degraded',
        check: async () => {
          const state = health.state(area);
          if (!state.answering) throw new Error(state.reason ?? 'not answering');
          if (breakerOf(area).opened) throw new Error('circuit breaker open: failing fast');
          if (state.reason) throw new Error(state.reason);
        },
      }),
    ),

    state(area: Area): 'closed' | 'half-open' | 'open' {
      const breaker = breakerOf(area);
      if (breaker.opened) return 'open';
      return breaker.halfOpen ? 'half-open' : 'closed';
    },

    close() {
      health.stop();
      for (const breaker of breakers.values()) breaker.shutdown();
      void dispatcher.close();
    },
  };
}

export type Upstreams = ReturnType<typeof createUpstreams>;
