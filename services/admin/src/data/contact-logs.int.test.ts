import { uniqueName } from '@meritmatch/testkit';
import mongoose from 'mongoose';
import { inject } from 'vitest';
import { describeContactLogContract } from '../testing/contact-log-contract';
import { createContactLogRepository } from './contact-logs';

describeContactLogContract('on the database', async () => {
  const connection = await mongoose
    .createConnection(inject('infra').mongoUrl, { dbName: uniqueName('admin_contact_log') })
    .asPromise();
  return {
    contactLogs: createContactLogRepository(connection),
    close: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
});
