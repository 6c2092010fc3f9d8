export type RestartPolicyOptions = {
  /** Crashes allowed within `windowMs` before giving up on a process. */
  maxRestarts?: number;
  windowMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * When to start a crashed process again: after a back-off that doubles with each crash in
 * the window, and never after `maxRestarts` crashes within `windowMs` (a process that keeps
 * crashing needs a person, not a loop).
 */
export class RestartPolicy {
  private readonly crashes = new Map<string, number[]>();
  readonly maxRestarts: number;
  readonly windowMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor({
    maxRestarts = 5,
    windowMs = 60000,
    baseDelayMs = 500,
    maxDelayMs = 10000,
  }: RestartPolicyOptions = {}) {
    this.maxRestarts = maxRestarts;
    this.windowMs = windowMs;
    this.baseDelayMs = baseDelayMs;
    this.maxDelayMs = maxDelayMs;
  }

  /** Records a crash of `name`; answers the delay before restarting it, or undefined to give up. */
  crashed(name: string, now = Date.now()): { delayMs: number; attempt: number } | undefined {
    const recent = (this.crashes.get(name) ?? []).filter((at) => at > now - this.windowMs);
    recent.push(now);
    this.crashes.set(name, recent);
    if (recent.length > this.maxRestarts) return undefined;
    const delayMs = Math.min(this.baseDelayMs * 2 ** (recent.length - 1), this.maxDelayMs);
    return { delayMs, attempt: recent.length };
  }
}
