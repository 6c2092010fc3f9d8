import {
  type InterestDecision,
  ZInterestAnswer,
  ZInterestWriteAnswer,
  ZSearchAppearancesAnswer,
} from '@meritmatch/contracts';
import { defineResource, replaceIn } from '@meritmatch/web-kit/resource';
import { type ApiClient, useApi } from '@meritmatch/web-session';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { jobSeekerKeys } from '../../shared/job-seeker-keys';

const interest = defineResource(jobSeekerKeys.interest, ZInterestAnswer, 'requests');

/** The job seeker's own match requests, newest first (GET /job-seeker/interest). */
export const useInterestQuery = interest.useRead;

/** Accept, decline or withdraw consent; the answer's request replaces the one in the list. */
export const useInterestDecision = () =>
  interest.useWrite({
    write: (api, { id, decision }: { id: string; decision: InterestDecision }) =>
      api(`/job-seeker/interest/${id}`, { method: 'PUT', body: { decision }, schema: ZInterestWriteAnswer }),
    update: ({ request }, list) => replaceIn(list, request, 'id'),
    // also after a refusal: the request may have moved on in the meantime
    refetchAfter: true,
  });

/**
 * GET /job-seeker/interest/appearances: the job seeker's last 26 weeks in searches, newest first.
 * Under a key of its own, so that a decision on a request does not ask for it again.
 */
export function useSearchAppearances() {
  return useQuery(searchAppearancesOptions(useApi()));
}

const searchAppearancesOptions = (api: ApiClient) => ({
  queryKey: jobSeekerKeys.searchAppearances,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api('/job-seeker/interest/appearances', { schema: ZSearchAppearancesAnswer, signal })).weeks,
  // counted from the log as employers search: a minute old is fresh enough
  staleTime: 60000,
});

/**
 * The Interest page opened directly: its two reads start beside the profile's, which the area
 * waits for before it shows any page, instead of after it.
 */
export function prefetchInterest(queryClient: QueryClient, api: ApiClient) {
  queryClient.prefetchQuery(interest.readOptions(api));
  queryClient.prefetchQuery(searchAppearancesOptions(api));
}
