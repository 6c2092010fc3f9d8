import {
  type AdminDecision,
  ZCompanyProfileWriteAnswer,
  ZEmployerLookupAnswer,
  ZInternalCandidateAnswer,
  ZInternalRequestAnswer,
  ZInternalRequestCounts,
  ZInternalRequestPage,
  ZInternalRequestWrite,
  ZJobSeekerLookupAnswer,
  ZUserRecord,
  ZUserRecords,
} from '@meritmatch/contracts';
import { createOwnerClient } from '@meritmatch/service-kit';

/**
 * The owners the admin service asks, always with the admin's own token: auth (accounts),
 * profile (personal details, company profiles, verification) and matching (requests).
 */
export function createOwners(urls: { auth: string; profile: string; matching: string }) {
  const auth = createOwnerClient({ name: 'auth', baseUrl: urls.auth });
  const profile = createOwnerClient({ name: 'profile', baseUrl: urls.profile });
  const matching = createOwnerClient({ name: 'matching', baseUrl: urls.matching });
  return {
    users: {
      list: (token: string) => auth('/internal/users', { token, schema: ZUserRecords }),
      get: (token: string, id: string) => auth(`/internal/users/${id}`, { token, schema: ZUserRecord }),
      lookup: (token: string, ids: string[]) =>
        ids.length
          ? auth('/internal/users/lookup', { token, body: { ids }, schema: ZUserRecords })
          : { users: [] },
      setStatus: (token: string, id: string, status: string) =>
        auth(`/internal/users/${id}/status`, { method: 'PUT', token, body: { status }, schema: ZUserRecord }),
    },
    profiles: {
      candidate: (token: string, candidateId: string) =>
        profile(`/internal/candidates/${candidateId}`, { token, schema: ZInternalCandidateAnswer }),
      jobSeekers: (token: string, ids: { userIds?: string[]; candidateIds?: string[] }) =>
        ids.userIds?.length || ids.candidateIds?.length
          ? profile('/internal/job-seekers/lookup', {
              token,
              body: { userIds: ids.userIds ?? [], candidateIds: ids.candidateIds ?? [] },
              schema: ZJobSeekerLookupAnswer,
            })
          : { job_seekers: [] },
      employers: (token: string, userIds: string[]) =>
        userIds.length
          ? profile('/internal/employers/lookup', { token, body: { userIds }, schema: ZEmployerLookupAnswer })
          : { employers: [] },
      verify: (token: string, userId: string, verified: boolean) =>
        profile(`/internal/employers/${userId}/verification`, {
          method: 'PUT',
          token,
          body: { verified },
          schema: ZCompanyProfileWriteAnswer,
        }),
    },
    requests: {
      page: (token: string, query: { status: string; page: number; limit: number }) =>
        matching(`/internal/requests?status=${query.status}&page=${query.page}&limit=${query.limit}`, {
          token,
          schema: ZInternalRequestPage,
        }),
      get: (token: string, id: string) =>
        matching(`/internal/requests/${id}`, { token, schema: ZInternalRequestAnswer }),
      counts: (token: string) =>
        matching('/internal/requests/counts', { token, schema: ZInternalRequestCounts }),
      decide: (token: string, id: string, decision: AdminDecision) =>
        matching(`/internal/requests/${id}`, {
          method: 'PUT',
          token,
          body: decision,
          schema: ZInternalRequestWrite,
        }),
    },
  };
}

export type Owners = ReturnType<typeof createOwners>;
