import type { AddressInfo } from 'node:net';
import { createServer, connect as dial, type Socket } from 'node:net';
import { uniqueName } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { connectMongo } from './mongo';
import { SharedLimiter } from './shared-limiter';
import { blockSize, SlotStore } from './slot-store';

type Connection = Awaited<ReturnType<typeof connectMongo>>;

describe('the slot store on the real FerretDB', () => {
  const dbName = uniqueName('t_slots');
  let first: Connection;
  let second: Connection;

  beforeAll(async () => {
    first = await connectMongo({ url: inject('infra').mongoUrl, dbName });
    second = await connectMongo({ url: inject('infra').mongoUrl, dbName });
  });
  afterAll(async () => {
    await first?.db?.dropDatabase();
    await first?.close();
    await second?.close();
  });

  it('lets exactly `points` of many concurrent hits through, across two instances', async () => {
    // one clock for both, so that no window ends during the test
    const options = { now: () => 1_700_000_000_000 };
    const a = new SlotStore(first, options);
    const b = new SlotStore(second, options);
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).take('concurrent', 25, 60000)),
    );
    const passed = hits.filter((hit) => hit.consumed <= 25);
    expect(passed).toHaveLength(25);
    // every passing hit holds its own slot
    expect(new Set(passed.map((hit) => hit.consumed)).size).toBe(25);
    // and both instances now refuse, without asking the store again for the full window
    expect((await a.take('concurrent', 25, 60000)).consumed).toBe(26);
    expect((await b.take('concurrent', 25, 60000)).consumed).toBe(26);
  });

  it('claims the concurrent hits of one key together, each its own slot, in a few writes', async () => {
    let writes = 0;
    const slots = first.db!.collection('batch_slots');
    // the real collection, with its writes counted
    const counted = new Proxy(slots, {
      get(target, name, receiver) {
        if (name === 'insertOne' || name === 'insertMany') writes += 1;
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const connection = { db: { collection: () => counted } } as unknown as Connection;
    const store = new SlotStore(connection, { now: () => 2_000_000_000_000 });
    // under 100: one slot per hit
    const hits = await Promise.all(Array.from({ length: 40 }, () => store.take('busy', 99, 60000)));
    expect(hits.map((hit) => hit.consumed).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(await slots.countDocuments({})).toBe(40);
    expect(writes).toBeLessThanOrEqual(3);
  });

  it('counts a large limit in blocks: exactly `points` pass on one instance, one document per block', async () => {
    const options = { now: () => 2_100_000_000_000, collection: 'block_slots' };
    const store = new SlotStore(first, options);
    // 1,000 a window: blocks of 50 hits, 20 documents
    expect(blockSize(1000)).toBe(50);
    const hits = await Promise.all(Array.from({ length: 1100 }, () => store.take('big', 1000, 60000)));
    const passed = hits.filter((hit) => hit.consumed <= 1000);
    expect(passed).toHaveLength(1000);
    expect(new Set(passed.map((hit) => hit.consumed)).size).toBe(1000);
    expect(await first.db!.collection('block_slots').countDocuments()).toBe(20);
  });

  it('claims the next block once half of the current one is used, so the hits of a busy key do not wait for it', async () => {
    const collection = first.db!.collection('ahead_slots');
    const store = new SlotStore(first, { now: () => 2_150_000_000_000, collection: 'ahead_slots' });
    const points = 640; // blocks of 32
    const consumed: number[] = [];
    for (let i = 0; i < 17; i++) consumed.push((await store.take('ahead', points, 60000)).consumed);
    // 16 of the first 32 are left: the second block is claimed meanwhile
    await vi.waitFor(async () => expect(await collection.countDocuments()).toBe(2));
    for (let i = 0; i < 31; i++) consumed.push((await store.take('ahead', points, 60000)).consumed);
    expect(consumed).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));
    expect(await collection.countDocuments()).toBe(2);
    consumed.push((await store.take('ahead', points, 60000)).consumed);
    await vi.waitFor(async () => expect(await collection.countDocuments()).toBe(3));
  });

  it('never lets more than `points` pass across two instances counting in blocks, and wastes less than two blocks each', async () => {
    const options = { now: () => 2_200_000_000_000, collection: 'shared_block_slots' };
    const a = new SlotStore(first, options);
    const b = new SlotStore(second, options);
    const points = 640; // blocks of 32
    const hits = await Promise.all(
      Array.from({ length: 900 }, (_, i) => (i % 3 === 0 ? a : b).take('shared-big', points, 60000)),
    );
    const passed = hits.filter((hit) => hit.consumed <= points).length;
    expect(passed).toBeLessThanOrEqual(points);
    expect(passed).toBeGreaterThan(points - 4 * blockSize(points));
    // what each still holds of its last block passes; then the window is full for both
    let more = 0;
    for (const store of [a, b]) {
      while ((await store.take('shared-big', points, 60000)).consumed <= points) more += 1;
      expect((await store.take('shared-big', points, 60000)).consumed).toBe(points + 1);
    }
    expect(passed + more).toBe(points);
  });

  it('keeps limits under 100 exact: one document per hit', () => {
    expect([1, 30, 99].map(blockSize)).toEqual([1, 1, 1]);
    expect([100, 600, 5000].map(blockSize)).toEqual([5, 30, 64]);
  });

  it('starts a new window when the last one ends, and says how long to wait until then', async () => {
    let now = 1_800_000_000_000;
    const store = new SlotStore(first, { now: () => now });
    expect(await store.take('window', 2, 10000)).toEqual({ consumed: 1, msBeforeNext: 10000 });
    now += 4000;
    expect(await store.take('window', 2, 10000)).toEqual({ consumed: 2, msBeforeNext: 6000 });
    expect(await store.take('window', 2, 10000)).toEqual({ consumed: 3, msBeforeNext: 6000 });
    now += 6000;
    expect(await store.take('window', 2, 10000)).toEqual({ consumed: 1, msBeforeNext: 10000 });
  });

  it('keeps a resettable count exact across instances: one slot a hit, freed by a reset made on either', async () => {
    const options = { now: () => 2_300_000_000_000, collection: 'reset_slots', resettable: true };
    const a = new SlotStore(first, options);
    const b = new SlotStore(second, options);
    // a limit of hundreds is still counted one hit at a time, so that nothing is held in memory
    const hits = await Promise.all(
      Array.from({ length: 130 }, (_, i) => (i % 2 === 0 ? a : b).take('account', 120, 60000)),
    );
    expect(hits.filter((hit) => hit.consumed <= 120)).toHaveLength(120);
    expect(await first.db!.collection('reset_slots').countDocuments()).toBe(120);
    expect((await a.take('account', 120, 60000)).consumed).toBe(121);
    // b frees the first 120: a, which saw the window full, counts from the first slot again
    await b.reset('account', 60000, 120);
    expect((await a.take('account', 120, 60000)).consumed).toBe(1);
    expect((await b.take('account', 120, 60000)).consumed).toBe(2);
    // a reset of the first slot only leaves the later ones counted
    await a.reset('account', 60000, 1);
    expect((await b.take('account', 120, 60000)).consumed).toBe(1);
    expect((await b.take('account', 120, 60000)).consumed).toBe(3);
  });

  it('catches up with slots another instance took, and sweeps ended windows away', async () => {
    let now = 1_900_000_000_000;
    const a = new SlotStore(first, { now: () => now, collection: 'sweep_slots' });
    const b = new SlotStore(second, { now: () => now, collection: 'sweep_slots' });
    for (let i = 1; i <= 7; i++) expect((await a.take('shared', 10, 1000)).consumed).toBe(i);
    expect((await b.take('shared', 10, 1000)).consumed).toBe(8);
    const slots = first.db!.collection('sweep_slots');
    expect(await slots.countDocuments()).toBe(8);
    now += 1000;
    await a.sweep();
    expect(await slots.countDocuments()).toBe(0);
  });
});

/** A TCP relay to FerretDB that can stop passing bytes: the store then sees a database that hangs. */
async function startPausableRelay(mongoUrl: string) {
  const target = new URL(mongoUrl);
  const sockets = new Set<Socket>();
  let paused = false;
  const server = createServer((client) => {
    const upstream = dial(Number(target.port), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
      if (paused) socket.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `mongodb://127.0.0.1:${(server.address() as AddressInfo).port}/?directConnection=true`,
    pause: () => {
      paused = true;
      for (const socket of sockets) socket.pause();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a store that stops answering', () => {
  it('is given up within its time limit, and the limiter counts in memory meanwhile', async () => {
    const relay = await startPausableRelay(inject('infra').mongoUrl);
    const dbName = uniqueName('t_hung');
    const connection = await connectMongo({ url: relay.url, dbName });
    try {
      const errors: unknown[] = [];
      const store = new SlotStore(connection, { operationTimeoutMs: 300 });
      const limiter = new SharedLimiter('hung', 2, 60, store, (error) => errors.push(error));
      expect((await limiter.consume('203.0.113.5')).allowed).toBe(true);
      expect(errors).toHaveLength(0);

      relay.pause();
      const started = performance.now();
      const outcomes = [];
      for (let i = 0; i < 3; i++) outcomes.push((await limiter.consume('203.0.113.5')).allowed);
      const ms = performance.now() - started;
      process.stdout.write(`hung store: 3 decisions in ${Math.round(ms)} ms, in memory\n`);
      // one wait of the time limit, then the store is skipped for a while; the memory count starts afresh
      expect(ms).toBeLessThan(1500);
      expect(outcomes).toEqual([true, true, false]);
      expect(errors).toHaveLength(3);
    } finally {
      await relay.close();
      await connection.close().catch(() => undefined);
    }
  });
});
