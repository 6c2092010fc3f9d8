import type { AdminQueueTab, contactLogFilterNames, UserTypeFilter } from '@meritmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AddressFilter } from './address-filter';

/**
 * Every admin query lives under ['admin', …], so one invalidation refreshes them all. The
 * parts are typed with the contracts' lists: a key cannot name a status or filter the API
 * does not know.
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  /** Every page of the queue, whatever its status. */
  requestPages: ['admin', 'requests'] as const,
  requests: (status: AdminQueueTab, page: number) => ['admin', 'requests', status, page] as const,
  candidate: (id: string, requestId: string | null) => ['admin', 'candidate', id, requestId] as const,
  /** Every contact log query, whatever its filter. */
  contactLogs: ['admin', 'contact-logs'] as const,
  /** The contact log narrowed to a filter, under `contactLogs` so the admin's changes refresh it. */
  contactLog: (filter: AddressFilter<(typeof contactLogFilterNames)[number]>) =>
    ['admin', 'contact-logs', filter] as const,
  accessLog: (page: number) => ['admin', 'access-log', page] as const,
  searchLog: (filter: { employer?: string; code?: string; from?: string; to?: string }, page: number) =>
    ['admin', 'search-log', filter, page] as const,
  /** Every user list, whatever its filters. */
  users: ['admin', 'users'] as const,
  userList: (userType: UserTypeFilter, includeDeleted: boolean) =>
    ['admin', 'users', userType, includeDeleted] as const,
  /** The erasures under way and the ones finished lately (User Management's "Leaving"). */
  erasures: ['admin', 'erasures'] as const,
  emailTemplates: ['admin', 'email-templates'] as const,
  systemSettings: ['admin', 'system-settings'] as const,
};

/**
 * After any change: refetch what is on screen (stats, queue, log, users) and mark the
 * rest stale. Contact log entries follow a decision through Kafka, so the log is asked
 * again a moment later too.
 */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: adminKeys.contactLogs }), 1500);
  }, [queryClient]);
}
