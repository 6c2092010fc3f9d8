import { ZErasureStarted, ZErasuresAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/**
 * GET /admin/erasures: unfinished erasures first, then the ones finished lately. Each service
 * answers for its part within minutes, so the list is asked again every 10 seconds while shown.
 */
export function useErasures() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.erasures,
    queryFn: async ({ signal }) =>
      (await api('/admin/erasures', { schema: ZErasuresAnswer, signal })).erasures,
    refetchInterval: 10000,
  });
}

/**
 * POST /admin/users/{id}/erasure: erases a person for good, for a request that arrived by other
 * means. The account is disabled at once, so every admin screen is refreshed after it (also after
 * a refusal: the account may be under way already).
 */
export function useStartErasure() {
  const api = useApi();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/admin/users/${id}/erasure`, { method: 'POST', schema: ZErasureStarted }),
    onSettled: refresh,
  });
}
