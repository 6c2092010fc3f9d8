import type { CompanyProfileFields } from '@meritmatch/contracts';

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

export type EmployerErrorReason = 'company.not-found' | 'company.exists';
