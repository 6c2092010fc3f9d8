import {
  blankToUndefined,
  type Experience,
  experienceTypeLabels,
  type experienceTypes,
  type JobSeekerProfile,
  ZExperienceInput,
} from '@meritmatch/contracts';
import { contractResolver } from '@meritmatch/web-kit';
import { joinList, splitList } from '../../shared/list-text';
import type { EntryFormSpec } from '../../shared/useEntryForm';

export type ExperienceType = (typeof experienceTypes)[number];
export type ExperienceEntry = JobSeekerProfile['experiences'][number];

/** The form holds text; skills are one comma-separated field. */
export type ExperienceFormValues = {
  experienceType: ExperienceType;
  companyName: string;
  position: string;
  startDate: string;
  endDate?: string | undefined;
  isCurrent: boolean;
  description: string;
  skills: string;
};

export const experienceTypeOptions = (Object.keys(experienceTypeLabels) as ExperienceType[]).map((value) => ({
  value,
  label: experienceTypeLabels[value],
}));

export const experienceForm: EntryFormSpec<ExperienceFormValues, Experience, ExperienceEntry> = {
  empty: {
    experienceType: 'professional',
    companyName: '',
    position: '',
    startDate: '',
    endDate: '',
    isCurrent: false,
    description: '',
    skills: '',
  },
  toValues: (entry) => ({
    experienceType: entry.experience_type,
    companyName: entry.company_name,
    position: entry.position,
    startDate: entry.start_date,
    endDate: entry.end_date ?? '',
    isCurrent: entry.is_current,
    description: entry.description ?? '',
    skills: joinList(entry.skills),
  }),
  // ticking 'I currently work here' sends endDate as null; blank optional fields stay out
  resolver: contractResolver(ZExperienceInput, (values) => ({
    companyName: values.companyName,
    position: values.position,
    startDate: values.startDate,
    endDate: values.isCurrent ? null : blankToUndefined(values.endDate),
    description: blankToUndefined(values.description),
    isCurrent: values.isCurrent,
    experienceType: values.experienceType,
    skills: splitList(values.skills),
  })),
  firstField: 'companyName',
  // the description is left out: employers read it with every word of the name hidden
  employerSees: [
    { name: 'companyName', label: 'Company name' },
    { name: 'position', label: 'Position' },
  ],
};
