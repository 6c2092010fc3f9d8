import { ZAdminCandidateAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

/**
 * GET /admin/candidate/{jobSeekerId}: the full profile, personal details included. Opened
 * from a request, the request goes along: the owners record the read as made for it.
 */
export function useAdminCandidate(jobSeekerId: string | null, requestId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.candidate(jobSeekerId ?? '', requestId),
    queryFn: async ({ signal }) =>
      (
        await api(`/admin/candidate/${jobSeekerId}`, {
          query: { requestId: requestId ?? undefined },
          schema: ZAdminCandidateAnswer,
          signal,
        })
      ).candidate,
    enabled: jobSeekerId !== null,
  });
}
