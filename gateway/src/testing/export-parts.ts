import type { Area } from '../routes';

/** An employer's part of each service, as the services answer `GET /my-data`. */
export const employerExportParts = (userId: string, at: string): Record<Area, unknown> => ({
  auth: {
    account: {
      id: userId,
      email: 'hiring@acme.example.com',
      user_type: 'employer',
      status: 'active',
      email_confirmed: false,
      email_confirmed_at: null,
      created_at: at,
      status_changed_at: at,
      password_changed_at: null,
      sessions: [],
    },
  },
  profile: { role: 'employer', companyProfile: null },
  matching: { role: 'employer', matchRequests: [] },
  notifications: { emailSettings: [], emails: [] },
  admin: { contactLog: [] },
});
