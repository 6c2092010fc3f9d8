import { searchLogPageSize, ZAdminSearchLogAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

/** What the Search log is narrowed to: all optional, as the address holds them. */
export type SearchLogFilter = { employer?: string; code?: string; from?: string; to?: string };

/** GET /admin/search-log: one page of the searches and opened profiles shown to employers, newest first. */
export function useSearchLogPage(filter: SearchLogFilter, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.searchLog(filter, page),
    queryFn: ({ signal }) =>
      api('/admin/search-log', {
        query: { ...filter, page, limit: searchLogPageSize },
        schema: ZAdminSearchLogAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
