/**
 * A named dependency check for `/ready`; it throws, saying why, when the dependency cannot be
 * used. `impact` says what a failure means for the process:
 * - `not-ready` (the default): it cannot answer correctly (its database, an index still being
 *   read): `/ready` answers 503;
 * - `degraded`: it still answers what does not need the dependency (Kafka: events wait in the
 *   outbox; a consumer: what follows from events waits): `/ready` answers 200 and names it.
 */
export type ReadinessCheck = {
  name: string;
  check: () => Promise<void>;
  impact?: 'not-ready' | 'degraded';
};

export type CheckResult = { name: string; ok: boolean; message?: string; impact: 'not-ready' | 'degraded' };

export type ReadinessState = {
  status: 'ready' | 'degraded' | 'not-ready';
  results: CheckResult[];
};

type Tracked = {
  running?: { since: number; done: Promise<void> };
  last?: { ok: boolean; message?: string };
};

/** How long a probe waits for the checks it started, when they have answered before. */
const freshMs = 50;

export type ReadinessMonitorOptions = {
  /** How often every check runs in the background once the monitor started. */
  intervalMs?: number;
  /** A check that has not answered this long counts as failed, "no answer within …". */
  timeoutMs?: number;
  now?: () => number;
};

/**
 * Answers `/ready` from state kept up to date in the background, never from a call made while
 * the probe waits: a stalled database or broker would otherwise hold every probe for as long
 * as the stall (a health checker with a one-second time-out then sees every instance as dead
 * at once and restarts them all).
 *
 * Every check runs every `intervalMs`, one run of a check at a time: a check that is still
 * running is not started again, and once it has run longer than `timeoutMs` it counts as failed
 * with that reason, whatever it answered before. `state()` waits at most `timeoutMs` for checks
 * that have never answered yet (the first probe after a start, or a check added since), and a
 * moment for the others, so a probe always has its answer within `timeoutMs` plus a little.
 *
 * The checks are read from the array at every round: checks added later (consumers, snapshots)
 * join. Nothing runs before the first `state()` or `start()`.
 */
export class ReadinessMonitor {
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly tracked = new Map<ReadinessCheck, Tracked>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly checks: ReadinessCheck[],
    { intervalMs = 1000, timeoutMs = 500, now = Date.now }: ReadinessMonitorOptions = {},
  ) {
    this.intervalMs = intervalMs;
    this.timeoutMs = timeoutMs;
    this.now = now;
  }

  /** Runs the checks now and then every `intervalMs` (the timer does not keep the process alive). */
  start() {
    if (this.timer) return;
    this.round();
    this.timer = setInterval(() => this.round(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Where the process stands; starts the monitor if it was not running. A probe also starts a
   * round of the checks that are not running, and waits for them a moment (`freshMs`): checks
   * that read the process's own state answer at once, so the probe sees it as it is now. A check
   * that hangs keeps its last answer (until it has hung `timeoutMs`); one that never answered is
   * waited for up to `timeoutMs`.
   */
  async state(): Promise<ReadinessState> {
    this.start();
    this.round();
    const waits = this.checks.flatMap((check) => {
      const { running, last } = this.trackedOf(check);
      if (!running) return [];
      const until = running.since + (last ? freshMs : this.timeoutMs);
      return [{ done: running.done, leftMs: until - this.now() }];
    });
    await Promise.all(
      waits.map(({ done, leftMs }) => {
        if (leftMs <= 0) return undefined;
        let timer: NodeJS.Timeout | undefined;
        return Promise.race([
          done,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, leftMs + 5);
          }),
        ]).finally(() => clearTimeout(timer));
      }),
    );
    return this.current();
  }

  /** The state as last known, without waiting. */
  current(): ReadinessState {
    const results = this.checks.map((check) => this.resultOf(check));
    const failed = results.filter((result) => !result.ok);
    const status = failed.some((result) => result.impact === 'not-ready')
      ? 'not-ready'
      : failed.length > 0
        ? 'degraded'
        : 'ready';
    return { status, results };
  }

  private trackedOf(check: ReadinessCheck): Tracked {
    let tracked = this.tracked.get(check);
    if (!tracked) {
      tracked = {};
      this.tracked.set(check, tracked);
      this.run(check, tracked);
    }
    return tracked;
  }

  private round() {
    for (const check of this.checks) {
      const tracked = this.trackedOf(check);
      if (!tracked.running) this.run(check, tracked);
    }
  }

  private run(check: ReadinessCheck, tracked: Tracked) {
    const since = this.now();
    const settle = (ok: boolean, message?: string) => {
      tracked.last = ok ? { ok } : { ok, message: message ?? 'failed' };
      tracked.running = undefined;
    };
    let done: Promise<void>;
    try {
      done = check.check().then(
        () => settle(true),
        (error: unknown) => settle(false, error instanceof Error ? error.message : String(error)),
      );
    } catch (error) {
      settle(false, error instanceof Error ? error.message : String(error));
      return;
    }
    tracked.running = { since, done };
  }

  private resultOf(check: ReadinessCheck): CheckResult {
    const impact = check.impact ?? 'not-ready';
    const tracked = this.trackedOf(check);
    if (tracked.running && this.now() - tracked.running.since > this.timeoutMs)
      return { name: check.name, ok: false, message: `no answer within ${this.timeoutMs} ms`, impact };
    if (!tracked.last) return { name: check.name, ok: false, message: 'not checked yet', impact };
    return tracked.last.ok
      ? { name: check.name, ok: true, impact }
      : { name: check.name, ok: false, message: tracked.last.message ?? 'failed', impact };
  }
}
