import { type CompanyProfileFields, employerMessages, verificationMessages } from '@meritmatch/contracts';
import { type Clock, conflict, notFound, systemClock } from '@meritmatch/service-kit';
import {
  EmployerExistsError,
  type EmployerProfile,
  type EmployerProfileRepository,
} from '../data/employer-profiles';
import { employerProfileChanged } from '../messaging/employer-events';

export type EmployersDeps = {
  employers: EmployerProfileRepository;
  published: (userId: string) => void;
  clock?: Clock;
};

const fields = (input: CompanyProfileFields) => ({
  companyName: input.companyName,
  industry: input.industry,
  companySize: input.companySize,
  website: input.website ?? null,
  description: input.description,
});

/** The company profile and its verification; every change publishes the employer's snapshot. */
export function createEmployers({ employers, published, clock = systemClock }: EmployersDeps) {
  async function change(userId: string, mutate: (current: EmployerProfile) => EmployerProfile) {
    const next = await employers.modify(userId, (current) => {
      const changed = { ...mutate(current), version: current.version + 1, updatedAt: clock() };
      return { next: changed, events: [employerProfileChanged(changed, clock)] };
    });
    if (!next) throw notFound('Company profile not found');
    published(userId);
    return next;
  }

  return {
    async get(userId: string) {
      const profile = await employers.find(userId);
      if (!profile) throw notFound('Company profile not found');
      return profile;
    },

    async create(userId: string, input: CompanyProfileFields) {
      const now = clock();
      const profile: EmployerProfile = {
        userId,
        ...fields(input),
        verified: false,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await employers.insert(profile, [employerProfileChanged(profile, clock)]);
      } catch (error) {
        if (error instanceof EmployerExistsError) throw conflict('Your company already has a profile');
        throw error;
      }
      published(userId);
      return { message: employerMessages.profileCreated, profile };
    },

    /** Editing keeps the verification: the admin views see the change through the event. */
    async update(userId: string, input: CompanyProfileFields) {
      const profile = await change(userId, (current) => ({ ...current, ...fields(input) }));
      return { message: employerMessages.profileUpdated, profile };
    },

    async setVerification(userId: string, verified: boolean) {
      const profile = await change(userId, (current) => ({ ...current, verified }));
      return { message: verified ? verificationMessages.verified : verificationMessages.revoked, profile };
    },
  };
}

export type Employers = ReturnType<typeof createEmployers>;
