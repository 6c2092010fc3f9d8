import { describeMatchRequestQueriesContract } from './match-request-queries-contract';
import { memoryMatchRequests } from './memory-data';

describeMatchRequestQueriesContract('in memory', async () => ({
  ...memoryMatchRequests(),
  close: async () => undefined,
}));
