import type {
  CandidateSummary,
  CompanyProfile,
  EmailPreference,
  EmployerMatchRequest,
  Position,
  SavedSearch,
} from '@meritmatch/contracts';
import { answer } from '@meritmatch/web-testkit';

export const company: CompanyProfile = {
  id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
  company_name: 'Acme Robotics',
  industry: 'Technology',
  company_size: '51-200',
  website: 'https://acme.example',
  description: 'We build warehouse robots.',
  verified: true,
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
};

export const candidate: CandidateSummary = {
  id: '3b8f6d52-4c2a-4d1e-9f0b-8a7c6e5d4b3a',
  unique_code: 'EM123456',
  location: 'Hamburg, Germany',
  skills: ['Kotlin', 'Go', 'SQL', 'Docker', 'AWS', 'React', 'Rust'].map((name) => ({ name })),
  experience_count: 2,
  education_count: 1,
  fit: null,
};

export const approvedRequest: EmployerMatchRequest = {
  id: '5c4b3a29-1e0f-4d8c-9b7a-6f5e4d3c2b1a',
  candidate_id: candidate.id,
  candidate_code: 'EM123456',
  candidate_location: 'Hamburg, Germany',
  status: 'approved',
  status_label: 'Matched',
  created_at: '2026-05-10T08:15:00.000Z',
  updated_at: '2026-05-11T08:15:00.000Z',
  message: 'We are hiring a robotics engineer.',
  admin_notes: 'The admin team will facilitate contact.',
  contact_note: null,
  position_title: null,
};

/** An open position in Hamburg, and a closed remote one. */
export const position: Position = {
  id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  title: 'Backend Engineer',
  description: 'Build the APIs our warehouse robots talk to.',
  work_mode: 'hybrid',
  location: 'Hamburg',
  country: 'DE',
  salary: { min: 60000, max: 80000, currency: 'EUR' },
  must_have: ['Kotlin', 'SQL'],
  nice_to_have: ['Kubernetes'],
  experience: 'mid',
  education: 'bachelor',
  start_within_weeks: 8,
  status: 'open',
  created_at: '2026-05-01T09:00:00.000Z',
  updated_at: '2026-05-01T09:00:00.000Z',
};

export const closedPosition: Position = {
  ...position,
  id: '8b7c6d5e-4f3a-4b2c-8d9e-0f1a2b3c4d5e',
  title: 'Data Analyst',
  work_mode: 'remote',
  location: null,
  country: null,
  salary: { min: 50000, max: 50000, currency: 'GBP' },
  must_have: ['SQL'],
  nice_to_have: [],
  status: 'closed',
};

/** The employer's positions, as the Search page and the Request Match dialog load them. */
export const positionsAre = (positions: Position[] = []) =>
  answer('get', '/employer/positions', { positions });

/** The entry sequence loads the profile first: a verified one opens the dashboard. */
export const verifiedProfile = () => answer('get', '/employer/profile', { profile: company });

/** The employer's e-mail settings as the notifications service lists them. */
export const emailPreferences: EmailPreference[] = [
  { kind: 'employer.verified', label: 'Company verified', enabled: true, always: false },
  { kind: 'employer.verification-revoked', label: 'Verification revoked', enabled: true, always: false },
  { kind: 'request.approved', label: 'Match request approved', enabled: true, always: false },
  { kind: 'request.not-approved', label: 'Match request not approved', enabled: true, always: false },
  { kind: 'account.suspended', label: 'Account suspended', enabled: true, always: true },
  { kind: 'account.restored', label: 'Account restored', enabled: true, always: true },
];

/** A search saved from the open position, with its daily e-mail on and a digest made. */
export const savedSearch: SavedSearch = {
  id: '2d3c4b5a-6f7e-4d8c-9b0a-1f2e3d4c5b6a',
  name: 'Backend Engineer',
  filters: {
    skills: 'Kotlin, SQL',
    preferred: 'Kubernetes',
    location: 'Hamburg',
    experience: 'mid',
    education: 'bachelor',
    position_id: position.id,
  },
  position_title: 'Backend Engineer',
  digest: true,
  created_at: '2026-05-12T09:00:00.000Z',
  last_digest_at: '2026-05-20T07:30:00.000Z',
};

/** A search by skills alone, its daily e-mail off and no digest made yet. */
export const plainSavedSearch: SavedSearch = {
  ...savedSearch,
  id: '4f5e6d7c-8b9a-4c0d-9e1f-2a3b4c5d6e7f',
  name: 'Go developers',
  filters: {
    skills: 'Go',
    preferred: null,
    location: null,
    experience: 'all',
    education: 'all',
    position_id: null,
  },
  position_title: null,
  digest: false,
  last_digest_at: null,
};

/** The employer's saved searches, as the Saved Searches page loads them. */
export const savedSearchesAre = (searches: SavedSearch[] = []) =>
  answer('get', '/employer/saved-searches', { searches });
