import { ZCandidateDetailAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQuery } from '@tanstack/react-query';
import { employerKeys } from '../../shared/employer-keys';

/** The anonymous detail of one candidate, loaded while its modal is open. */
export function useCandidateDetail(candidateId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: employerKeys.candidate(candidateId),
    queryFn: async ({ signal }) =>
      (await api(`/employer/candidate/${candidateId}`, { schema: ZCandidateDetailAnswer, signal })).candidate,
    enabled: candidateId !== null,
  });
}
