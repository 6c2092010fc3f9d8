import {
  blankToUndefined,
  type Certification,
  type JobSeekerProfile,
  ZCertificationInput,
} from '@meritmatch/contracts';
import { contractResolver } from '@meritmatch/web-kit';
import { joinList, splitList } from '../../shared/list-text';

export type CertificationEntry = JobSeekerProfile['certifications'][number];

export type CertificationFormValues = {
  name: string;
  issuer: string;
  issueDate: string;
  expiryDate: string;
  credentialId: string;
  credentialUrl: string;
  skills: string;
};

export const emptyCertification: CertificationFormValues = {
  name: '',
  issuer: '',
  issueDate: '',
  expiryDate: '',
  credentialId: '',
  credentialUrl: '',
  skills: '',
};

export const certificationFormValues = (entry: CertificationEntry): CertificationFormValues => ({
  name: entry.name,
  issuer: entry.issuer,
  issueDate: entry.issue_date,
  expiryDate: entry.expiry_date ?? '',
  credentialId: entry.credential_id ?? '',
  credentialUrl: entry.credential_url ?? '',
  skills: joinList(entry.skills),
});

/** Blank optional fields are left out of the payload. */
export const certificationResolver = contractResolver<CertificationFormValues, Certification>(
  ZCertificationInput,
  (values) => {
    const input: Record<string, unknown> = {
      name: values.name,
      issuer: values.issuer,
      issueDate: values.issueDate,
      skills: splitList(values.skills),
    };
    for (const key of ['expiryDate', 'credentialId', 'credentialUrl'] as const) {
      const value = blankToUndefined(values[key]);
      if (value !== undefined) input[key] = value;
    }
    return input;
  },
);
