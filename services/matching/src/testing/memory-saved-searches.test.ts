import { memorySavedSearches } from './memory-saved-searches';
import { describeSavedSearchQueriesContract } from './saved-search-queries-contract';

describeSavedSearchQueriesContract('in memory', async () => ({
  ...memorySavedSearches(),
  close: async () => {},
}));
