import type {
  AdminMatchRequest,
  AdminUser,
  ContactLogEntry,
  EmailTemplate,
  Stats,
} from '@meritmatch/contracts';

export const stats: Stats = {
  job_seekers: 1204,
  employers: 18,
  pending_requests: 3,
  approved_requests: 2,
  connected_matches: 1,
};

export const employerUser: AdminUser = {
  id: '7d1c6a52-3b1e-4f3a-9d52-1c2b3a4d5e6f',
  email: 'hr@acme.example',
  user_type: 'employer',
  status: 'active',
  created_at: '2026-03-04T10:00:00.000Z',
  email_confirmed: false,
  profile: {
    company_name: 'Acme Robotics',
    industry: 'Technology',
    verified: false,
    full_name: null,
    location: null,
    unique_code: null,
    candidate_id: null,
  },
};

export const seekerUser: AdminUser = {
  id: '2a9e7c41-5d3b-4e2f-8a1c-9b8d7e6f5a4b',
  email: 'clara@example.com',
  user_type: 'job_seeker',
  status: 'active',
  created_at: '2026-02-01T09:30:00.000Z',
  email_confirmed: true,
  profile: {
    company_name: null,
    industry: null,
    verified: null,
    full_name: 'Clara Schmidt',
    location: 'Hamburg, Germany',
    unique_code: 'EM123456',
    candidate_id: '3b8f6d52-4c2a-4d1e-9f0b-8a7c6e5d4b3a',
  },
};

export const pendingRequest: AdminMatchRequest = {
  id: '5c4b3a29-1e0f-4d8c-9b7a-6f5e4d3c2b1a',
  employer_id: employerUser.id,
  job_seeker_id: '3b8f6d52-4c2a-4d1e-9f0b-8a7c6e5d4b3a',
  status: 'pending',
  created_at: '2026-11-20T08:15:00.000Z',
  updated_at: '2026-11-20T08:15:00.000Z',
  message: 'We are hiring a robotics engineer.',
  admin_notes: null,
  contact_note: null,
  employer_info: { companyName: 'Acme Robotics', industry: 'Technology', email: 'hr@acme.example' },
  job_seeker_info: {
    uniqueCode: 'EM123456',
    location: 'Hamburg, Germany',
    fullName: 'Clara Schmidt',
    email: 'clara@example.com',
  },
};

export const approvalLog: ContactLogEntry = {
  id: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968',
  action: 'approved_match',
  notes: "Contact details shared with Acme Robotics's company.",
  request_id: pendingRequest.id,
  admin_email: 'admin@meritmatch.example',
  created_at: '2026-11-21T09:00:00.000Z',
};

export const pagination = (totalCount: number, currentPage = 1, pageSize = 10) => {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return { currentPage, totalPages, hasNext: currentPage < totalPages, hasPrev: currentPage > 1, totalCount };
};

/** A page of the contact log as the API answers it; a cursor says an older page follows. */
export const contactLogPage = (logs: ContactLogEntry[], nextCursor: string | null = null) => ({
  logs,
  pagination: { hasNext: nextCursor !== null, nextCursor },
});

export const systemSettings = {
  askBeforeSharingByDefault: false,
  senderName: 'MeritMatch',
  senderAddress: 'no-reply@example.com',
  confirmedAddressesOnly: false,
  inactiveAccountMonths: 12,
  updated_at: '2026-05-01T09:00:00.000Z',
};

export const approvedTemplate: EmailTemplate = {
  kind: 'request.approved',
  label: 'Match request approved',
  audience: 'employer',
  security: false,
  placeholders: ['senderName', 'companyName', 'candidateCode', 'contactNote'],
  subject: 'Match approved: candidate {{candidateCode}}',
  body: 'Hello {{companyName}},\n\nContact note:\n{{contactNote}}\n\n{{senderName}}',
  updated_at: '2026-05-01T09:00:00.000Z',
};

export const suspendedTemplate: EmailTemplate = {
  kind: 'account.suspended',
  label: 'Account suspended',
  audience: 'anyone',
  security: true,
  placeholders: ['senderName'],
  subject: 'Your account has been suspended',
  body: 'Hello,\n\nYour account has been suspended.\n\n{{senderName}}',
  updated_at: '2026-05-01T09:00:00.000Z',
};
