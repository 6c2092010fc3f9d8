import {
  type CompanyProfile,
  type CompanyProfileFields,
  companySizes,
  industries,
  ZCompanyProfileInput,
} from '@meritmatch/contracts';
import { contractResolver } from '@meritmatch/web-kit';

/** The form holds text only: an unchosen select is '' and the schema explains what is missing. */
export type CompanyFormValues = {
  companyName: string;
  industry: string;
  companySize: string;
  website: string;
  description: string;
};

export const industryOptions = industries.map((industry) => ({ value: industry, label: industry }));
export const companySizeOptions = companySizes.map((size) => ({ value: size, label: size }));

export const emptyCompanyForm: CompanyFormValues = {
  companyName: '',
  industry: '',
  companySize: '',
  website: '',
  description: '',
};

export const companyFormValues = (profile: CompanyProfile): CompanyFormValues => ({
  companyName: profile.company_name,
  industry: profile.industry,
  companySize: profile.company_size,
  website: profile.website ?? '',
  description: profile.description,
});

export const companyResolver = contractResolver<CompanyFormValues, CompanyProfileFields>(
  ZCompanyProfileInput,
);

export const profileUpdateFailed = 'Error updating profile';
