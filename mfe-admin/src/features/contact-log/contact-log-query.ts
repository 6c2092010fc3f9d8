import {
  type ContactLogInput,
  type contactLogFilterNames,
  contactLogPageSize,
  ZContactLogsAnswer,
  ZContactLogWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AddressFilter } from '../../shared/address-filter';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/**
 * What the contact log is narrowed to, as the address holds it: each of the contract's filters
 * optional, as text (the form checks them with the contract before they go there).
 */
export type ContactLogFilterParams = AddressFilter<(typeof contactLogFilterNames)[number]>;

/**
 * GET /admin/contact-logs with the filter, newest first, a page at a time: each next page starts
 * at the cursor the page before answered, asked with the same filter. Entries for decisions
 * arrive through events a moment after the decision, so the newest page is asked again every
 * 10 seconds while shown. A refetch reads every loaded page again (each after the cursor of the
 * fresh page before it, so none doubles), so once older pages are loaded only the Refresh button
 * and the admin's own changes ask again.
 */
export function useContactLogs(filter: ContactLogFilterParams) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: adminKeys.contactLog(filter),
    queryFn: ({ pageParam, signal }) =>
      api('/admin/contact-logs', {
        query: { ...filter, limit: contactLogPageSize, cursor: pageParam },
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
