import type { CompanyProfileFields } from '@meritmatch/contracts';
import { DomainError } from '@meritmatch/service-kit/core';
import { type AddressState, addressPasses } from './address-rule';

/** A company's profile and whether an admin verified it. */
export type EmployerProfile = {
  userId: string;
  companyName: string;
  industry: CompanyProfileFields['industry'];
  companySize: CompanyProfileFields['companySize'];
  website: string | null;
  description: string;
  verified: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * An admin verifies the company. Only with an address that passes the admin's rule ("Only
 * confirmed addresses are searchable and can be verified", System Settings).
 */
export function verify(profile: EmployerProfile, address: AddressState): EmployerProfile {
  if (!addressPasses(address)) throw new DomainError('company.address-unconfirmed');
  return { ...profile, verified: true };
}

/** An admin revokes the verification: always allowed, whatever the address. */
export const revokeVerification = (profile: EmployerProfile): EmployerProfile => ({
  ...profile,
  verified: false,
});

export type EmployerErrorReason =
  | 'company.not-found'
  | 'company.exists'
  /** Verifying an employer whose address is not confirmed, while the admin's rule is on. */
  | 'company.address-unconfirmed'
  /** The admin's rule is not known yet (its topic is not read: Kafka is down), so a verification waits. */
  | 'verification.not-ready';
