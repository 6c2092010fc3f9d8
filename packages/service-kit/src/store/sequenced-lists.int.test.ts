import { uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { readsAtOnce } from '../core/by-ids';
import { connectMongo } from './mongo';
import { createSequencedLists } from './sequenced-lists';

type Item = { n: number };

describe('sequenced lists on the real database', () => {
  let connection: Connection;
  let other: Connection;
  // two processes' worth of lists on the same collection: each has its own hints
  const listsOf = (c: Connection, recheck = 10) => createSequencedLists<Item>(c, 'lists', { recheck });
  const positions = async (list: string) =>
    (
      await connection
        .collection<{ _id: string; key: string }>('lists')
        .find({ _id: { $regex: `^${list}:` } as never })
        .toArray()
    )
      .map((doc) => [Number(doc._id.split(':').at(-1)), doc.key] as const)
      .sort((a, b) => a[0] - b[0]);

  beforeAll(async () => {
    const dbName = uniqueName('lists');
    connection = await connectMongo({ url: inject('infra').mongoUrl, dbName });
    other = await connectMongo({ url: inject('infra').mongoUrl, dbName });
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
    await other?.close();
  });

  it('appends at the end, newest first by page, and never twice for one key', async () => {
    const lists = listsOf(connection);
    for (let n = 1; n <= 25; n += 1) await lists.append([{ list: 'a', key: `k${n}`, item: { n } }]);
    await lists.append([{ list: 'a', key: 'k25', item: { n: 25 } }]);
    const page = await lists.page('a', 0, 3);
    expect(page).toEqual({ items: [{ n: 25 }, { n: 24 }, { n: 23 }], length: 25 });
    expect((await lists.page('a', 24, 5)).items).toEqual([{ n: 1 }]);
    expect((await lists.page('a', 30, 5)).items).toEqual([]);
    expect((await lists.page('nothing', 0, 5)).length).toBe(0);
  });

  it('finds the end without a hint, and recognises an item a crashed writer appended', async () => {
    await listsOf(connection).append(
      Array.from({ length: 40 }, (_, i) => ({ list: 'b', key: `k${i + 1}`, item: { n: i + 1 } })),
    );
    // another process, which has seen nothing of list b: the same event again, and a new one
    const fresh = listsOf(other);
    await fresh.append([
      { list: 'b', key: 'k40', item: { n: 40 } },
      { list: 'b', key: 'k41', item: { n: 41 } },
    ]);
    expect(await fresh.page('b', 0, 2)).toEqual({ items: [{ n: 41 }, { n: 40 }], length: 41 });
  });

  it('keeps every list without gaps or doubles while two processes append at once', async () => {
    const first = listsOf(connection);
    const second = listsOf(other);
    // both learn the lists first, so that they go the quick way and clash
    await first.append([
      { list: 'c', key: 'c0', item: { n: 0 } },
      { list: 'd', key: 'd0', item: { n: 0 } },
    ]);
    await second.append([{ list: 'c', key: 'c0', item: { n: 0 } }]);
    const batch = (writer: string, round: number) =>
      ['c', 'd'].map((list) => ({ list, key: `${writer}-${round}`, item: { n: round } }));
    await Promise.all([
      (async () => {
        for (let round = 1; round <= 15; round += 1) await first.append(batch('first', round));
      })(),
      (async () => {
        for (let round = 1; round <= 15; round += 1) await second.append(batch('second', round));
      })(),
    ]);
    // a writer that handles its events again after a failure adds nothing
    await second.append(batch('second', 15));
    for (const list of ['c', 'd']) {
      const stored = await positions(list);
      expect(stored.map(([position]) => position)).toEqual(stored.map((_, i) => i + 1));
      expect(new Set(stored.map(([, key]) => key)).size).toBe(stored.length);
      expect(stored).toHaveLength(31);
    }
  });

  it('reads a long page in groups, not with every connection of the pool at once', async () => {
    const lists = listsOf(connection);
    const count = 130;
    await lists.append(
      Array.from({ length: count }, (_, i) => ({ list: 'long', key: `k${i}`, item: { n: i } })),
    );
    // a pool with connections to spare, all open before the read: only the lists' own groups limit it
    const pool = readsAtOnce + 10;
    let ready = 0;
    const watched = mongoose.createConnection(inject('infra').mongoUrl, {
      dbName: connection.name,
      monitorCommands: true,
      minPoolSize: pool,
      maxPoolSize: pool,
      maxConnecting: 10,
    });
    watched.getClient().on('connectionReady', () => {
      ready += 1;
    });
    await watched.asPromise();
    try {
      await vi.waitFor(() => expect(ready).toBeGreaterThanOrEqual(pool), { timeout: 45_000, interval: 100 });
      const client = watched.getClient();
      const inFlight = new Set<number>();
      let most = 0;
      client.on('commandStarted', ({ commandName, requestId }) => {
        if (commandName !== 'find') return;
        inFlight.add(requestId);
        most = Math.max(most, inFlight.size);
      });
      const done = ({ requestId }: { requestId: number }) => inFlight.delete(requestId);
      client.on('commandSucceeded', done);
      client.on('commandFailed', done);

      const page = await listsOf(watched).page('long', 0, 200);
      expect(page.length).toBe(count);
      expect(page.items.map((item) => item.n)).toEqual(
        Array.from({ length: count }, (_, i) => count - 1 - i),
      );
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(readsAtOnce);
    } finally {
      await watched.close();
    }
  });
});
