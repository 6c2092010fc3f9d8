import { describe, expect, it } from 'vitest';
import { createPendingQueue, type QueueEntry } from './pending-queue';

const entry = (id: string, minute: number): QueueEntry => ({
  _id: id,
  createdAt: new Date(Date.UTC(2026, 4, 1, 9, minute)),
});
const ids = (entries: readonly QueueEntry[]) => entries.map((item) => item._id);

/** A queue over `stored`, counting its reads of the collection. */
function counted(stored: () => QueueEntry[], maxAgeMs: number, now?: () => number) {
  const counter = { reads: 0 };
  const queue = createPendingQueue({
    read: async () => {
      counter.reads++;
      return stored();
    },
    maxAgeMs,
    ...(now ? { now } : {}),
  });
  return { queue, counter };
}

describe('the pending queue held in memory', () => {
  it('reads the collection once within its age, newest first, and again after it', async () => {
    let now = 0;
    const stored = [entry('a', 1), entry('c', 3), entry('b', 2)];
    const { queue, counter } = counted(
      () => [...stored],
      1000,
      () => now,
    );
    expect(ids(await queue.entries())).toEqual(['c', 'b', 'a']);
    now = 999;
    await queue.entries();
    expect(counter.reads).toBe(1);
    stored.push(entry('d', 4));
    now = 1000;
    expect(ids(await queue.entries())).toEqual(['d', 'c', 'b', 'a']);
    expect(counter.reads).toBe(2);
  });

  it('puts an added entry in its place (ties by id) and takes a removed one out, without a read', async () => {
    const { queue, counter } = counted(() => [entry('a', 1), entry('c', 3)], 60_000);
    await queue.entries();
    queue.added(entry('b', 2));
    queue.added(entry('bb', 2));
    queue.added(entry('c', 3));
    queue.removed('a');
    expect(ids(await queue.entries())).toEqual(['c', 'b', 'bb']);
    expect(counter.reads).toBe(1);
  });

  it('applies the changes made while a read is under way to what it read, and shares one read', async () => {
    let release: (entries: QueueEntry[]) => void = () => undefined;
    let reads = 0;
    const queue = createPendingQueue({
      read: () => {
        reads++;
        return new Promise((resolve) => {
          release = resolve;
        });
      },
      maxAgeMs: 60_000,
    });
    const first = queue.entries();
    const second = queue.entries();
    // made and decided here while the collection was being read (the read saw neither)
    queue.added(entry('new', 9));
    queue.removed('decided');
    release([entry('decided', 1), entry('old', 2)]);
    expect(ids(await first)).toEqual(['new', 'old']);
    expect(ids(await second)).toEqual(['new', 'old']);
    expect(reads).toBe(1);
  });

  it('reads for every page with no age', async () => {
    const { queue, counter } = counted(() => [], 0);
    await queue.entries();
    await queue.entries();
    expect(counter.reads).toBe(2);
  });
});
