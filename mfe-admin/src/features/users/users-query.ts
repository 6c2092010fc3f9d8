import {
  type AdminUser,
  type UserStatus,
  ZAdminUsersAnswer,
  ZAdminUserWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminKeys, useRefreshAdmin } from '../../shared/admin-keys';

export const userTypeFilters = ['all', 'job_seeker', 'employer', 'admin'] as const;
export type UserTypeFilter = (typeof userTypeFilters)[number];

/**
 * The admin service lists companies from its own copy, which follows a verification
 * change through an event a moment later. The verification the admin just set wins over
 * a list read in that moment: for up to 15 seconds, or until the list agrees.
 */
const pinnedVerification = new Map<string, { verified: boolean; until: number }>();
const pinDuration = 15000;

function withPins(users: AdminUser[]): AdminUser[] {
  const now = Date.now();
  return users.map((user) => {
    const pin = pinnedVerification.get(user.id);
    if (!pin || !user.profile) return user;
    if (pin.until < now || user.profile.verified === pin.verified) {
      pinnedVerification.delete(user.id);
      return user;
    }
    return { ...user, profile: { ...user.profile, verified: pin.verified } };
  });
}

/** GET /admin/users with the type filter and whether deleted accounts are included. */
export function useUsers(userType: UserTypeFilter, includeDeleted: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.users(userType, includeDeleted),
    queryFn: async ({ signal }) => {
      const answer = await api('/admin/users', {
        query: { userType, includeDeleted },
        schema: ZAdminUsersAnswer,
        signal,
      });
      return withPins(answer.users);
    },
    placeholderData: keepPreviousData,
  });
}

/** PUT /admin/users/{id}/status and PUT /admin/verify-employer/{id}; both refresh the admin screens. */
export function useUserWrites() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefreshAdmin();
  const setStatus = useCallback(
    async (id: string, status: UserStatus) => {
      try {
        return await api(`/admin/users/${id}/status`, {
          method: 'PUT',
          body: { status },
          schema: ZAdminUserWriteAnswer,
        });
      } finally {
        refresh();
      }
    },
    [api, refresh],
  );
  const setVerified = useCallback(
    async (id: string, verified: boolean) => {
      try {
        const answer = await api(`/admin/verify-employer/${id}`, {
          method: 'PUT',
          body: { verified },
          schema: ZAdminUserWriteAnswer,
        });
        pinnedVerification.set(id, {
          verified: answer.user.profile?.verified ?? verified,
          until: Date.now() + pinDuration,
        });
        queryClient.setQueriesData<AdminUser[]>(
          { queryKey: ['admin', 'users'] },
          (users) => users && withPins(users),
        );
        return answer;
      } finally {
        refresh();
      }
    },
    [api, queryClient, refresh],
  );
  return { setStatus, setVerified };
}
