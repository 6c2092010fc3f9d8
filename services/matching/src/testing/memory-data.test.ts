import { describeMatchRequestQueriesContract } from './match-request-queries-contract';
import { memoryMatchRequests, memorySearchLog } from './memory-data';
import { describeSearchLogContract } from './search-log-contract';

describeMatchRequestQueriesContract('in memory', async () => ({
  ...memoryMatchRequests(),
  close: async () => undefined,
}));

describeSearchLogContract('in memory', async () => ({
  store: memorySearchLog().store,
  close: async () => undefined,
}));
