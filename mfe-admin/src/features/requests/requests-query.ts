import {
  type AdminDecision,
  type AdminMatchRequest,
  type AdminQueueTab,
  type AdminRequestsAnswer,
  adminPageSize,
  requestUpdateFailed,
  ZAdminRequestsAnswer,
  ZAdminRequestWriteAnswer,
} from '@meritmatch/contracts';
import { errorMessage, useApi } from '@meritmatch/web-session';
import {
  keepPreviousData,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

type Decide = { id: string; decision: AdminDecision };

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

const decideKey = ['admin', 'decide'] as const;
const textOr = (value: unknown, current: string | null) => (typeof value === 'string' ? value : current);

/** The request as the decision leaves it, for the queue to show before the server's answer. */
export function decided(request: AdminMatchRequest, decision: AdminDecision): AdminMatchRequest {
  return {
    ...request,
    status: decision.status,
    admin_notes: textOr(decision.adminNotes, request.admin_notes),
    contact_note: textOr(decision.contactNote, request.contact_note),
  };
}

/**
 * PUT /admin/requests/{id}. The queue shows the decision at once: the row takes its new status
 * and loses its moves while the server runs the decision's cascade (the contact log, the
 * e-mails). The server's answer, or its refusal with the row put back, comes as `onAnswer`'s
 * message; then every admin screen is refreshed (also after a refusal: the request may have
 * moved on in the meantime).
 */
export function useDecideRequest({ onAnswer }: { onAnswer: (message: string) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationKey: decideKey,
    mutationFn: ({ id, decision }: Decide) =>
      api(`/admin/requests/${id}`, { method: 'PUT', body: decision, schema: ZAdminRequestWriteAnswer }),
    onMutate: async ({ id, decision }) => {
      // a page read under way would overwrite the decision shown
      await queryClient.cancelQueries({ queryKey: adminKeys.requestPages });
      const before = queryClient.getQueriesData<AdminRequestsAnswer>({ queryKey: adminKeys.requestPages });
      queryClient.setQueriesData<AdminRequestsAnswer>(
        { queryKey: adminKeys.requestPages },
        (page) =>
          page && {
            ...page,
            requests: page.requests.map((request) =>
              request.id === id ? decided(request, decision) : request,
            ),
          },
      );
      return { before };
    },
    onSuccess: (answer) => onAnswer(answer.message),
    onError: (error, _decide, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
      onAnswer(errorMessage(error, requestUpdateFailed));
    },
    onSettled: refresh,
  });
}

/** The requests whose decision the server has not answered yet. */
export function useDecisionsUnderWay(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: decideKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as Decide | undefined)?.id,
  });
  return new Set(ids.filter((id): id is string => id !== undefined));
}
