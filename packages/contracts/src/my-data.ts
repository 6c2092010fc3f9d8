import { z } from 'zod';
import { ZJobSeekerAccessLogEntry } from './access-log';
import { contactLogActionLabels, contactLogActions } from './admin';
import { ZSessionView } from './auth';
import { ZCompanyProfile } from './employer';
import { ZInterestRequest } from './interest';
import { ZJobSeekerProfile } from './job-seeker';
import { ZEmployerMatchRequest } from './matching';
import { ZEmailKind, ZEmailPreference } from './notifications';
import { ZId, ZUserStatus } from './primitives';
import { ZSearchAppearanceWeek } from './search-log';

/**
 * "Download my data" (GDPR Art. 15 and 20): one JSON document with everything the product holds
 * about the signed-in job seeker or employer, composed by the gateway from each owner's part.
 * Each owner answers `GET /my-data` (never routed by the gateway on its own) with its part for the
 * token's user; the gateway answers `GET /api/account/export` with the whole document, or with
 * a 503 naming the owner that could not answer (never a partial document).
 *
 * It never holds another person's personal details: an employer's export names candidates by
 * their anonymous code, a job seeker's names companies (as their Interest page does) and
 * never an employer's or an admin's e-mail; reads of the job seeker's details name the
 * MeritMatch team, as their access log does. Every part is strict, so an extra field fails.
 */
export const myDataPath = '/my-data';
export const accountExportPath = '/api/account/export';
export const accountExportFormat = 'meritmatch-export/1';

export const myDataRoles = ['job_seeker', 'employer'] as const;
export const ZMyDataRole = z.enum(myDataRoles);
export type MyDataRole = z.infer<typeof ZMyDataRole>;

// ─── Each owner's part ───────────────────────────────────────────────────────

/** Auth: the account and its sessions that still work (no password hash, no network address). */
export const ZAccountData = z.strictObject({
  id: ZId,
  email: z.string(),
  user_type: ZMyDataRole,
  status: ZUserStatus,
  email_confirmed: z.boolean(),
  email_confirmed_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  status_changed_at: z.iso.datetime(),
  password_changed_at: z.iso.datetime().nullable(),
  sessions: z.array(ZSessionView.strict()),
});
export type AccountData = z.infer<typeof ZAccountData>;
export const ZAuthMyData = z.strictObject({ account: ZAccountData });
export type AuthMyData = z.infer<typeof ZAuthMyData>;

/**
 * Profile: the job seeker's profile with every list and the visibility settings (null before
 * one is made) and the reads of their personal details by the MeritMatch team; or the
 * employer's company profile.
 */
export const ZJobSeekerProfileMyData = z.strictObject({
  role: z.literal('job_seeker'),
  profile: ZJobSeekerProfile.nullable(),
  accessLog: z.array(ZJobSeekerAccessLogEntry),
});
export const ZEmployerProfileMyData = z.strictObject({
  role: z.literal('employer'),
  companyProfile: ZCompanyProfile.nullable(),
});
export const ZProfileMyData = z.discriminatedUnion('role', [ZJobSeekerProfileMyData, ZEmployerProfileMyData]);
export type ProfileMyData = z.infer<typeof ZProfileMyData>;

/**
 * Matching: the person's match requests as their own screens show them (companies, or candidates'
 * codes); a job seeker's weeks in searches as the Interest page shows them.
 */
export const ZJobSeekerMatchingMyData = z.strictObject({
  role: z.literal('job_seeker'),
  matchRequests: z.array(ZInterestRequest),
  searchAppearances: z.array(ZSearchAppearanceWeek),
});
export const ZEmployerMatchingMyData = z.strictObject({
  role: z.literal('employer'),
  matchRequests: z.array(ZEmployerMatchRequest),
});
export const ZMatchingMyData = z.discriminatedUnion('role', [
  ZJobSeekerMatchingMyData,
  ZEmployerMatchingMyData,
]);
export type MatchingMyData = z.infer<typeof ZMatchingMyData>;

export const emailRecordStatuses = ['pending', 'sending', 'sent', 'skipped', 'parked'] as const;

/**
 * One e-mail the product sent (or meant to send) to the person, with what it said beyond its
 * template: the request, the anonymous code, the company's name and the employer's message (not
 * the team's contact note, which introduces the other party). The text itself is made from the
 * template when it is sent and not kept.
 */
export const ZEmailRecord = z.strictObject({
  id: z.string(),
  kind: ZEmailKind,
  status: z.enum(emailRecordStatuses),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
  request_id: z.string().nullable(),
  candidate_code: z.string().nullable(),
  company_name: z.string().nullable(),
  employer_message: z.string().nullable(),
});
export type EmailRecord = z.infer<typeof ZEmailRecord>;

/** Notifications: the e-mail settings and the record of e-mails to the person, oldest first. */
export const ZNotificationsMyData = z.strictObject({
  emailSettings: z.array(ZEmailPreference.strict()),
  emails: z.array(ZEmailRecord),
});
export type NotificationsMyData = z.infer<typeof ZNotificationsMyData>;

/**
 * One contact-log entry about one of the person's match requests: what happened and when. The
 * admins' free-text notes and the admin who acted are left out: they may name other people
 * (the person can ask the team for them); what a note told the employer is in their match requests.
 */
export const ZContactLogRecordData = z.strictObject({
  id: z.string(),
  request_id: ZId,
  action: z.enum(contactLogActions),
  action_label: z.string(),
  created_at: z.iso.datetime(),
});
export type ContactLogRecordData = z.infer<typeof ZContactLogRecordData>;
export const ZAdminMyData = z.strictObject({ contactLog: z.array(ZContactLogRecordData) });
export type AdminMyData = z.infer<typeof ZAdminMyData>;

export const contactLogLabelOf = (action: (typeof contactLogActions)[number]) =>
  contactLogActionLabels[action];

// ─── The whole document ──────────────────────────────────────────────────────

const exportHead = {
  format: z.literal(accountExportFormat),
  exportedAt: z.iso.datetime(),
  account: ZAccountData,
  emailSettings: ZNotificationsMyData.shape.emailSettings,
  emails: ZNotificationsMyData.shape.emails,
  contactLog: ZAdminMyData.shape.contactLog,
};

export const ZJobSeekerExport = z.strictObject({
  ...exportHead,
  role: z.literal('job_seeker'),
  profile: ZJobSeekerProfile.nullable(),
  matchRequests: z.array(ZInterestRequest),
  searchAppearances: ZJobSeekerMatchingMyData.shape.searchAppearances,
  accessLog: z.array(ZJobSeekerAccessLogEntry),
});
export const ZEmployerExport = z.strictObject({
  ...exportHead,
  role: z.literal('employer'),
  companyProfile: ZCompanyProfile.nullable(),
  matchRequests: z.array(ZEmployerMatchRequest),
});
/** `GET /api/account/export`: the whole document. */
export const ZAccountExport = z.discriminatedUnion('role', [ZJobSeekerExport, ZEmployerExport]);
export type AccountExport = z.infer<typeof ZAccountExport>;
export type JobSeekerExport = z.infer<typeof ZJobSeekerExport>;
export type EmployerExport = z.infer<typeof ZEmployerExport>;

/** The file the browser saves. */
export const accountExportFileName = (at: Date) => `meritmatch-data-${at.toISOString().slice(0, 10)}.json`;

export const myDataTexts = {
  title: 'Your data',
  intro:
    'Everything MeritMatch holds about you, from every part of the product, in one file you can keep or take elsewhere.',
  download: 'Download my data',
  downloading: 'Preparing your file…',
  downloaded: 'Your data was downloaded successfully.',
  failed: 'Your data could not be gathered just now. Please try again in a minute.',
  loading: 'Gathering your data…',
  adminOnly: "Admins' data is not part of this download: ask the team that runs MeritMatch.",
  noProfile: 'No profile yet',
  privacy:
    'It holds nothing about other people: candidates appear by their anonymous code, and reads of your details by the MeritMatch team name the team.',
} as const;
