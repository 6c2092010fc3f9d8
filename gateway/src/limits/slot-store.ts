import type { connectMongo } from '@meritmatch/service-kit';

type Connection = Awaited<ReturnType<typeof connectMongo>>;
type Slot = { _id: string; expireAt: Date };

/** What a window holds after a take: the slot claimed (or `points + 1` when full) and when it ends. */
export type Taken = { consumed: number; msBeforeNext: number };

/**
 * The driver's own `timeoutMS` did not end an operation on a connection that stopped
 * answering (40 s in a trial), so the store gives up on its own clock; the operation left
 * behind settles or fails later, unobserved.
 */
function within<T>(operation: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the rate-limit store did not answer within ${ms} ms`)), ms);
  });
  operation.catch(() => undefined);
  return Promise.race([operation, timeout]).finally(() => clearTimeout(timer));
}

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

/**
 * Fixed-window counters shared by every gateway instance through MongoDB, built only on
 * an insert with a unique `_id`, the one write FerretDB v1 makes atomic. (Its
 * `findOneAndUpdate`/`$inc` read and write back without isolation: 50 concurrent
 * increments left 7, so rate-limiter-flexible's RateLimiterMongo undercounts there.)
 *
 * A hit claims slot n of its key's window by inserting `key|window|n`; a duplicate means
 * another instance took it, and the hit looks for the next free slot. A window holds at
 * most `points` claimed slots, so at most `points` hits pass, whatever the interleaving.
 * Slots are looked up by `_id` only, which FerretDB answers from its primary key.
 */
export class SlotStore {
  private readonly slots;
  /** Per key: the window last seen and the next slot likely free in it (a hint, never trusted). */
  private readonly hints = new Map<string, { window: number; next: number; ends: number }>();
  /** After a failure the store is left alone for a while, so callers do not each wait for it. */
  private unavailableUntil = 0;
  /** The last hit of each key still under way in this instance. */
  private readonly turns = new Map<string, Promise<Taken>>();

  constructor(
    connection: Connection,
    private readonly options: {
      collection?: string;
      operationTimeoutMs?: number;
      retryAfterFailureMs?: number;
      now?: () => number;
    } = {},
  ) {
    if (!connection.db) throw new Error('the rate-limit store needs a connected database');
    this.slots = connection.db.collection<Slot>(options.collection ?? 'rate_limit_slots');
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private get timeoutMs() {
    return this.options.operationTimeoutMs ?? 500;
  }

  private async taken(id: string) {
    return (await within(this.slots.findOne({ _id: id }), this.timeoutMs)) !== null;
  }

  /** The first slot above `from` that looks free: doubling steps, then halving (claims fill slots from 1 up). */
  private async firstFree(prefix: string, from: number, limit: number) {
    let low = from;
    let step = 1;
    let high = Math.min(from + step, limit);
    while (high < limit && (await this.taken(`${prefix}${high}`))) {
      low = high;
      step *= 2;
      high = Math.min(from + step, limit);
    }
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await this.taken(`${prefix}${middle}`)) low = middle;
      else high = middle;
    }
    return high;
  }

  /**
   * Claims one slot of `key`'s current window of `durationMs`; `consumed > points` means the
   * window is full. Hits on one key from this instance take their turns, so they do not all
   * race for the same slot (60 at once took 7 s that way on a busy machine); only hits from
   * other instances still collide.
   */
  take(key: string, points: number, durationMs: number): Promise<Taken> {
    const previous = this.turns.get(key) ?? Promise.resolve();
    const turn = previous.then(
      () => this.takeNow(key, points, durationMs),
      () => this.takeNow(key, points, durationMs),
    );
    this.turns.set(key, turn);
    const forget = () => {
      if (this.turns.get(key) === turn) this.turns.delete(key);
    };
    turn.then(forget, forget);
    return turn;
  }

  private async takeNow(key: string, points: number, durationMs: number): Promise<Taken> {
    if (Date.now() < this.unavailableUntil) throw new Error('the rate-limit store failed moments ago');
    try {
      return await this.claim(key, points, durationMs);
    } catch (error) {
      this.unavailableUntil = Date.now() + (this.options.retryAfterFailureMs ?? 5000);
      throw error;
    }
  }

  private async claim(key: string, points: number, durationMs: number): Promise<Taken> {
    const now = this.now();
    const window = Math.floor(now / durationMs);
    const ends = (window + 1) * durationMs;
    const msBeforeNext = ends - now;
    const hint = this.hints.get(key);
    let slot = hint?.window === window ? hint.next : 1;
    const prefix = `${key}|${window}|`;
    while (slot <= points) {
      try {
        await within(
          this.slots.insertOne({ _id: `${prefix}${slot}`, expireAt: new Date(ends) }),
          this.timeoutMs,
        );
        this.hints.set(key, { window, next: slot + 1, ends });
        return { consumed: slot, msBeforeNext };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // `points + 1` stands for "full": the last slot is only probed, never inserted past
        slot = await this.firstFree(prefix, slot, points + 1);
      }
    }
    this.hints.set(key, { window, next: points + 1, ends });
    return { consumed: points + 1, msBeforeNext };
  }

  /** Removes the slots of windows that have ended, and forgets their hints. */
  async sweep() {
    const now = this.now();
    await this.slots.deleteMany({ expireAt: { $lte: new Date(now) } });
    for (const [key, hint] of this.hints) if (hint.ends <= now) this.hints.delete(key);
  }
}
