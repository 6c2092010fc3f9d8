import type { CompletionSections } from '@meritmatch/contracts';

export type SectionKey = keyof CompletionSections;

/** The Profile Builder menu, in order. */
export const sections: readonly { key: SectionKey; label: string; to: string }[] = [
  { key: 'profile', label: 'Profile', to: '/job-seeker' },
  { key: 'experience', label: 'Experience', to: '/job-seeker/experience' },
  { key: 'education', label: 'Education', to: '/job-seeker/education' },
  { key: 'skills', label: 'Skills', to: '/job-seeker/skills' },
  { key: 'certifications', label: 'Certifications', to: '/job-seeker/certifications' },
];

export const sectionOf = (key: SectionKey) => sections.find((section) => section.key === key)!;

/** The Profile Builder's pages that count for no completion: what the candidate keeps to themselves. */
export const privatePages: readonly { label: string; to: string }[] = [
  { label: 'Job preferences', to: '/job-seeker/preferences' },
];

/** The pages about employers and the candidate: who asked for them, and who may find them. */
export const candidatePages: readonly { label: string; to: string }[] = [
  { label: 'Interest', to: '/job-seeker/interest' },
  { label: 'Visibility', to: '/job-seeker/visibility' },
];
