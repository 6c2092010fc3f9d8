import { ZSearchAnswer } from '@meritmatch/contracts';
import { ApiRequestError, useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { hasStatus } from '../../shared/api-errors';
import { employerKeys } from '../../shared/employer-keys';
import { type SearchFilters, searchQuery } from './search-filters';

/** One page of anonymous candidates for the given filters; `enabled` false holds the search back. */
export function useCandidateSearch(filters: SearchFilters, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: employerKeys.search(filters),
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
    enabled,
  });
}

export const isNotVerified = (error: unknown) => hasStatus(error, 403);

/**
 * What the error state says: the server's own message for a limit or a search it refuses (a
 * position closed or not found), or that search is down for a moment.
 */
export function searchFailure(error: unknown) {
  if (hasStatus(error, 429) && error instanceof Error) return error.message;
  if (error instanceof ApiRequestError && error.fromServer && [400, 404, 409].includes(error.status)) {
    return error.message;
  }
  if (hasStatus(error, 503) || hasStatus(error, 504)) {
    return 'Search is not answering right now. Please try again in a moment.';
  }
  return 'Something went wrong on our side. Please try again.';
}
