/**
 * The outcomes of the calls to one service that ended in the last `windowMs`, in `buckets`
 * slices that age out one at a time. A call counts when its outcome is known, not when it
 * starts: opossum's own window counts a call when it is fired, so calls that time out after
 * 5 s against a 10 s window never made up its volume while they failed (four callers of a frozen
 * service: four calls fired in each half of the window, and when the newest four failed the
 * oldest four had aged out: never the 5 calls it waits for, so it never opened).
 */
export class OutcomeWindow {
  private readonly slices: Array<{ start: number; calls: number; failures: number }> = [];
  private readonly sliceMs: number;

  constructor(
    private readonly windowMs: number,
    buckets = 10,
    private readonly now: () => number = Date.now,
  ) {
    this.sliceMs = Math.max(1, Math.floor(windowMs / buckets));
  }

  record(ok: boolean) {
    const now = this.now();
    const start = now - (now % this.sliceMs);
    let slice = this.slices.at(-1);
    if (!slice || slice.start !== start) {
      slice = { start, calls: 0, failures: 0 };
      this.slices.push(slice);
    }
    slice.calls += 1;
    if (!ok) slice.failures += 1;
    this.prune(now);
  }

  /** Calls and failures that ended within the window. */
  totals() {
    this.prune(this.now());
    let calls = 0;
    let failures = 0;
    for (const slice of this.slices) {
      calls += slice.calls;
      failures += slice.failures;
    }
    return { calls, failures };
  }

  clear() {
    this.slices.length = 0;
  }

  private prune(now: number) {
    while (this.slices.length > 0 && this.slices[0]!.start + this.sliceMs <= now - this.windowMs)
      this.slices.shift();
  }
}
