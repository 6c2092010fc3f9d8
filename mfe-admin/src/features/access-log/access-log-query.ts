import { accessLogPageSize, ZAdminAccessLogAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

/**
 * GET /admin/access-log: one page of the recorded reads of personal details, newest first.
 * E-mail reads reach the log through an event a moment after the read, so the page is asked
 * again every 10 seconds while shown.
 */
export function useAccessLogPage(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.accessLog(page),
    queryFn: ({ signal }) =>
      api('/admin/access-log', {
        query: { page, limit: accessLogPageSize },
        schema: ZAdminAccessLogAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10000,
  });
}
