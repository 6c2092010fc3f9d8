import { describeContactLogContract } from './contact-log-contract';
import { memoryContactLogs } from './memory-data';

describeContactLogContract('in memory', async () => ({
  contactLogs: memoryContactLogs(),
  close: async () => undefined,
}));
