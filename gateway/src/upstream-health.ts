import { Agent, request } from 'undici';

export type HealthState = {
  /** The service answered lately (its `/health`, or a forwarded call). */
  answering: boolean;
  /** Why not, when it is not: for `/ready` and the log. */
  reason?: string;
};

type Tracked = {
  lastAnswerAt: number;
  pollSince?: number;
  reason?: string;
  unresponsive: boolean;
  /** Its last question found nothing listening (the process is down, perhaps restarting). */
  refused?: boolean;
};

export type UpstreamHealthOptions<A extends string> = {
  services: Record<A, string>;
  /** How often each service's `/health` is asked (one question at a time per service). */
  pollMs?: number;
  /** A service that has answered nothing for this long, with a question pending, is not answering. */
  unresponsiveMs?: number;
  /** Told when a service stops answering (a frozen process) and when it answers again. */
  onChange: (area: A, answering: boolean, reason?: string) => void;
  /** Told when a service that refused connections (it was down) answers its `/health` again. */
  onReturn?: (area: A) => void;
  now?: () => number;
};

/**
 * What the gateway knows of each service without waiting for it: its `/health`, asked every
 * `pollMs` in the background, and every answer the service gives to a forwarded call. A service
 * with a question pending that has answered nothing for `unresponsiveMs` is "not answering" (a
 * frozen or hung process: its socket accepts, nothing comes back). The gateway then answers its
 * area at once instead of letting each caller wait for the whole time-out (10 s for a sign-in),
 * and `/ready` names it; both from this state, never from a call made while a caller waits.
 */
export class UpstreamHealth<A extends string> {
  private readonly tracked = new Map<A, Tracked>();
  private readonly dispatcher = new Agent({ keepAliveTimeout: 30000, connections: 1 });
  private timer: NodeJS.Timeout | undefined;
  private readonly pollMs: number;
  private readonly unresponsiveMs: number;
  private readonly now: () => number;

  constructor(private readonly options: UpstreamHealthOptions<A>) {
    this.pollMs = options.pollMs ?? 250;
    this.unresponsiveMs = options.unresponsiveMs ?? 1000;
    this.now = options.now ?? Date.now;
    const started = this.now();
    for (const area of Object.keys(options.services) as A[]) {
      // not known yet: counted as answering until a question goes unanswered
      this.tracked.set(area, { lastAnswerAt: started, unresponsive: false, reason: 'not asked yet' });
    }
  }

  start() {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.pollMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    void this.dispatcher.close();
  }

  /** A forwarded call got an answer: the service runs. */
  answered(area: A) {
    const tracked = this.tracked.get(area);
    if (tracked) this.markAnswer(area, tracked);
  }

  state(area: A): HealthState {
    const tracked = this.tracked.get(area);
    if (!tracked) return { answering: true };
    if (tracked.unresponsive) return { answering: false, reason: tracked.reason ?? 'not answering' };
    return tracked.reason && tracked.reason !== 'not asked yet'
      ? { answering: true, reason: tracked.reason }
      : { answering: true };
  }

  private tick() {
    const now = this.now();
    for (const [area, tracked] of this.tracked) {
      if (tracked.pollSince === undefined) {
        void this.poll(area, tracked);
        continue;
      }
      // a question is pending, and nothing came back for too long
      if (!tracked.unresponsive && now - tracked.lastAnswerAt > this.unresponsiveMs) {
        tracked.unresponsive = true;
        tracked.reason = `no answer to /health within ${this.unresponsiveMs} ms`;
        this.options.onChange(area, false, tracked.reason);
      }
    }
  }

  private async poll(area: A, tracked: Tracked) {
    tracked.pollSince = this.now();
    try {
      const response = await request(new URL('/health', this.options.services[area]), {
        dispatcher: this.dispatcher,
        // a frozen service keeps the question for a long time: let it go eventually
        signal: AbortSignal.timeout(30000),
      });
      await response.body.dump();
      this.markAnswer(area, tracked);
      if (response.statusCode !== 200) tracked.reason = `/health answered ${response.statusCode}`;
      else if (tracked.refused) this.options.onReturn?.(area);
      tracked.refused = false;
    } catch (error) {
      const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
      const refused = code === 'ECONNREFUSED' || cause?.code === 'ECONNREFUSED';
      // a refused connection is an answer of sorts: nothing is running there, calls fail at once
      if (refused) {
        this.markAnswer(area, tracked);
        tracked.reason = 'connection refused';
        tracked.refused = true;
      }
    } finally {
      tracked.pollSince = undefined;
    }
  }

  private markAnswer(area: A, tracked: Tracked) {
    tracked.lastAnswerAt = this.now();
    tracked.reason = undefined;
    if (tracked.unresponsive) {
      tracked.unresponsive = false;
      this.options.onChange(area, true);
    }
  }
}
