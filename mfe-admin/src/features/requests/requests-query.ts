import {
  type AdminDecision,
  adminPageSize,
  type MatchStatus,
  ZAdminRequestsAnswer,
  ZAdminRequestWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/** One page of the match request queue for one status. */
export function useRequestPage(status: MatchStatus, page: number) {
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

/** PUT /admin/requests/{id}; resolves to the server's answer and refreshes the admin screens. */
export function useDecideRequest() {
  const api = useApi();
  const refresh = useRefreshAdmin();
  return useCallback(
    async (id: string, decision: AdminDecision) => {
      try {
        return await api(`/admin/requests/${id}`, {
          method: 'PUT',
          body: decision,
          schema: ZAdminRequestWriteAnswer,
        });
      } finally {
        // also after a refusal: the request may have moved on in the meantime
        refresh();
      }
    },
    [api, refresh],
  );
}
