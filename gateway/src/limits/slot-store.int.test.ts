import { connectMongo } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SlotStore } from './slot-store';

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
    const a = new SlotStore(first);
    const b = new SlotStore(second);
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
