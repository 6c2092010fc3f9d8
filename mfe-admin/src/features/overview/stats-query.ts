import { ZStatsAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

export function useStats() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: async ({ signal }) => (await api('/admin/stats', { schema: ZStatsAnswer, signal })).stats,
  });
}
