import { AsyncResource } from 'node:async_hooks';

type Watched = { at: number; expire: () => void };

/**
 * Work waiting on its deadline, checked together by one timer every `tickMs` rather than by a
 * timer of its own: with the request context on, a timer and the race against it cost a sixth
 * of a small read's CPU (npm run bench -- http). An expiry is noticed at most `tickMs` late.
 * The timer runs only while something is watched, and never keeps the process alive.
 */
export class DeadlineWatch {
  readonly #waiting = new Set<Watched>();
  readonly #tickMs: number;
  /** The expiries run in the context the watch was made in, never in the request that started the timer. */
  readonly #scope = new AsyncResource('DeadlineWatch');
  #timer: NodeJS.Timeout | undefined;

  constructor(tickMs = 20) {
    this.#tickMs = tickMs;
  }

  /** Calls `expire` once `at` (epoch ms) has passed, unless the returned cancel comes first. */
  watch(at: number, expire: () => void): () => void {
    const watched: Watched = { at, expire };
    this.#waiting.add(watched);
    this.#timer ??= setInterval(() => this.#scope.runInAsyncScope(this.#sweep), this.#tickMs).unref();
    return () => this.#waiting.delete(watched);
  }

  /** Whether its timer runs. */
  get running() {
    return this.#timer !== undefined;
  }

  /** How many are watched now. */
  get size() {
    return this.#waiting.size;
  }

  readonly #sweep = () => {
    if (this.#waiting.size === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    const now = Date.now();
    for (const watched of this.#waiting) {
      if (watched.at > now) continue;
      this.#waiting.delete(watched);
      watched.expire();
    }
  };
}
