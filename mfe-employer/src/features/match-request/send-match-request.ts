import { type MatchRequestInput, ZEmployerRequestWriteAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from '../../shared/employer-keys';

/** Sends a match request to the admin team; the requests list reloads on its next visit. */
export function useSendMatchRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MatchRequestInput) =>
      api('/employer/request-candidate', {
        method: 'POST',
        body: input,
        schema: ZEmployerRequestWriteAnswer,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerKeys.requests }),
  });
}
