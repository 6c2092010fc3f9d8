import {
  type AccountLinkAnswer,
  accountLinksPath,
  type EmailChangeAnswer,
  type EmployerSummary,
  emailChangesPath,
  type JobSeekerSummary,
  type UserRecord,
  ZAccountLinkAnswer,
  ZEmailChangeAnswer,
  ZEmployerLookupAnswer,
  ZJobSeekerLookupAnswer,
  ZUserRecords,
} from '@meritmatch/contracts';
import { ApiError, createOwnerClient } from '@meritmatch/service-kit';
import type { z } from 'zod';
import type { ServiceToken } from './service-token';

/**
 * The owners this service asks, always with its own service token: auth (a user's e-mail and
 * status, a reset link's token) and profile (a candidate's user id and name; a company's name). Each owner opens only
 * these lookups to a service token.
 */
export function createOwners({
  urls,
  serviceToken,
}: {
  urls: { auth: string; profile: string };
  serviceToken: ServiceToken;
}) {
  const auth = createOwnerClient({ name: 'auth', baseUrl: urls.auth, timeoutMs: 5000 });
  const profile = createOwnerClient({ name: 'profile', baseUrl: urls.profile, timeoutMs: 5000 });

  /** One call with the current token; a refused token is renewed and the call made once more. */
  async function withToken<S extends z.ZodType>(
    client: typeof auth,
    path: string,
    body: unknown,
    schema: S,
  ): Promise<z.output<S>> {
    try {
      return await client(path, { token: await serviceToken.token(), body, schema });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'UNAUTHENTICATED') throw error;
      serviceToken.forget();
      return client(path, { token: await serviceToken.token(), body, schema });
    }
  }

  return {
    async user(userId: string): Promise<UserRecord | undefined> {
      const { users } = await withToken(
        auth,
        '/internal/service/users/lookup',
        { ids: [userId] },
        ZUserRecords,
      );
      return users[0];
    },
    /** A reset link's token while the link works; undefined once it was used or has expired. */
    async accountLink(linkId: string): Promise<AccountLinkAnswer | undefined> {
      try {
        return await withToken(auth, `${accountLinksPath}/${linkId}`, undefined, ZAccountLinkAnswer);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    /** The address an account had before the change a link made (for a week after it). */
    async emailChange(linkId: string): Promise<EmailChangeAnswer | undefined> {
      try {
        return await withToken(auth, `${emailChangesPath}/${linkId}`, undefined, ZEmailChangeAnswer);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    async candidate(candidateId: string): Promise<JobSeekerSummary | undefined> {
      const { job_seekers } = await withToken(
        profile,
        '/internal/service/job-seekers/lookup',
        { candidateIds: [candidateId] },
        ZJobSeekerLookupAnswer,
      );
      return job_seekers[0];
    },
    /** The candidate id of a job seeker's profile, or undefined before they made one. */
    async candidateIdOf(userId: string): Promise<string | undefined> {
      const { job_seekers } = await withToken(
        profile,
        '/internal/service/job-seekers/lookup',
        { userIds: [userId] },
        ZJobSeekerLookupAnswer,
      );
      return job_seekers.find((jobSeeker) => jobSeeker.user_id === userId)?.candidate_id;
    },
    async company(employerId: string): Promise<EmployerSummary | undefined> {
      const { employers } = await withToken(
        profile,
        '/internal/service/employers/lookup',
        { userIds: [employerId] },
        ZEmployerLookupAnswer,
      );
      return employers[0];
    },
  };
}

export type Owners = ReturnType<typeof createOwners>;
