import type { AggregateStore } from '@meritmatch/service-kit';
import type { MatchRequest } from '../domain/match-request';

/** An entry of the admins' queue: a pending request, by id, with when it was made. */
export type QueueEntry = { _id: string; createdAt: Date };

/** Newest first, ties by id: the queue's order, and the order of the requests' own lists. */
export const newestFirstBy =
  <T>(idOf: (item: T) => string) =>
  (a: T & { createdAt: Date }, b: T & { createdAt: Date }) => {
    const [first, second] = [idOf(a), idOf(b)];
    return b.createdAt.getTime() - a.createdAt.getTime() || (first < second ? -1 : first > second ? 1 : 0);
  };
const newestFirst = newestFirstBy<QueueEntry>((entry) => entry._id);

const without = (entries: readonly QueueEntry[], id: string) => entries.filter((entry) => entry._id !== id);

/** The entries with `entry` in its place (newest first), replacing one of the same id. */
function withEntry(entries: readonly QueueEntry[], entry: QueueEntry): QueueEntry[] {
  const rest = without(entries, entry._id);
  let low = 0;
  let high = rest.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (newestFirst(rest[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  rest.splice(low, 0, entry);
  return rest;
}

type Change = (entries: readonly QueueEntry[]) => QueueEntry[];

export type PendingQueueOptions = {
  /** Reads every entry of the queue from the database, in any order (the queue sorts them). */
  read: () => Promise<QueueEntry[]>;
  /** How long a read serves the pages; 0 reads the collection for every page. */
  maxAgeMs: number;
  now?: () => number;
};

/**
 * The admins' queue of pending requests, newest first, held in memory between reads of
 * `pending_match_requests`. FerretDB on SQLite reads and decodes that whole collection for
 * its sort, which cost several times what reading a page's requests by `_id` costs, and the
 * queue is one of the dearest reads of the product (`npm run bench -- capacity`).
 *
 * The requests stay the truth: a page's requests are read by `_id` and checked, so a request
 * decided meanwhile never shows as pending. This process's own writes change the held queue at
 * once (`following`), so a request made or decided here shows in the queue at once. A request
 * made by another instance of the service shows once the queue is read again, at most
 * `maxAgeMs` later. Changes made while a read is under way are applied to what it read.
 */
export function createPendingQueue({ read, maxAgeMs, now = Date.now }: PendingQueueOptions) {
  let held: QueueEntry[] | undefined;
  let readAt = 0;
  let reading: Promise<QueueEntry[]> | undefined;
  let changesWhileReading: Change[] = [];

  const apply = (change: Change) => {
    if (held) held = change(held);
    if (reading) changesWhileReading.push(change);
  };
  const added = (entry: QueueEntry) => apply((entries) => withEntry(entries, entry));
  const removed = (id: string) => apply((entries) => without(entries, id));

  return {
    /** Every entry, newest first: the held queue while it is younger than `maxAgeMs`, else read again. */
    entries(): Promise<readonly QueueEntry[]> {
      if (held && maxAgeMs > 0 && now() - readAt < maxAgeMs) return Promise.resolve(held);
      if (!reading) {
        const started = now();
        changesWhileReading = [];
        reading = read()
          .then((entries) => {
            let result = [...entries].sort(newestFirst);
            for (const change of changesWhileReading) result = change(result);
            held = result;
            readAt = started;
            return result;
          })
          .finally(() => {
            reading = undefined;
            changesWhileReading = [];
          });
      }
      return reading;
    },

    /** The request is pending: in the queue. */
    added,

    /** The request is not pending (decided, or found so when its page was read): out of the queue. */
    removed,

    /** The store, with the queue following each create and change this process makes. */
    following(store: AggregateStore<MatchRequest>): AggregateStore<MatchRequest> {
      const follow = (request: MatchRequest) => {
        if (request.status === 'pending') added({ _id: request.id, createdAt: request.createdAt });
        else removed(request.id);
      };
      return {
        ...store,
        async create(state, events, onDuplicate) {
          const created = await store.create(state, events, onDuplicate);
          follow(created.state);
          return created;
        },
        async change(id, decide) {
          const changed = await store.change(id, decide);
          if (changed) follow(changed.state);
          return changed;
        },
      };
    },
  };
}

export type PendingQueue = ReturnType<typeof createPendingQueue>;
