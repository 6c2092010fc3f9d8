import { randomUUID } from 'node:crypto';
import { offlineAggregateStores } from '@meritmatch/service-kit';
import { filterFields, recordFilters, uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Account } from '../domain/account';
import { createAccountData } from './users';

describe('accounts by user id, on the real database', () => {
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

  it('finds an account whose key is missing (stored before the keys) and writes its key; none for an unknown id', async () => {
    const account = await create();
    await connection.collection('user_keys').deleteOne({ _id: account.userId as never });
    expect((await users.queries.accountOf(account.userId))?.email).toBe(account.email);
    expect(await connection.collection('user_keys').findOne({ _id: account.userId as never })).toEqual({
      _id: account.userId,
      id: account.email,
    });
    // an unknown user id has no key: the scan answers that there is no such account
    expect(await users.queries.accountOf(randomUUID())).toBeNull();
    expect(await users.queries.lookup([randomUUID()])).toEqual([]);
  });
});
