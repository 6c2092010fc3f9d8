import type { CompanyProfile, EmployerSummary } from '@meritmatch/contracts';
import type { EmployerProfile } from '../domain/employer-profile';

export const toCompanyProfileView = (profile: EmployerProfile): CompanyProfile => ({
  id: profile.userId,
  company_name: profile.companyName,
  industry: profile.industry,
  company_size: profile.companySize,
  website: profile.website,
  description: profile.description,
  verified: profile.verified,
  created_at: profile.createdAt.toISOString(),
  updated_at: profile.updatedAt.toISOString(),
});

export const toEmployerSummary = (profile: EmployerProfile): EmployerSummary => ({
  user_id: profile.userId,
  company_name: profile.companyName,
  industry: profile.industry,
  company_size: profile.companySize,
  website: profile.website,
  verified: profile.verified,
});
