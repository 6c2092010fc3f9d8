import {
  type EmployerMatchRequest,
  ZEmployerRequestsAnswer,
  ZEmployerRequestWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export const requestsQueryKey = ['employer', 'requests'] as const;

/** The employer's own match requests. */
export function useRequestsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: requestsQueryKey,
    queryFn: async ({ signal }) =>
      (await api('/employer/requests', { schema: ZEmployerRequestsAnswer, signal })).requests,
  });
}

/** Unmatches an approved request and puts the changed request into the list. */
export function useUnmatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (requestId: string) => {
      const answer = await api(`/employer/unmatch/${requestId}`, {
        method: 'DELETE',
        schema: ZEmployerRequestWriteAnswer,
      });
      queryClient.setQueryData<EmployerMatchRequest[]>(requestsQueryKey, (requests) =>
        requests?.map((request) => (request.id === answer.request.id ? answer.request : request)),
      );
      return answer;
    },
    [api, queryClient],
  );
}
