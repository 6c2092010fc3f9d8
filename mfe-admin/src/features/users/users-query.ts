import {
  type AdminUser,
  type UserStatus,
  type UserTypeFilter,
  ZAdminUsersAnswer,
  ZAdminUserWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

/** GET /admin/users with the type filter and whether deleted accounts are included. */
export function useUsers(userType: UserTypeFilter, includeDeleted: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.userList(userType, includeDeleted),
    queryFn: async ({ signal }) =>
      (
        await api('/admin/users', {
          query: { userType, includeDeleted },
          schema: ZAdminUsersAnswer,
          signal,
        })
      ).users,
    placeholderData: keepPreviousData,
  });
}

/**
 * Puts the user a write answered into every cached list at once: the admin sees the new
 * status or verification right away, and a list without deleted users drops a deleted one.
 */
function showChanged(queryClient: QueryClient, changed: AdminUser) {
  for (const [key, users] of queryClient.getQueriesData<AdminUser[]>({ queryKey: adminKeys.users })) {
    if (!users) continue;
    const includeDeleted = key[3] === true;
    queryClient.setQueryData<AdminUser[]>(
      key,
      users
        .map((user) =>
          user.id === changed.id ? { ...changed, profile: changed.profile ?? user.profile } : user,
        )
        .filter((user) => includeDeleted || user.status !== 'deleted'),
    );
  }
}

/**
 * PUT /admin/users/{id}/status and PUT /admin/verify-employer/{id}. The answer carries the
 * changed user, read from its owners, so it goes into the lists as it is; then every admin
 * screen is refreshed (also after a refusal: the user may have changed meanwhile).
 */
export function useUserWrites() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  const settle = {
    onSuccess: (answer: { user: AdminUser }) => showChanged(queryClient, answer.user),
    onSettled: refresh,
  };
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      api(`/admin/users/${id}/status`, { method: 'PUT', body: { status }, schema: ZAdminUserWriteAnswer }),
    ...settle,
  });
  const setVerified = useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) =>
      api(`/admin/verify-employer/${id}`, {
        method: 'PUT',
        body: { verified },
        schema: ZAdminUserWriteAnswer,
      }),
    ...settle,
  });
  return { setStatus, setVerified };
}
