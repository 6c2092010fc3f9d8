import type { CompanyProfileFields } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import { type AddressState, unknownAddress } from '../domain/address-rule';
import { type EmployerProfile, revokeVerification, verify } from '../domain/employer-profile';
import { employerProfileChanged } from '../messaging/employer-events';

export type EmployersDeps = {
  store: AggregateStore<EmployerProfile>;
  /** The employer's address and the admin's rule on it; may have to wait for the rule (a start while Kafka is down). */
  addressOf?: (userId: string) => Promise<AddressState>;
  clock?: Clock;
};

const fields = (input: CompanyProfileFields) => ({
  companyName: input.companyName,
  industry: input.industry,
  companySize: input.companySize,
  website: input.website ?? null,
  description: input.description,
});

const noCompany = () => new DomainError('company.not-found');

/** The company profile and its verification; every change publishes the employer's snapshot. */
export function createEmployers({
  store,
  addressOf = async () => unknownAddress,
  clock = systemClock,
}: EmployersDeps) {
  const change = (userId: string, mutate: (current: EmployerProfile) => EmployerProfile) =>
    store.update(userId, mutate, (stamped) => [employerProfileChanged(stamped, clock)]);

  return {
    async get(userId: string) {
      const profile = await store.load(userId);
      if (!profile) throw noCompany();
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
      const created = await store.create(
        profile,
        [employerProfileChanged(profile, clock)],
        () => new DomainError('company.exists'),
      );
      return created.state;
    },

    /** Editing keeps the verification: the admin views see the change through the event. */
    update: (userId: string, input: CompanyProfileFields) =>
      change(userId, (current) => ({ ...current, ...fields(input) })),

    async setVerification(userId: string, verified: boolean) {
      // revoking needs nothing to be known, so it never waits for the rule
      if (!verified) return change(userId, revokeVerification);
      const address = await addressOf(userId);
      return change(userId, (current) => verify(current, address));
    },
  };
}

export type Employers = ReturnType<typeof createEmployers>;
