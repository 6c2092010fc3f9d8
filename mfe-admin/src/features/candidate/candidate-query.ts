import { ZAdminCandidateAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

/** GET /admin/candidate/{jobSeekerId}: the full profile, personal details included. */
export function useAdminCandidate(jobSeekerId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.candidate(jobSeekerId ?? ''),
    queryFn: async ({ signal }) =>
      (await api(`/admin/candidate/${jobSeekerId}`, { schema: ZAdminCandidateAnswer, signal })).candidate,
    enabled: jobSeekerId !== null,
  });
}
