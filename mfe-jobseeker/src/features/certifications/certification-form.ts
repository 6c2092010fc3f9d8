import {
  blankToUndefined,
  type Certification,
  type JobSeekerProfile,
  ZCertificationInput,
} from '@meritmatch/contracts';
import { contractResolver } from '@meritmatch/web-kit';
import { blankFields } from '../../shared/blank-fields';
import { joinList, splitList } from '../../shared/list-text';
import type { EntryFormSpec } from '../../shared/useEntryForm';

export type CertificationEntry = JobSeekerProfile['certifications'][number];

const emptyCertification = blankFields(
  'name',
  'issuer',
  'issueDate',
  'expiryDate',
  'credentialId',
  'credentialUrl',
  'skills',
);
export type CertificationFormValues = typeof emptyCertification;

export const certificationForm: EntryFormSpec<CertificationFormValues, Certification, CertificationEntry> = {
  empty: emptyCertification,
  toValues: (entry) => ({
    name: entry.name,
    issuer: entry.issuer,
    issueDate: entry.issue_date,
    expiryDate: entry.expiry_date ?? '',
    credentialId: entry.credential_id ?? '',
    credentialUrl: entry.credential_url ?? '',
    skills: joinList(entry.skills),
  }),
  // blank optional fields are left out of the payload
  resolver: contractResolver(ZCertificationInput, (values) => {
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
  }),
  firstField: 'name',
  employerSees: [
    { name: 'name', label: 'Certification name' },
    { name: 'issuer', label: 'Issuer' },
  ],
};
