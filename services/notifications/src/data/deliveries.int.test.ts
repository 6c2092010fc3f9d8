import { randomUUID } from 'node:crypto';
import { offlineAggregateStores, type Platform } from '@meritmatch/service-kit';
import { filterFields, recordFilters, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { claim, type Delivery, markSent, newDelivery, skip } from '../domain/delivery';
import { createDeliveryData, type DeliveryData } from './deliveries';

const at = (iso: string) => new Date(iso);
const notification = () =>
  ({
    kind: 'employer.verified',
    recipient: { type: 'user', userId: randomUUID() },
    facts: { companyName: 'Initech' },
  }) as const;

describe('the queue of deliveries in play, on the real database', () => {
  let connection: Connection;
  let data: DeliveryData;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('deliveries'), monitorCommands: true })
      .asPromise();
    // the data layer as the service makes it, without a relay: deliveries publish nothing
    const platform = {
      connection,
      aggregateStore: await offlineAggregateStores(connection),
    } as Pick<Platform, 'connection' | 'aggregateStore'> as Platform;
    data = createDeliveryData(platform);
    await data.model.createIndexes();
  });
  beforeEach(async () => {
    await data.model.deleteMany({});
    await data.queue.deleteMany({});
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const create = async (now: Date) =>
    (await data.store.create(newDelivery(randomUUID(), notification(), now), [], () => new Error('dup')))
      .state;
  const change = async (id: string, next: (current: Delivery) => Delivery | null) =>
    (await data.store.change(id, (current) => ({ next: next(current) ?? current, events: [] })))?.state;
  const queued = async () =>
    (await data.queue.find({}).lean<Array<{ _id: string }>>()).map((entry) => entry._id);

  it('finds due and stale deliveries through the queue, never by a filter on the deliveries', async () => {
    const now = at('2026-03-01T10:00:00Z');
    const sent = await create(at('2026-03-01T09:00:00Z'));
    await change(sent.id, (current) => claim(current, now));
    await change(sent.id, (current) => markSent(current, now, '<m1@test>'));
    const skipped = await create(at('2026-03-01T09:00:00Z'));
    await change(skipped.id, (current) => skip(current, 'turned off by the recipient'));
    const due = await create(at('2026-03-01T09:30:00Z'));
    const later = await create(at('2026-03-01T11:00:00Z'));
    const claimed = await create(at('2026-03-01T09:00:00Z'));
    await change(claimed.id, (current) => claim(current, at('2026-03-01T09:10:00Z')));

    // the deliveries done have left the queue: it holds what is in play only
    expect((await queued()).sort()).toEqual([due.id, later.id, claimed.id].sort());

    const filters = recordFilters(connection.getClient(), 'deliveries');
    expect((await data.due(now)).map((delivery) => delivery.id)).toEqual([due.id]);
    expect((await data.stale(at('2026-03-01T09:20:00Z'))).map((delivery) => delivery.id)).toEqual([
      claimed.id,
    ]);
    expect(await data.count('pending')).toBe(2);
    expect(await data.count('sending')).toBe(1);
    expect(filters.length).toBeGreaterThan(0);
    expect(filters.filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
  });

  it('puts an entry right when a change reached the delivery but not its entry (a stop in between)', async () => {
    const now = at('2026-03-02T10:00:00Z');
    const done = await create(at('2026-03-02T09:00:00Z'));
    const moved = await create(at('2026-03-02T09:00:00Z'));
    const entryBefore = await data.queue.findById(moved.id).lean();
    // the delivery changes, the entry keeps what it said before
    await data.store.change(done.id, (current) => ({
      next: skip(current, 'account suspended')!,
      events: [],
    }));
    await data.store.change(moved.id, (current) => ({
      next: { ...current, nextAttemptAt: at('2026-03-02T12:00:00Z') },
      events: [],
    }));
    await data.queue.replaceOne(
      { _id: done.id },
      { status: 'pending', nextAttemptAt: at('2026-03-02T09:00:00Z') },
    );
    await data.queue.replaceOne({ _id: moved.id }, entryBefore!);

    expect(await data.due(now)).toEqual([]);
    expect(await data.queue.findById(done.id).lean()).toBeNull();
    expect((await data.queue.findById(moved.id).lean())?.nextAttemptAt).toEqual(at('2026-03-02T12:00:00Z'));
    expect((await data.due(at('2026-03-02T12:00:00Z'))).map((delivery) => delivery.id)).toContain(moved.id);
  });

  it('answers an event once more without a second delivery, and leaves no stray entry', async () => {
    const now = at('2026-03-03T10:00:00Z');
    const first = newDelivery('event-once-more', notification(), at('2026-03-03T09:00:00Z'));
    await data.store.create(first, [], () => new Error('dup'));
    await change(first.id, (current) => skip(current, 'recipient unknown (no such account or profile)'));
    await expect(
      data.store.create(
        { ...first, createdAt: now, nextAttemptAt: now },
        [],
        () => new Error('already there'),
      ),
    ).rejects.toThrow('already there');
    // the entry the refused create wrote went with the refusal
    expect(await queued()).not.toContain(first.id);
    expect((await data.due(now)).map((delivery) => delivery.id)).not.toContain(first.id);
  });

  it('keeps an entry whose delivery is still being written, and drops it once that is long past', async () => {
    const writing = randomUUID();
    await data.queue.create({ _id: writing, status: 'pending', nextAttemptAt: at('2026-03-04T10:00:00Z') });
    await data.due(at('2026-03-04T10:00:30Z'));
    expect(await queued()).toContain(writing);
    await data.due(at('2026-03-04T10:05:00Z'));
    expect(await queued()).not.toContain(writing);
  });

  it('queues, when the sender starts, the deliveries in play stored before the queue existed', async () => {
    const old = await create(at('2026-03-05T09:00:00Z'));
    const oldDone = await create(at('2026-03-05T09:00:00Z'));
    await change(oldDone.id, (current) => skip(current, 'turned off by the recipient'));
    await data.queue.deleteOne({ _id: old.id });
    expect((await data.due(at('2026-03-05T10:00:00Z'))).map((delivery) => delivery.id)).not.toContain(old.id);

    expect(await data.reconcile()).toBe(1);
    expect(await data.reconcile()).toBe(0);
    expect(await queued()).not.toContain(oldDone.id);
    expect((await data.due(at('2026-03-05T10:00:00Z'))).map((delivery) => delivery.id)).toContain(old.id);
  });
});
