import {
  type AdminDecision,
  type AdminQueueTab,
  adminPageSize,
  ZAdminRequestsAnswer,
  ZAdminRequestWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/** One page of the match request queue for one status. */
export function useRequestPage(status: AdminQueueTab, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.requests(status, page),
    queryFn: ({ signal }) =>
      api('/admin/requests', {
        query: { status, page, limit: adminPageSize },
        schema: ZAdminRequestsAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /admin/requests/{id}: the server's answer carries the message; every admin screen is refreshed. */
export function useDecideRequest() {
  const api = useApi();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: AdminDecision }) =>
      api(`/admin/requests/${id}`, { method: 'PUT', body: decision, schema: ZAdminRequestWriteAnswer }),
    // also after a refusal: the request may have moved on in the meantime
    onSettled: refresh,
  });
}
