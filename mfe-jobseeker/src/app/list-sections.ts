import { CertificationForm } from '../features/certifications/CertificationForm';
import { CertificationSummary } from '../features/certifications/CertificationSummary';
import type { CertificationEntry } from '../features/certifications/certification-form';
import { EducationForm } from '../features/education/EducationForm';
import { EducationSummary } from '../features/education/EducationSummary';
import type { EducationEntry } from '../features/education/education-form';
import { ExperienceForm } from '../features/experience/ExperienceForm';
import { ExperienceSummary } from '../features/experience/ExperienceSummary';
import type { ExperienceEntry } from '../features/experience/experience-form';
import type { ListSection } from '../shared/EntrySectionPage';

/** The list sections that add, edit and delete entries: what differs between them. */
export const experienceSection: ListSection<ExperienceEntry> = {
  key: 'experience',
  noun: 'experience',
  entriesOf: (profile) => profile.experiences,
  what: (entry) => `experience at ${entry.company_name}`,
  emptyHint: 'Jobs, internships and projects all count. Fresh graduates can skip this section.',
  Form: ExperienceForm,
  Summary: ExperienceSummary,
};

export const educationSection: ListSection<EducationEntry> = {
  key: 'education',
  noun: 'education',
  entriesOf: (profile) => profile.education,
  what: (entry) => `education at ${entry.institution}`,
  emptyHint: 'Add your degrees and diplomas, including one you are still studying for.',
  Form: EducationForm,
  Summary: EducationSummary,
};

export const certificationsSection: ListSection<CertificationEntry> = {
  key: 'certifications',
  noun: 'certification',
  entriesOf: (profile) => profile.certifications,
  what: (entry) => `certification ${entry.name}`,
  emptyHint: 'Certificates and licences show employers what you can prove.',
  Form: CertificationForm,
  Summary: CertificationSummary,
};
