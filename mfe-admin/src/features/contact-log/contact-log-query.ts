import {
  type ContactLogInput,
  contactLogPageSize,
  ZContactLogsAnswer,
  ZContactLogWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/**
 * GET /admin/contact-logs, newest first, a page at a time: each next page starts at the cursor
 * the page before answered. Entries for decisions arrive through events a moment after the
 * decision, so the newest page is asked again every 10 seconds while shown. A refetch reads
 * every loaded page again (each after the cursor of the fresh page before it, so none doubles),
 * so once older pages are loaded only the Refresh button and the admin's own changes ask again.
 */
export function useContactLogs() {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.contactLogs,
    queryFn: ({ pageParam, signal }) =>
      api('/admin/contact-logs', {
        query: { limit: contactLogPageSize, cursor: pageParam },
        schema: ZContactLogsAnswer,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.pagination.nextCursor ?? undefined,
    refetchInterval: (query) => ((query.state.data?.pages.length ?? 1) > 1 ? false : 10000),
  });
}

/** POST /admin/contact-log: a manual entry; every admin screen is refreshed after it. */
export function useAddContactLog() {
  const api = useApi();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (input: ContactLogInput) =>
      api('/admin/contact-log', { method: 'POST', body: input, schema: ZContactLogWriteAnswer }),
    onSuccess: refresh,
  });
}
