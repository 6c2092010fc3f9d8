import {
  type AccessLogQuery,
  type AccessReason,
  type AdminDecision,
  encodeAccessReason,
  type JobSeekerLookup,
  myDataPath,
  type SearchLogQuery,
  type UserLookup,
  userManagementReason,
  ZAccessRecordPage,
  ZCompanyProfileWriteAnswer,
  ZEmployerLookupAnswer,
  ZErasureStarted,
  ZErasuresAnswer,
  ZInternalCandidateAnswer,
  ZInternalRequestAnswer,
  ZInternalRequestCounts,
  ZInternalRequestPage,
  ZInternalRequestWrite,
  ZInternalSearchLogPage,
  ZJobSeekerLookupAnswer,
  ZMatchingMyData,
  ZUserCounts,
  ZUserRecord,
  ZUserRecords,
} from '@meritmatch/contracts';
import { createOwnerClient } from '@meritmatch/service-kit';
import { lookupGroups } from './lookup-groups';

const queryString = (fields: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).flatMap(([key, value]): [string, string][] =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  ).toString();

/** The reason of the user management screens, as the owners' query parameter. */
const forUserManagement = queryString({ reason: encodeAccessReason(userManagementReason) });

/**
 * The owners the admin service asks, always with the admin's own token: auth (accounts),
 * profile (personal details, company profiles, verification) and matching (requests, the search log).
 * Every call that reads a job seeker's name, e-mail or phone says why (the owner records it).
 */
export function createOwners(urls: { auth: string; profile: string; matching: string }) {
  const auth = createOwnerClient({ name: 'auth', baseUrl: urls.auth });
  const profile = createOwnerClient({ name: 'profile', baseUrl: urls.profile });
  const matching = createOwnerClient({ name: 'matching', baseUrl: urls.matching });
  return {
    users: {
      /** The accounts user management shows (the owner filters, so it serves only the e-mails shown). */
      list: (token: string, filter: { userType: string; includeDeleted: boolean }) =>
        auth(`/internal/users?${queryString(filter)}&${forUserManagement}`, { token, schema: ZUserRecords }),
      counts: (token: string) => auth('/internal/users/counts', { token, schema: ZUserCounts }),
      get: (token: string, id: string) =>
        auth(`/internal/users/${id}?${forUserManagement}`, { token, schema: ZUserRecord }),
      /** Accounts by id, in groups the owner accepts (each with the reasons of its ids). */
      async lookup(token: string, ids: string[], reasons: UserLookup['reasons'] = []) {
        const answers = await Promise.all(
          lookupGroups(ids, reasons).map((group) =>
            auth('/internal/users/lookup', {
              token,
              body: { ids: group.ids, reasons: group.entries },
              schema: ZUserRecords,
            }),
          ),
        );
        return { users: answers.flatMap((answer) => answer.users) };
      },
      setStatus: (token: string, id: string, status: string) =>
        auth(`/internal/users/${id}/status?${forUserManagement}`, {
          method: 'PUT',
          token,
          body: { status },
          schema: ZUserRecord,
        }),
    },
    /** Erasures (auth records them): an admin's start for a request by other means, and the "Leaving" view. */
    erasures: {
      start: (token: string, id: string) =>
        auth(`/internal/users/${id}/erasure`, { method: 'POST', token, body: {}, schema: ZErasureStarted }),
      list: (token: string) => auth('/internal/erasures', { token, schema: ZErasuresAnswer }),
    },
    profiles: {
      candidate: (token: string, candidateId: string, reason: AccessReason) =>
        profile(
          `/internal/candidates/${candidateId}?${queryString({ reason: encodeAccessReason(reason) })}`,
          {
            token,
            schema: ZInternalCandidateAnswer,
          },
        ),
      /**
       * Summaries; names only for the job seekers in `names`, each with why. Asked in groups the
       * owner accepts: the user ids, then the candidate ids, each group with the names of its ids.
       */
      async jobSeekers(token: string, lookup: JobSeekerLookup) {
        const names = lookup.names ?? [];
        const ask = (body: { userIds: string[]; candidateIds: string[]; names: typeof names }) =>
          profile('/internal/job-seekers/lookup', { token, body, schema: ZJobSeekerLookupAnswer });
        const answers = await Promise.all([
          ...lookupGroups(lookup.userIds ?? [], names).map((group) =>
            ask({ userIds: group.ids, candidateIds: [], names: group.entries }),
          ),
          ...lookupGroups(lookup.candidateIds ?? [], names).map((group) =>
            ask({ userIds: [], candidateIds: group.ids, names: group.entries }),
          ),
        ]);
        const seekers = new Map(
          answers.flatMap((answer) => answer.job_seekers).map((seeker) => [seeker.user_id, seeker]),
        );
        return { job_seekers: [...seekers.values()] };
      },
      /** The recorded reads of personal details, newest first. */
      accessLog: (token: string, page: AccessLogQuery) =>
        profile(`/internal/access-log?${queryString(page)}`, { token, schema: ZAccessRecordPage }),
      /** Companies by employer, in groups the owner accepts. */
      async employers(token: string, userIds: string[]) {
        const answers = await Promise.all(
          lookupGroups(userIds).map((group) =>
            profile('/internal/employers/lookup', {
              token,
              body: { userIds: group.ids },
              schema: ZEmployerLookupAnswer,
            }),
          ),
        );
        return { employers: answers.flatMap((answer) => answer.employers) };
      },
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
      /** The signed-in job seeker's or employer's own requests, with their own token ("Download my data"). */
      mine: (token: string) => matching(myDataPath, { token, schema: ZMatchingMyData }),
      decide: (token: string, id: string, decision: AdminDecision) =>
        matching(`/internal/requests/${id}`, {
          method: 'PUT',
          token,
          body: decision,
          schema: ZInternalRequestWrite,
        }),
    },
    searchLog: {
      /** A page of the searches and opened details shown to employers, newest first. */
      page: (token: string, query: SearchLogQuery) =>
        matching(`/internal/search-log?${queryString(query)}`, { token, schema: ZInternalSearchLogPage }),
    },
  };
}

export type Owners = ReturnType<typeof createOwners>;
