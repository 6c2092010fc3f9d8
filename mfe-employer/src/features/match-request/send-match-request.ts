import { type MatchRequestInput, ZEmployerRequestWriteAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestsQueryKey } from '../requests/requests-query';

/** Sends a match request to the admin team; the requests list reloads on its next visit. */
export function useSendMatchRequest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (input: MatchRequestInput) => {
      const answer = await api('/employer/request-candidate', {
        method: 'POST',
        body: input,
        schema: ZEmployerRequestWriteAnswer,
      });
      await queryClient.invalidateQueries({ queryKey: requestsQueryKey });
      return answer;
    },
    [api, queryClient],
  );
}
