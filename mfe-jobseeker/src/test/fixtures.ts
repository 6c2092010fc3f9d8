import type { InterestRequest, JobSeekerProfile } from '@meritmatch/contracts';

export const profile: JobSeekerProfile = {
  id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  full_name: 'Clara Schmidt',
  phone: '+49 170 1234567',
  location: 'Hamburg, Germany',
  date_of_birth: '1992-04-17',
  gender: 'female',
  unique_code: 'EM123456',
  skills: [{ id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d', name: 'Python', proficiency_level: 'advanced' }],
  experiences: [
    {
      id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e',
      company_name: 'Globex',
      position: 'Data Analyst',
      start_date: '2021-02-01',
      end_date: null,
      description: null,
      is_current: true,
      experience_type: 'professional',
      skills: [],
    },
  ],
  education: [],
  certifications: [],
  settings: {
    ask_before_sharing: false,
    paused: false,
    blocked_companies: [],
    current_employers: [{ company_name: 'Globex', blocked: true }],
  },
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
};

export const waitingRequest: InterestRequest = {
  id: '8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a',
  company_name: 'Brightpath Software',
  industry: 'Technology',
  company_size: '51-200',
  message: 'We have an opening that fits your profile.',
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
  status: 'pending',
  status_label: 'With our team',
  decisions: ['withdraw'],
};
