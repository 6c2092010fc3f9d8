import type { connectMongo } from './mongo';

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

type Waiting = { resolve: (taken: Taken) => void; reject: (error: unknown) => void };

/** The most hits of one key claimed in one write. */
const maxBatch = 64;

/**
 * A block of consecutive hits of one window held by this instance: `next` to `last` are unused.
 * `spare` is the next block, claimed before this one runs out; `full` says no block is left.
 */
type Allowance = {
  window: number;
  ends: number;
  next: number;
  last: number;
  full: boolean;
  spare?: { first: number; last: number } | undefined;
};

/**
 * How many hits one slot document stands for: one below 100 (sign-in, sign-up and the
 * quotas stay exact across instances), a twentieth of the limit above it, at most 64.
 */
export const blockSize = (points: number) => (points < 100 ? 1 : Math.min(64, Math.floor(points / 20)));

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
  /** Per key: the hits of this instance waiting to be claimed, the first one's claim under way. */
  private readonly queues = new Map<string, Waiting[]>();
  /** Per key of a limit counted in blocks: the block this instance holds, and its next hit. */
  private readonly allowances = new Map<string, Allowance>();
  /** Per key: the claim of a block under way. */
  private readonly claiming = new Map<string, Promise<void>>();

  constructor(
    connection: Connection,
    private readonly options: {
      collection?: string;
      operationTimeoutMs?: number;
      retryAfterFailureMs?: number;
      now?: () => number;
      /**
       * For counts that `reset` lowers, from any instance (failed sign-ins): every hit claims
       * its own slot, searched from the first, with no hint or block kept in memory, which a
       * reset made elsewhere would leave wrong.
       */
      resettable?: boolean;
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
   * Counts one hit of `key` in its current window of `durationMs`; `consumed > points` means
   * the window is full. A limit of hundreds or more is claimed in blocks (`blockSize`): one
   * slot document stands for a block of consecutive hits, which this instance then admits
   * from memory, claiming the next block when half of this one is used, so that a busy key's
   * hits do not wait for the store. No more than `points` hits pass in a window; what another
   * instance holds unused (less than two blocks each) may be refused to this one.
   */
  async take(key: string, points: number, durationMs: number): Promise<Taken> {
    const size = this.options.resettable ? 1 : blockSize(points);
    if (size === 1) return this.takeSlot(key, points, durationMs);
    for (;;) {
      const now = this.now();
      const window = Math.floor(now / durationMs);
      const msBeforeNext = (window + 1) * durationMs - now;
      const allowance = this.allowances.get(key);
      if (allowance?.window === window) {
        if (allowance.next > allowance.last && allowance.spare) {
          allowance.next = allowance.spare.first;
          allowance.last = allowance.spare.last;
          allowance.spare = undefined;
        }
        if (allowance.next <= allowance.last) {
          const consumed = allowance.next++;
          if (allowance.last - consumed < size / 2) this.claimAhead(key, points, durationMs, size, allowance);
          return { consumed, msBeforeNext };
        }
        if (allowance.full) return { consumed: points + 1, msBeforeNext };
      }
      // one claim of a block per key at a time: the other hits wait for it, then count from it
      let claiming = this.claiming.get(key);
      if (!claiming) {
        claiming = this.claimBlock(key, points, durationMs, size, window).finally(() =>
          this.claiming.delete(key),
        );
        this.claiming.set(key, claiming);
      }
      await claiming;
    }
  }

  /**
   * Claims the block after `allowance` in the background, kept as its `spare`; a failure is left
   * to the claim made when the allowance runs out, which reports it.
   */
  private claimAhead(key: string, points: number, durationMs: number, size: number, allowance: Allowance) {
    if (allowance.spare || allowance.full || this.claiming.has(key)) return;
    const blocks = Math.ceil(points / size);
    const claiming = this.takeSlot(`${key}|block${size}`, blocks, durationMs)
      .then(({ consumed: block }) => {
        if (this.allowances.get(key) !== allowance || allowance.ends <= this.now()) return;
        if (block > blocks) allowance.full = true;
        else allowance.spare = { first: (block - 1) * size + 1, last: Math.min(block * size, points) };
      })
      .catch(() => undefined)
      .finally(() => this.claiming.delete(key));
    this.claiming.set(key, claiming);
  }

  /** Claims the next free block of `key`'s window and keeps it as this instance's allowance. */
  private async claimBlock(key: string, points: number, durationMs: number, size: number, window: number) {
    const blocks = Math.ceil(points / size);
    const { consumed: block } = await this.takeSlot(`${key}|block${size}`, blocks, durationMs);
    const full = block > blocks;
    this.allowances.set(key, {
      window,
      ends: (window + 1) * durationMs,
      next: full ? 1 : (block - 1) * size + 1,
      last: full ? 0 : Math.min(block * size, points),
      full,
    });
  }

  /**
   * Claims one slot of `key`'s current window of `durationMs` (a hit, or a block of hits); `consumed > points` means the
   * window is full. Hits on one key from this instance do not race each other for the same
   * slot, which made a burst on one key take seconds: while one claim is under way the next
   * hits wait, and then are claimed together in one write, so that a busy key costs one round
   * trip per batch rather than one per hit (`npm run bench -- http`). Only hits from other
   * instances still collide.
   */
  private takeSlot(key: string, points: number, durationMs: number): Promise<Taken> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = [];
      this.queues.set(key, queue);
    }
    const waiting = queue;
    const taken = new Promise<Taken>((resolve, reject) => waiting.push({ resolve, reject }));
    if (waiting.length === 1) void this.drain(key, points, durationMs, waiting);
    return taken;
  }

  private async drain(key: string, points: number, durationMs: number, queue: Waiting[]) {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      try {
        const taken = await this.takeNow(key, points, durationMs, batch.length);
        for (const [i, hit] of batch.entries()) hit.resolve(taken[i]!);
      } catch (error) {
        for (const hit of batch) hit.reject(error);
      }
      queue.splice(0, batch.length);
    }
    if (this.queues.get(key) === queue) this.queues.delete(key);
  }

  private async takeNow(key: string, points: number, durationMs: number, count: number): Promise<Taken[]> {
    if (Date.now() < this.unavailableUntil) throw new Error('the rate-limit store failed moments ago');
    try {
      return await this.claim(key, points, durationMs, count);
    } catch (error) {
      this.unavailableUntil = Date.now() + (this.options.retryAfterFailureMs ?? 5000);
      throw error;
    }
  }

  /** Claims `count` slots of the current window (each hit its own), in as few writes as the others allow. */
  private async claim(key: string, points: number, durationMs: number, count: number): Promise<Taken[]> {
    const now = this.now();
    const window = Math.floor(now / durationMs);
    const ends = (window + 1) * durationMs;
    const msBeforeNext = ends - now;
    const hint = this.hints.get(key);
    let slot = hint?.window === window && !this.options.resettable ? hint.next : 1;
    const prefix = `${key}|${window}|`;
    const claimed: number[] = [];
    while (claimed.length < count && slot <= points) {
      const tried = Array.from(
        { length: Math.min(count - claimed.length, points - slot + 1) },
        (_, i) => slot + i,
      );
      const refused = await this.insertSlots(prefix, tried, ends);
      claimed.push(...tried.filter((n) => !refused.has(n)));
      const last = tried.at(-1)!;
      slot = last + 1;
      // `points + 1` stands for "full": the last slot is only probed, never inserted past
      if (refused.size > 0 && claimed.length < count) slot = await this.firstFree(prefix, last, points + 1);
    }
    if (!this.options.resettable) this.hints.set(key, { window, next: Math.min(slot, points + 1), ends });
    return Array.from({ length: count }, (_, i) => ({ consumed: claimed[i] ?? points + 1, msBeforeNext }));
  }

  /** Inserts the slots numbered `numbers`; answers the numbers another instance holds already. */
  private async insertSlots(prefix: string, numbers: number[], ends: number) {
    const documents = numbers.map((n) => ({ _id: `${prefix}${n}`, expireAt: new Date(ends) }));
    try {
      await within<unknown>(
        documents.length === 1
          ? this.slots.insertOne(documents[0]!)
          : this.slots.insertMany(documents, { ordered: false }),
        this.timeoutMs,
      );
      return new Set<number>();
    } catch (error) {
      // a bulk insert names each refused document; a single one is refused whole
      const writeErrors = (error as { writeErrors?: Array<{ index: number; code?: number }> }).writeErrors;
      if (Array.isArray(writeErrors) && writeErrors.length > 0) {
        if (writeErrors.some((e) => e.code !== 11000)) throw error;
        return new Set(writeErrors.map((e) => numbers[e.index]!));
      }
      if (documents.length === 1 && isDuplicateKey(error)) return new Set(numbers);
      throw error;
    }
  }

  /**
   * Frees slots 1 to `upTo` of `key`'s current window (a store made `resettable`): a sign-in
   * that succeeded frees its own slot and those of the failures before it. Slots claimed
   * after it stay counted.
   */
  async reset(key: string, durationMs: number, upTo: number) {
    const prefix = `${key}|${Math.floor(this.now() / durationMs)}|`;
    const ids = Array.from({ length: upTo }, (_, i) => `${prefix}${i + 1}`);
    // one slot is deleted by its `_id`, which FerretDB answers from its primary key
    await within<unknown>(
      ids.length === 1
        ? this.slots.deleteOne({ _id: ids[0]! })
        : this.slots.deleteMany({ _id: { $in: ids } }),
      this.timeoutMs,
    );
  }

  /** Removes the slots of windows that have ended, and forgets their hints and allowances. */
  async sweep() {
    const now = this.now();
    await this.slots.deleteMany({ expireAt: { $lte: new Date(now) } });
    for (const [key, hint] of this.hints) if (hint.ends <= now) this.hints.delete(key);
    for (const [key, allowance] of this.allowances) if (allowance.ends <= now) this.allowances.delete(key);
  }
}
