import { type AggregateStoreOptions, offlineAggregateStores, type Platform } from '@meritmatch/service-kit';
import { uniqueName } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import type { SavedSearch } from '../domain/saved-search';
import { describeSavedSearchQueriesContract } from '../testing/saved-search-queries-contract';
import { createSavedSearchData } from './saved-searches';

describeSavedSearchQueriesContract('on the real database', async () => {
  const connection = await mongoose
    .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('saved_searches') })
    .asPromise();
  const offline = await offlineAggregateStores(connection);
  const platform = {
    connection,
    aggregateStore: ({ topic: _topic, ...options }: AggregateStoreOptions<SavedSearch> & { topic: string }) =>
      offline(options),
  } as unknown as Platform;
  const data = createSavedSearchData(platform, 'unused');
  await data.model.createIndexes();
  return {
    ...data,
    close: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
});
