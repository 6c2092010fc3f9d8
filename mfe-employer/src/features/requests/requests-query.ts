import {
  type EmployerMatchRequest,
  ZEmployerRequestsAnswer,
  ZEmployerRequestWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from '../../shared/employer-keys';

/** The employer's own match requests. */
export function useRequestsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: employerKeys.requests,
    queryFn: async ({ signal }) =>
      (await api('/employer/requests', { schema: ZEmployerRequestsAnswer, signal })).requests,
  });
}

/** Unmatches an approved request and puts the changed request the server answers into the list. */
export function useUnmatch() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      api(`/employer/unmatch/${requestId}`, { method: 'DELETE', schema: ZEmployerRequestWriteAnswer }),
    onSuccess: (answer) =>
      queryClient.setQueryData<EmployerMatchRequest[]>(employerKeys.requests, (requests) =>
        requests?.map((request) => (request.id === answer.request.id ? answer.request : request)),
      ),
  });
}
