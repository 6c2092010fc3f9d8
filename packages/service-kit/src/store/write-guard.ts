import { randomUUID } from 'node:crypto';
import { type Connection, type Model, Schema } from 'mongoose';
import { ApiError } from '../core/api-error';
import { outsideRequest, timeLeft } from '../core/request-context';
import { isDuplicateKeyError } from './mongo';

/**
 * The one port behind which the concurrency mechanism of the aggregate store lives: `run`
 * does a read-modify-write of one document so that no other writer, in this process or
 * another, interleaves with it.
 *
 * - On MongoDB a single-document update is isolated, so the version guard of the store is
 *   enough: `versionGuardOnly` runs the work as it is.
 * - FerretDB v1 (SQLite) updates a document without isolation: concurrent updates lose
 *   writes and a version-guarded update can succeed twice (ferretdb-compat.int.test.ts).
 *   `leaseLocks` takes a lease document in a `write_leases` collection (an insert, which a
 *   unique `_id` makes atomic there too) before the work and removes it after, so writers in
 *   every process take turns. Within one process they queue in memory first.
 */
export type WriteGuard = {
  readonly kind: 'version-guard' | 'lease';
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
};

/**
 * Whether no other writer, in any process, changes a document while `run` works on it (leases).
 * Then what `run` read still holds when it writes, and the write can go by `_id` alone: FerretDB
 * on SQLite pushes only a filter of `_id` alone down to its storage, and reads and decodes the
 * whole collection for any other (`docs/ferretdb.md`).
 */
export const isExclusive = (guard: WriteGuard) => guard.kind === 'lease';

/**
 * The filter of a write inside `run` that must only apply while `condition` still holds (the
 * version read): the `_id` alone when the guard is exclusive, else the condition too, which
 * MongoDB checks atomically with the write.
 */
export const writeFilter = (guard: WriteGuard, id: unknown, condition: Record<string, unknown>) =>
  isExclusive(guard) ? { _id: id } : { _id: id, ...condition };

/** The key under which writers of one document take turns. */
export const documentKey = (
  model: { db: { name: string }; collection: { collectionName: string } },
  id: unknown,
) => `${model.db.name}/${model.collection.collectionName}/${String(id)}`;

/** In-process queue per key (it keeps one process from contending with itself). */
export function createProcessQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function queued<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/** MongoDB: the version guard decides; writers of one process still queue, to spare retries. */
export function versionGuardOnly(): WriteGuard {
  const queue = createProcessQueue();
  return { kind: 'version-guard', run: (key, work) => queue(key, work) };
}

type Lease = { _id: string; owner: string; expiresAt: Date };

const leaseSchema = new Schema<Lease>(
  { _id: { type: String, required: true }, owner: String, expiresAt: Date },
  { versionKey: false },
);

export type LeaseOptions = {
  /** How long a lease holds if its holder dies without removing it. */
  ttlMs?: number;
  /** How long to wait for a lease outside a request (inside one, until its deadline). */
  waitMs?: number;
};

export const guardBusy = () =>
  new ApiError('SERVICE_UNAVAILABLE', 'This record is busy with another change; please try again');

export function leaseLocks(
  connection: Connection,
  { ttlMs = 30000, waitMs = 15000 }: LeaseOptions = {},
): WriteGuard {
  const Leases = (connection.models.WriteLease ??
    connection.model('WriteLease', leaseSchema, 'write_leases')) as Model<Lease>;
  // every lease this guard takes is `<process>/<n>`: its own leftovers are recognised as such
  const processOwner = randomUUID();
  let taken = 0;
  const queue = createProcessQueue();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const isMine = (holder: string | undefined) => holder?.startsWith(`${processOwner}/`) === true;

  async function acquire(key: string): Promise<string> {
    const owner = `${processOwner}/${++taken}`;
    const until = Date.now() + Math.min(waitMs, timeLeft());
    for (let attempt = 0; ; attempt++) {
      try {
        await Leases.create({ _id: key, owner, expiresAt: new Date(Date.now() + ttlMs) });
        return owner;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const held = await Leases.findById(key).lean();
      // its holder died, or it is a lease of this process that could not be removed: the
      // process queue lets one writer per key at a time, so no writer of ours still holds it
      if (held && (isMine(held.owner) || held.expiresAt.getTime() < Date.now())) {
        await Leases.deleteOne({ _id: key, owner: held.owner });
        continue;
      }
      if (Date.now() >= until) throw guardBusy();
      await sleep(Math.min(2 + attempt * 3, 25) + Math.random() * 5);
    }
  }

  /**
   * Removes the lease: clean-up, not the caller's work, so it runs outside the caller's
   * deadline (a request that ran out of time still frees the document). While the database
   * is busy it is tried again in the background; meanwhile this process's next writer takes
   * the lease over at once (it is this process's own), and other processes once it expires.
   */
  async function release(key: string, owner: string) {
    const remove = () => Leases.deleteOne({ _id: key, owner }).maxTimeMS(releaseLimitMs);
    try {
      await remove();
    } catch {
      void (async () => {
        for (let attempt = 2; attempt <= releaseAttempts; attempt++) {
          await sleep(100 * attempt);
          try {
            await remove();
            return;
          } catch {
            // tried again; once out of attempts the lease expires
          }
        }
      })();
    }
  }

  return {
    kind: 'lease',
    run: (key, work) =>
      queue(key, async () => {
        const owner = await acquire(key);
        try {
          return await work();
        } finally {
          await outsideRequest(() => release(key, owner));
        }
      }),
  };
}

/** How often, and how long each time, a lease's removal is tried. */
const releaseAttempts = 5;
const releaseLimitMs = 2000;

/** Whether the server is FerretDB (its `buildInfo` says so); it then needs lease locks. */
export async function isFerretDB(connection: Connection): Promise<boolean> {
  const info = await connection.db?.admin().command({ buildInfo: 1 });
  return typeof info?.ferretdbVersion === 'string';
}

/** The guard the server needs: leases on FerretDB, the version guard alone on MongoDB. */
export async function writeGuardFor(connection: Connection, options?: LeaseOptions): Promise<WriteGuard> {
  return (await isFerretDB(connection)) ? leaseLocks(connection, options) : versionGuardOnly();
}
