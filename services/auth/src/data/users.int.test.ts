import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError, offlineAggregateStores } from '@meritmatch/service-kit';
import { filterFields, recordFilters, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Account } from '../domain/account';
import { createAccountData } from './users';

describe('accounts by user id and by address, on the real database', () => {
  let connection: Connection;
  let users: Awaited<ReturnType<typeof createAccountData>>;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('users'), monitorCommands: true })
      .asPromise();
    // the account store as the command-line tools make it: no relay, nothing is published here
    users = await createAccountData(connection, await offlineAggregateStores(connection));
    await users.model.createIndexes();
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  const create = async () => {
    const now = new Date();
    const account: Account = {
      userId: randomUUID(),
      email: `${randomUUID()}@example.com`,
      userType: 'job_seeker',
      status: 'active',
      createdAt: now,
      statusChangedAt: now,
      passwordHash: 'not-a-real-hash',
      version: 1,
      updatedAt: now,
    };
    await users.store.create(account, [], () => new Error('taken'));
    return account;
  };

  it('finds an account by user id with `_id` reads only (FerretDB scans for any other filter)', async () => {
    const one = await create();
    const other = await create();
    const filters = recordFilters(connection.getClient(), 'users');
    expect((await users.queries.accountOf(one.userId))?.email).toBe(one.email);
    const found = await users.queries.lookup([other.userId, one.userId, other.userId]);
    expect(found.map((user) => user.email).sort()).toEqual([one.email, other.email].sort());
    expect(found[0]).not.toHaveProperty('passwordHash');
    expect(filters.length).toBeGreaterThan(0);
    expect(filters.filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
  });

  it('finds an account by its address with `_id` reads only, and forgets an address it no longer has', async () => {
    const one = await create();
    const filters = recordFilters(connection.getClient(), 'email_keys');
    expect((await users.queries.byEmail(one.email))?.userId).toBe(one.userId);
    expect(await users.queries.byEmail(`${randomUUID()}@example.com`)).toBeNull();
    expect(filters.filter(({ filter }) => filterFields(filter) !== '_id')).toEqual([]);
    const moved = `${randomUUID()}@example.com`;
    await users.store.change(one.userId, (current) => ({ next: { ...current, email: moved }, events: [] }));
    await users.queries.forgetEmail(one.email, one.userId);
    expect((await users.queries.byEmail(moved))?.userId).toBe(one.userId);
    expect(await users.queries.byEmail(one.email)).toBeNull();
    expect(await connection.collection('email_keys').findOne({ _id: one.email as never })).toBeNull();
    // a change that keeps the address (a sign-in noted) writes no key
    const writes = recordFilters(connection.getClient(), 'email_keys');
    await users.store.change(one.userId, (current) => ({
      next: { ...current, lastSignedInAt: new Date() },
      events: [],
    }));
    expect(writes).toEqual([]);
  });

  it('refuses a second account with the same address, and a change to an address another account has', async () => {
    const one = await create();
    const other = await create();
    const now = new Date();
    const copy: Account = { ...one, userId: randomUUID(), createdAt: now, updatedAt: now };
    await expect(users.store.create(copy, [], () => new Error('taken'))).rejects.toThrow('taken');
    await expect(
      users.store.change(other.userId, (current) => ({ next: { ...current, email: one.email }, events: [] })),
    ).rejects.toSatisfy(isDuplicateKeyError);
    expect((await users.queries.byEmail(one.email))?.userId).toBe(one.userId);
    expect((await users.queries.accountOf(other.userId))?.email).toBe(other.email);
  });

  it('re-keys accounts stored under their address by user id at a start, and writes every missing address key', async () => {
    const name = uniqueName('users-before');
    const before = await mongoose.createConnection(inject('infra').mongoUrl, { dbName: name }).asPromise();
    try {
      const raw = before.collection('users');
      await raw.createIndex({ userId: 1 }, { unique: true });
      const now = new Date();
      const old = Array.from({ length: 3 }, () => ({
        userId: randomUUID(),
        email: `${randomUUID()}@example.com`,
        passwordHash: 'not-a-real-hash',
        userType: 'employer',
        status: 'active',
        statusChangedAt: now,
        createdAt: now,
        updatedAt: now,
        version: 2,
        _outbox: [],
      }));
      await raw.insertMany(old.map((doc) => ({ _id: doc.email as never, ...doc })));
      // a start that stopped half-way: the index dropped, the first account copied, its old document still there
      await raw.dropIndex('userId_1');
      await raw.insertOne({ ...old[0]!, _id: old[0]!.userId as never });
      const data = await createAccountData(before, await offlineAggregateStores(before));
      await data.model.createIndexes();
      expect(data.started).toEqual({ rekeyed: 3, keysWritten: 3 });
      const ids = (await raw.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id));
      expect(ids.sort()).toEqual(old.map((doc) => doc.userId).sort());
      for (const doc of old) {
        expect((await data.queries.byEmail(doc.email))?.userId).toBe(doc.userId);
        expect((await data.queries.accountOf(doc.userId))?.version).toBe(2);
      }
      // a second start has nothing to do
      const again = await createAccountData(before, await offlineAggregateStores(before));
      expect(again.started).toEqual({ rekeyed: 0, keysWritten: 0 });
    } finally {
      await before.dropDatabase();
      await before.close();
    }
  });
});
