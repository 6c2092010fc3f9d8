import {
  type AccountLinkAnswer,
  accountLinksPath,
  type EmailChangeAnswer,
  type EmployerSummary,
  emailChangesPath,
  type JobSeekerSummary,
  type MatchRequestTexts,
  matchRequestTextsPath,
  savedSearchNamePath,
  type UserRecord,
  ZAccountLinkAnswer,
  ZEmailChangeAnswer,
  ZEmployerLookupAnswer,
  ZJobSeekerLookupAnswer,
  ZMatchRequestTexts,
  ZSavedSearchName,
  ZUserRecords,
} from '@meritmatch/contracts';
import { ApiError, createOwnerClient, type ServiceToken, withServiceToken } from '@meritmatch/service-kit';

/**
 * The owners this service asks, always with its own service token: auth (a user's e-mail and
 * status, a reset link's token), profile (a candidate's user id and name; a company's name) and
 * matching (the employer's message, the contact note). Each owner opens only
 * these lookups to a service token.
 */
export function createOwners({
  urls,
  serviceToken,
}: {
  urls: { auth: string; profile: string; matching: string };
  serviceToken: ServiceToken;
}) {
  const auth = withServiceToken(
    createOwnerClient({ name: 'auth', baseUrl: urls.auth, timeoutMs: 5000 }),
    serviceToken,
  );
  const profile = withServiceToken(
    createOwnerClient({ name: 'profile', baseUrl: urls.profile, timeoutMs: 5000 }),
    serviceToken,
  );
  const matching = withServiceToken(
    createOwnerClient({ name: 'matching', baseUrl: urls.matching, timeoutMs: 5000 }),
    serviceToken,
  );

  return {
    async user(userId: string): Promise<UserRecord | undefined> {
      const { users } = await auth('/internal/service/users/lookup', ZUserRecords, { ids: [userId] });
      return users[0];
    },
    /** A reset link's token while the link works; undefined once it was used or has expired. */
    async accountLink(linkId: string): Promise<AccountLinkAnswer | undefined> {
      try {
        return await auth(`${accountLinksPath}/${linkId}`, ZAccountLinkAnswer);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    /** The address an account had before the change a link made (for a week after it). */
    async emailChange(linkId: string): Promise<EmailChangeAnswer | undefined> {
      try {
        return await auth(`${emailChangesPath}/${linkId}`, ZEmailChangeAnswer);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    async candidate(candidateId: string): Promise<JobSeekerSummary | undefined> {
      const { job_seekers } = await profile('/internal/service/job-seekers/lookup', ZJobSeekerLookupAnswer, {
        candidateIds: [candidateId],
      });
      return job_seekers[0];
    },
    /** The candidate id of a job seeker's profile, or undefined before they made one. */
    async candidateIdOf(userId: string): Promise<string | undefined> {
      const { job_seekers } = await profile('/internal/service/job-seekers/lookup', ZJobSeekerLookupAnswer, {
        userIds: [userId],
      });
      return job_seekers.find((jobSeeker) => jobSeeker.user_id === userId)?.candidate_id;
    },
    /** The free text of a match request's event (the event carries none); all null once it is erased. */
    async requestTexts(requestId: string, eventId: string): Promise<MatchRequestTexts> {
      try {
        return await matching(`${matchRequestTextsPath}/${requestId}/events/${eventId}`, ZMatchRequestTexts);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND')
          return { message: null, adminNotes: null, contactNote: null };
        throw error;
      }
    },
    /** A saved search's name, for its digest; undefined once the search was deleted (or its employer erased). */
    async savedSearchName(searchId: string): Promise<string | undefined> {
      try {
        return (await matching(`${savedSearchNamePath}/${searchId}`, ZSavedSearchName)).name;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    async company(employerId: string): Promise<EmployerSummary | undefined> {
      const { employers } = await profile('/internal/service/employers/lookup', ZEmployerLookupAnswer, {
        userIds: [employerId],
      });
      return employers[0];
    },
  };
}

export type Owners = ReturnType<typeof createOwners>;
