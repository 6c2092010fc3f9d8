import { z } from 'zod';
import { lookupLimit, requiredText, ZId } from './primitives';

export const industries = [
  'Technology',
  'Finance',
  'Healthcare',
  'Manufacturing',
  'Retail',
  'Education',
  'Construction',
  'Consulting',
  'Other',
] as const;
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;

export const websiteHint = 'Optional. https:// is added automatically.';
export const badWebsiteMessage = 'Please enter a valid website address, for example www.example.com';

/** Website: optional free text; https:// is added when missing; it must then be a real web address. */
export const ZWebsite = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  },
  z
    .string({ message: badWebsiteMessage })
    .max(300, { message: 'Website must be at most 300 characters' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'https:' || url.protocol === 'http:') &&
            /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname)
          );
        } catch {
          return false;
        }
      },
      { message: badWebsiteMessage },
    )
    .optional(),
);

export const ZCompanyProfileInput = z.strictObject({
  companyName: requiredText('Company name', 160),
  industry: z.enum(industries, { message: 'Please choose an industry' }),
  companySize: z.enum(companySizes, { message: 'Please choose a company size' }),
  website: ZWebsite,
  description: requiredText('Company description', 3000),
});
export type CompanyProfileInput = z.input<typeof ZCompanyProfileInput>;
export type CompanyProfileFields = z.output<typeof ZCompanyProfileInput>;

export const ZCompanyProfile = z.object({
  id: ZId,
  company_name: z.string(),
  industry: z.enum(industries),
  company_size: z.enum(companySizes),
  website: z.string().nullable(),
  description: z.string(),
  verified: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CompanyProfile = z.infer<typeof ZCompanyProfile>;

export const ZCompanyProfileAnswer = z.object({ profile: ZCompanyProfile });
export const ZCompanyProfileWriteAnswer = z.object({ message: z.string(), profile: ZCompanyProfile });

export const employerMessages = {
  profileCreated: 'Company profile created successfully! Your account is now pending verification.',
  profileUpdated: 'Company profile updated successfully!',
  profileFailed: 'Error creating profile',
  notVerified: 'Your account needs to be verified before you can search candidates.',
  detailFailedAlert: 'Error loading candidate details',
  detailFailedModal: 'Failed to load candidate details',
  requestSent: 'Match request sent to admin for review!',
  requestFailed: 'Error sending match request',
  unmatched: 'Successfully unmatched from candidate',
  unmatchFailed: 'Error unmatching from candidate',
  noCandidates: 'No candidates found. Try adjusting your filters.',
  noRequests: 'No match requests yet.',
  noRequestsHint: 'Search for candidates and send match requests to get started.',
} as const;

/** Reload delay after creating the company profile (SPEC.md section 9). */
export const reloadAfterProfileMs = 2000;

// ─── Internal: verification, owned here, changed by admins ─────────────────

export const ZVerificationChange = z.strictObject({
  verified: z.boolean({ message: 'verified must be true or false' }),
});
export const verificationMessages = {
  verified: 'Employer verified successfully',
  revoked: 'Employer verification revoked successfully',
  failed: 'Error updating employer verification',
} as const;

export const ZEmployerSummary = z.object({
  user_id: ZId,
  company_name: z.string(),
  industry: z.string(),
  company_size: z.string(),
  website: z.string().nullable(),
  verified: z.boolean(),
});
export type EmployerSummary = z.infer<typeof ZEmployerSummary>;
/** The admin service's (and the notifications service's) lookup of several companies by employer user id. */
export const ZEmployerLookup = z.strictObject({ userIds: z.array(ZId).max(lookupLimit) });
/** The profile service's answer to the admin service's lookup of several companies. */
export const ZEmployerLookupAnswer = z.object({ employers: z.array(ZEmployerSummary) });
export type EmployerLookupAnswer = z.infer<typeof ZEmployerLookupAnswer>;
