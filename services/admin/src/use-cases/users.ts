import {
  type AdminUser,
  type UserRecord,
  type UserStatus,
  userManagementReason,
  userStatusMessages,
} from '@meritmatch/contracts';
import type { Owners } from '../clients/owners';
import type { Companies } from './companies';

export type UsersQuery = { userType: 'job_seeker' | 'employer' | 'admin' | 'all'; includeDeleted: boolean };

export function createUserViews({ owners, companiesOf }: { owners: Owners; companiesOf: Companies }) {
  /**
   * Accounts from auth, with the company (own copy) or the job seeker's profile (from profile,
   * names included: user management shows them, and the owner records each as read for it).
   */
  async function withProfiles(token: string, users: UserRecord[]): Promise<AdminUser[]> {
    const seekers = users.filter((user) => user.user_type === 'job_seeker').map((user) => user.id);
    const [profiles, companies] = await Promise.all([
      owners.profiles.jobSeekers(token, {
        userIds: seekers,
        names: seekers.map((id) => ({ id, reason: userManagementReason })),
      }),
      companiesOf(
        token,
        users.filter((user) => user.user_type === 'employer').map((user) => user.id),
      ),
    ]);
    const profileOf = new Map(profiles.job_seekers.map((profile) => [profile.user_id, profile]));
    return users.map((user) => {
      const seeker = profileOf.get(user.id);
      const company = companies.get(user.id);
      const profile =
        seeker || company
          ? {
              company_name: company?.companyName ?? null,
              industry: company?.industry ?? null,
              verified: company ? company.verified : null,
              full_name: seeker?.full_name ?? null,
              location: seeker?.location ?? null,
              unique_code: seeker?.unique_code ?? null,
              candidate_id: seeker?.candidate_id ?? null,
            }
          : null;
      return { ...user, profile };
    });
  }

  return {
    /** The owner applies the filter: it serves (and records) only the e-mails shown. */
    async list(token: string, filter: UsersQuery) {
      const { users } = await owners.users.list(token, filter);
      return withProfiles(token, users);
    },

    async get(token: string, id: string) {
      const [user] = await withProfiles(token, [await owners.users.get(token, id)]);
      return user!;
    },

    async setStatus(token: string, id: string, status: UserStatus) {
      const [user] = await withProfiles(token, [await owners.users.setStatus(token, id, status)]);
      return { message: userStatusMessages[status], user: user! };
    },

    /** Verification is owned by the profile service; the answer shows the new state at once. */
    async verifyEmployer(token: string, id: string, verified: boolean) {
      const { message, profile } = await owners.profiles.verify(token, id, verified);
      const [user] = await withProfiles(token, [await owners.users.get(token, id)]);
      return {
        message,
        user: {
          ...user!,
          profile: {
            company_name: profile.company_name,
            industry: profile.industry,
            verified: profile.verified,
            full_name: null,
            location: null,
            unique_code: null,
            candidate_id: null,
          },
        },
      };
    },
  };
}

export type UserViews = ReturnType<typeof createUserViews>;
