import {
  appearanceWeeks,
  type InterestRequest,
  type JobSeekerProfile,
  noPreferences,
  paginate,
  type SearchAppearanceWeek,
} from '@meritmatch/contracts';
import { answer, failure, renderArea, sessionOf } from '@meritmatch/web-testkit';
import App from '../exposes/App';

/** A profile with one entry in every section. */
export const profile: JobSeekerProfile = {
  id: '2d7c1e9a-4b3f-4a8e-9c6d-5e4f3a2b1c0d',
  full_name: 'Clara Schmidt',
  phone: '+49 40 1234567',
  location: 'Hamburg, Germany',
  date_of_birth: '1994-06-15',
  gender: 'female',
  unique_code: 'EM482913',
  skills: [
    { id: 'a1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c2d', name: 'Kotlin', proficiency_level: 'expert' },
    { id: 'a1b2c3d4-0002-4a5b-8c6d-7e8f9a0b1c2d', name: 'SQL', proficiency_level: 'advanced' },
  ],
  experiences: [
    {
      id: 'b1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c2d',
      company_name: 'Nordhafen Logistics',
      position: 'Backend Developer',
      start_date: '2019-03-01',
      end_date: null,
      description: 'Built the shipment tracking API.',
      is_current: true,
      experience_type: 'professional',
      skills: ['Kotlin', 'PostgreSQL'],
    },
  ],
  education: [
    {
      id: 'c1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c2d',
      institution: 'University of Hamburg',
      degree: "Bachelor's Degree",
      field_of_study: 'Computer Science',
      graduation_year: 2018,
      gpa: 3.7,
    },
  ],
  certifications: [
    {
      id: 'd1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c2d',
      name: 'AWS Certified Developer',
      issuer: 'Amazon Web Services',
      issue_date: '2022-05-10',
      expiry_date: '2025-05-10',
      credential_id: 'AWS-DEV-1234',
      credential_url: 'https://aws.example/verify/1234',
      skills: ['AWS'],
    },
  ],
  settings: {
    ask_before_sharing: false,
    paused: false,
    blocked_companies: [],
    current_employers: [{ company_name: 'Nordhafen Logistics', blocked: true }],
  },
  preferences: noPreferences,
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
};

/** The same profile with empty lists: every list section shows its empty state. */
export const bareProfile: JobSeekerProfile = {
  ...profile,
  skills: [],
  experiences: [],
  education: [],
  certifications: [],
};

/** The profile page also lists who viewed the details: nobody, unless a test answers otherwise after. */
export const nobodyViewed = () =>
  answer('get', '/job-seeker/access-log', { entries: [], pagination: paginate(0, 1, 5) });

/**
 * The job seeker's last 26 weeks in searches, newest first from the week of 16 Nov 2026: the
 * counts given (searches, opened) for the newest weeks, none for the rest.
 */
export const appearanceWeeksOf = (...counts: Array<[number, number]>): SearchAppearanceWeek[] =>
  Array.from({ length: appearanceWeeks }, (_, back) => ({
    week_start: new Date(Date.UTC(2026, 10, 16 - 7 * back)).toISOString().slice(0, 10),
    searches: counts[back]?.[0] ?? 0,
    opened: counts[back]?.[1] ?? 0,
  }));

/** The Interest page also shows the weeks in searches: none, unless a test answers otherwise after. */
export const notSearchedYet = () =>
  answer('get', '/job-seeker/interest/appearances', { weeks: appearanceWeeksOf() });

/** The area loads the profile first. */
export const profileIs = (shown: JobSeekerProfile) => {
  nobodyViewed();
  notSearchedYet();
  return answer('get', '/job-seeker/profile', { profile: shown });
};
export const noProfileYet = () => {
  nobodyViewed();
  return answer('get', '/job-seeker/profile', failure('No profile yet', 'NOT_FOUND'), { status: 404 });
};

/** Every write answers its message and the profile as it now is. */
export const written = (message: string, changed: JobSeekerProfile) => ({ message, profile: changed });

/** The area as the shell mounts it, signed in as a job seeker, at `path`. */
export const openArea = (path = '/job-seeker') =>
  renderArea(App, { mount: '/job-seeker', path, session: sessionOf('job_seeker') });

/** A request waiting for the candidate (consent on) that names a position, and one with the admin team that names none. */
export const waitingRequest: InterestRequest = {
  id: '8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a',
  company_name: 'Brightpath Software',
  industry: 'Technology',
  company_size: '51-200',
  message: 'We have an opening that fits your profile.',
  position: {
    title: 'Backend Engineer',
    work_mode: 'hybrid',
    location: 'Hamburg',
    country: 'DE',
    salary: { min: 60000, max: 80000, currency: 'EUR' },
    matched_skills: ['Kotlin', 'SQL'],
  },
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
  status: 'awaiting_candidate',
  status_label: 'Waiting for you',
  decisions: ['accept', 'decline'],
};

export const pendingRequest: InterestRequest = {
  ...waitingRequest,
  id: '9e8f7a6b-5c4d-4e3f-8a2b-1c0d9e8f7a6b',
  company_name: 'Meridian Health Group',
  industry: 'Healthcare',
  company_size: '1001+',
  message: null,
  position: null,
  status: 'pending',
  status_label: 'With our team',
  decisions: ['withdraw'],
};
