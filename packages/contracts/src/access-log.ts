import { z } from 'zod';
import {
  type AccessPurpose,
  accessPurposes,
  type PersonalDetail,
  personalDetails,
  ZPersonalDetail,
} from './access-reason';
import { ZPagination } from './matching';
import { queryInteger, ZId } from './primitives';

// ─── The record, as admins and job seekers read it ──────────────────────────

export const accessLogPageSize = 20;
export const accessLogMaxPageSize = 100;

export const ZAccessLogQuery = z.strictObject({
  page: queryInteger('page', { min: 1, max: 100000, fallback: 1 }),
  limit: queryInteger('limit', { min: 1, max: accessLogMaxPageSize, fallback: accessLogPageSize }),
});
export type AccessLogQuery = z.output<typeof ZAccessLogQuery>;

/** Whose details one read held, and why (one job seeker of a read). */
export const ZAccessRecordJobSeeker = z.object({
  user_id: ZId,
  candidate_id: ZId.nullable(),
  unique_code: z.string().nullable(),
  purpose: z.enum(accessPurposes),
  request_id: ZId.nullable(),
  company_name: z.string().nullable(),
});
export type AccessRecordJobSeeker = z.infer<typeof ZAccessRecordJobSeeker>;

/** At most this many job seekers of one read are listed (a user list read names them all). */
export const accessRecordJobSeekersShown = 50;

/**
 * One read as its owner recorded it: one answer of the profile service (names, phones) or of
 * the auth service (e-mails), by one admin, at one time. It names the candidates by their
 * anonymous code and holds no name, e-mail or phone.
 */
export const ZAccessRecord = z.object({
  id: z.string(),
  read_at: z.iso.datetime(),
  admin_user_id: ZId,
  details: z.array(ZPersonalDetail).min(1),
  job_seekers: z.array(ZAccessRecordJobSeeker).max(accessRecordJobSeekersShown),
  job_seeker_count: z.number().int().min(1),
});
export type AccessRecord = z.infer<typeof ZAccessRecord>;
export const ZAccessRecordPage = z.object({ entries: z.array(ZAccessRecord), pagination: ZPagination });

/** GET /api/admin/access-log: the records with the e-mail of the admin who read (admins see each other). */
export const ZAdminAccessLogEntry = ZAccessRecord.extend({ admin_email: z.string().nullable() });
export type AdminAccessLogEntry = z.infer<typeof ZAdminAccessLogEntry>;
export const ZAdminAccessLogAnswer = z.object({
  entries: z.array(ZAdminAccessLogEntry),
  pagination: ZPagination,
});

/**
 * Job seekers are told that the MeritMatch team read their details, not which admin: the
 * admins act for the company that answers for the data, and an admin's e-mail is personal
 * data of its own, of no use to the job seeker and an invitation to contact staff directly.
 */
export const accessViewerLabel = 'MeritMatch team';

/** GET /api/job-seeker/access-log: strict, so that no admin identity or other id slips into it. */
export const ZJobSeekerAccessLogEntry = z.strictObject({
  id: z.string(),
  read_at: z.iso.datetime(),
  viewer: z.literal(accessViewerLabel),
  details: z.array(ZPersonalDetail).min(1),
  purpose: z.enum(accessPurposes),
  company_name: z.string().nullable(),
});
export type JobSeekerAccessLogEntry = z.infer<typeof ZJobSeekerAccessLogEntry>;
export const ZJobSeekerAccessLogAnswer = z.strictObject({
  entries: z.array(ZJobSeekerAccessLogEntry),
  pagination: ZPagination,
});

const detailWords: Record<PersonalDetail, string> = { name: 'name', email: 'e-mail', phone: 'phone' };

/** `['name', 'phone']` reads `Name and phone`, in the order name, e-mail, phone. */
export function detailsText(details: readonly PersonalDetail[]): string {
  const words = personalDetails.filter((detail) => details.includes(detail)).map((d) => detailWords[d]);
  const text = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Why, as both screens say it. */
export function purposeText(purpose: AccessPurpose, companyName: string | null): string {
  return purpose === 'match-request'
    ? `Match request from ${companyName ?? 'an employer'}`
    : 'Account administration';
}

export const noAccessRecordsText = 'No reads of personal details recorded yet';
export const noJobSeekerAccessText = 'Nobody has viewed your personal details yet.';
