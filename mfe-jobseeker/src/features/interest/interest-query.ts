import {
  type InterestDecision,
  type InterestRequest,
  ZInterestAnswer,
  ZInterestWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobSeekerKeys } from '../../shared/job-seeker-keys';

/** The job seeker's own match requests, newest first (GET /job-seeker/interest). */
export function useInterestQuery() {
  const api = useApi();
  return useQuery({
    queryKey: jobSeekerKeys.interest,
    queryFn: async ({ signal }) =>
      (await api('/job-seeker/interest', { schema: ZInterestAnswer, signal })).requests,
  });
}

/** Accept, decline or withdraw consent; the answer's request replaces the one in the list. */
export function useInterestDecision() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: InterestDecision }) =>
      api(`/job-seeker/interest/${id}`, { method: 'PUT', body: { decision }, schema: ZInterestWriteAnswer }),
    onSuccess: ({ request }) =>
      queryClient.setQueryData<InterestRequest[]>(jobSeekerKeys.interest, (list) =>
        list?.map((item) => (item.id === request.id ? request : item)),
      ),
    // also after a refusal: the request may have moved on in the meantime
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobSeekerKeys.interest }),
  });
}
