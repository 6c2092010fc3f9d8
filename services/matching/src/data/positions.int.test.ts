import { uniqueName } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { describePositionStoreContract } from '../testing/position-store-contract';
import { createPositionData } from './positions';

describePositionStoreContract('on the real database', async () => {
  const connection = await mongoose
    .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('positions') })
    .asPromise();
  return {
    store: createPositionData(connection),
    close: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
});
