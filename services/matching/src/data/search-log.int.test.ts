import { randomUUID } from 'node:crypto';
import { installMongooseDefaults } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeSearchLogContract } from '../testing/search-log-contract';
import { createSearchLogData } from './search-log';

/** The store as the service makes it (strict filters, time-limited queries, its indexes), on a database of its own. */
async function openData() {
  installMongooseDefaults();
  const connection = await mongoose
    .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('search_log'), monitorCommands: true })
    .asPromise();
  const data = createSearchLogData(connection);
  await data.model.createIndexes();
  await data.weekCounts.createIndexes();
  return { connection, data };
}

describeSearchLogContract('on the real database', async () => {
  const { connection, data } = await openData();
  return {
    store: data.store,
    close: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
});

describe('the search log on the real database', () => {
  let connection: Connection;
  let data: Awaited<ReturnType<typeof openData>>['data'];
  beforeAll(async () => {
    ({ connection, data } = await openData());
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it("writes an entry with one insert and its candidates' weekly counts with one update by key, and no read", async () => {
    const commands: string[] = [];
    connection.getClient().on('commandStarted', ({ commandName }) => commands.push(commandName));
    await data.store.record({
      id: randomUUID(),
      kind: 'opened',
      employerId: randomUUID(),
      at: new Date(),
      filters: null,
      rankingVersion: null,
      results: [{ candidateId: randomUUID(), uniqueCode: 'EM700001', score: null }],
    });
    expect(commands).toEqual(['insert', 'update']);
  });
});
