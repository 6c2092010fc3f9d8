import { randomUUID } from 'node:crypto';
import { offlineAggregateStores } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createErasureData } from '../data/erasures';
import { createAccountData } from '../data/users';
import { type Account, withErasureRequested } from '../domain/account';
import { createErasures } from './erasures';
import { addMonths, createRetention } from './retention';

/**
 * The retention limit's daily run on the real database, with a clock moved forward: a reminder
 * a month before the limit, out of search at it, the erasure a month later; a sign-in stops it.
 * The events are read from the outboxes (no relay runs here).
 */
describe('the retention limit of inactive accounts', () => {
  let connection: Connection;
  let users: Awaited<ReturnType<typeof createAccountData>>;
  let now = new Date('2027-01-15T10:00:00.000Z');
  const clock = () => now;
  const start = now;
  let retention: ReturnType<typeof createRetention>;
  let erasureData: ReturnType<typeof createErasureData>;
  let erasures: ReturnType<typeof createErasures>;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('retention') })
      .asPromise();
    const stores = await offlineAggregateStores(connection);
    users = await createAccountData(connection, stores);
    erasureData = createErasureData(connection, stores);
    erasures = createErasures({
      accounts: users.store,
      queries: users.queries,
      erasures: erasureData.store,
      records: erasureData,
      forgetOwnData: async () => undefined,
      resendEveryMs: 3600_000,
      clock,
    });
    retention = createRetention({
      accounts: users.store,
      queries: users.queries,
      erasures,
      months: () => 12,
      clock,
    });
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const create = async (userType: Account['userType'] = 'job_seeker') => {
    const account: Account = {
      userId: randomUUID(),
      email: `${randomUUID()}@example.com`,
      userType,
      status: 'active',
      createdAt: start,
      statusChangedAt: start,
      passwordHash: 'not-a-real-hash',
      version: 1,
      updatedAt: start,
    };
    await users.store.create(account, [], () => new Error('taken'));
    return account.userId;
  };

  /** The events waiting in a document's outbox, by type and the stage they carry. */
  const outbox = async (collection: string, id: string) => {
    const doc = await connection.collection(collection).findOne({ _id: id as never });
    return ((doc?._outbox ?? []) as Array<{ type: string; data: { stage?: string; by?: string } }>).map(
      (event) => (event.data.stage ? `${event.type}:${event.data.stage}` : event.type),
    );
  };
  const at = (months: number, days = 1) => {
    now = new Date(addMonths(start, months).getTime() + days * 24 * 3600_000);
  };

  it('reminds, hides, then erases an account nobody signs in to, and leaves admins alone', async () => {
    const seeker = await create();
    const admin = await create('admin');

    at(10);
    expect(await retention.run()).toMatchObject({ reminded: 0, hidden: 0, erased: 0 });
    at(11);
    expect((await retention.run()).reminded).toBeGreaterThanOrEqual(1);
    expect(await outbox('users', seeker)).toEqual(['user.activity-changed:reminded']);
    // a second run the same day changes nothing
    await retention.run();
    expect(await outbox('users', seeker)).toEqual(['user.activity-changed:reminded']);

    at(12);
    await retention.run();
    expect(await outbox('users', seeker)).toEqual([
      'user.activity-changed:reminded',
      'user.activity-changed:inactive',
    ]);
    expect((await users.queries.accountOf(seeker))?.status).toBe('active');

    at(13);
    await retention.run();
    const erased = await users.queries.accountOf(seeker);
    expect(erased?.status).toBe('deleted');
    expect(erased?.erasureRequestedAt).toEqual(now);
    expect((await erasureData.store.load(seeker))?.by).toBe('retention');
    expect(await outbox('erasures', seeker)).toEqual(['erasure.requested']);

    expect(await outbox('users', admin)).toEqual([]);
    expect((await users.queries.accountOf(admin))?.status).toBe('active');
  });

  it('a sign-in after the reminder or the hiding stops it, and counts from then', async () => {
    now = start;
    const seeker = await create();
    at(12);
    // found past its limit: reminded first, out of search the next day
    await retention.run();
    expect(await outbox('users', seeker)).toEqual(['user.activity-changed:reminded']);
    at(12, 2);
    await retention.run();
    expect(await outbox('users', seeker)).toEqual([
      'user.activity-changed:reminded',
      'user.activity-changed:inactive',
    ]);

    await retention.signedIn(seeker);
    expect(await outbox('users', seeker)).toEqual([
      'user.activity-changed:reminded',
      'user.activity-changed:inactive',
      'user.activity-changed:active',
    ]);
    const active = await users.queries.accountOf(seeker);
    expect(active?.retentionStage).toBeNull();
    expect(active?.lastSignedInAt).toEqual(now);

    // a month later (the erasure's date as counted from the creation) nothing happens
    at(13, 3);
    await retention.run();
    expect((await users.queries.accountOf(seeker))?.status).toBe('active');
    expect(await erasureData.store.load(seeker)).toBeNull();
  });

  it("the erasures' upkeep makes the record of an erasure a stop left without one, and finishes what is done", async () => {
    now = start;
    const seeker = await create();
    // the account's write landed, the record's did not (a stop in between)
    await users.store.change(seeker, (current) => ({
      next: withErasureRequested(current, now)!,
      events: [],
    }));
    expect(await erasureData.store.load(seeker)).toBeNull();
    expect((await erasures.upkeep()).recorded).toBe(1);
    expect(await outbox('erasures', seeker)).toEqual(['erasure.requested']);
    // every part answers: the account goes, the record stays, finished
    for (const part of ['profile', 'matching', 'notifications', 'admin'] as const)
      await erasures.recordPart(seeker, part);
    expect(await users.queries.accountOf(seeker)).toBeNull();
    expect((await erasureData.store.load(seeker))?.finishedAt).toEqual(now);
  });
});
