import { type ContactLogInput, ZContactLogsAnswer, ZContactLogWriteAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/**
 * GET /admin/contact-logs, newest first. Entries for decisions arrive through events a
 * moment after the decision, so the list is asked again every 10 seconds while shown.
 */
export function useContactLogs() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.contactLogs,
    queryFn: async ({ signal }) =>
      (await api('/admin/contact-logs', { schema: ZContactLogsAnswer, signal })).logs,
    refetchInterval: 10000,
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
