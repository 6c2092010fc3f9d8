import { ZSearchAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hasStatus } from '../../shared/api-errors';
import { type SearchFilters, searchQuery } from './search-filters';

/** One page of anonymous candidates for the given filters. */
export function useCandidateSearch(filters: SearchFilters) {
  const api = useApi();
  return useQuery({
    queryKey: ['employer', 'search', filters],
    queryFn: async ({ signal }) => {
      try {
        return await api('/employer/search', { query: searchQuery(filters), schema: ZSearchAnswer, signal });
      } catch (error) {
        // a refusal (403, not verified) is shown as such; other search errors are only logged
        if (!hasStatus(error, 403)) console.error('Candidate search failed', error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}

export const isNotVerified = (error: unknown) => hasStatus(error, 403);
