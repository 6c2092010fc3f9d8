import { z } from 'zod';
import { userManagementReason, ZAccessReasonParam } from './access-reason';
import { opaqueCursor, ZCursorPagination } from './cursor';
import {
  adminDecisionStatuses,
  employerRequestStatuses,
  matchStatuses,
  ZCandidateDetail,
  ZPagination,
} from './matching';
import { ZRequestPosition } from './positions';
import { ZJobPreferences } from './preferences';
import { blankToUndefined, optionalQuery, queryInteger, userTypes, ZId, ZIsoDate } from './primitives';
import { ZCandidateCodeFilter } from './search-log';

export const adminPageSize = 10;

const pageNumber = queryInteger('page', { min: 1, max: 100000, fallback: 1 });

export const ZRequestQueueQuery = z.strictObject({
  status: z.preprocess(
    blankToUndefined,
    z.enum(matchStatuses, { message: 'Unknown status' }).default('pending'),
  ),
  page: pageNumber,
  limit: queryInteger('limit', { min: 1, max: 100, fallback: adminPageSize }),
});
export type RequestQueueQuery = z.output<typeof ZRequestQueueQuery>;

/**
 * The tabs of the admin's match request queue: the spec's four (pending first, the default), then
 * the requests waiting for the candidate's consent, which the admin cannot decide yet.
 */
export const adminQueueTabs = [...adminDecisionStatuses, 'awaiting_candidate'] as const;
export type AdminQueueTab = (typeof adminQueueTabs)[number];
export const adminQueueTabLabels: Record<AdminQueueTab, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  connected: 'Connected',
  awaiting_candidate: 'Awaiting Candidate',
};
export const awaitingCandidateNote =
  'These requests wait for the candidate, who asked to be asked before their details are shared. They move to Pending once the candidate accepts; a decline closes them.';

/** PUT /api/admin/requests/{id}: the admin's decision, an optional note, and how contact will happen. */
export const ZAdminDecision = z.strictObject({
  status: z.enum(adminDecisionStatuses, {
    message: 'Status must be pending, approved, rejected or connected',
  }),
  adminNotes: z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ message: 'Admin notes must be text' })
      .trim()
      .max(2000, { message: 'Admin notes must be at most 2000 characters' })
      .optional(),
  ),
  contactNote: z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string({ message: 'Contact note must be text' })
      .trim()
      .max(1000, { message: 'Contact note must be at most 1000 characters' })
      .optional(),
  ),
});
export type AdminDecision = z.input<typeof ZAdminDecision>;

export const requestUpdateFailed = 'Error updating request status';

/** What the admin reads after a decision (SPEC.md section 3). */
export const decisionMessage = (status: string) => `Request ${status} successfully!`;

/** A match request as the matching service (its owner) tells the admin service. */
export const ZInternalMatchRequest = z.object({
  id: ZId,
  job_seeker_id: ZId,
  employer_id: ZId,
  candidate_code: z.string(),
  candidate_location: z.string(),
  status: z.enum(employerRequestStatuses),
  created_at: z.string(),
  updated_at: z.string(),
  message: z.string().nullable(),
  admin_notes: z.string().nullable(),
  contact_note: z.string().nullable(),
  /** The candidate's account was erased (their code shows as "a deleted candidate"). */
  candidate_erased: z.boolean().optional(),
  /** The employer's account was erased (the company shows as "a deleted company"). */
  employer_erased: z.boolean().optional(),
});
export type InternalMatchRequest = z.infer<typeof ZInternalMatchRequest>;
export const ZInternalRequestPage = z.object({
  requests: z.array(ZInternalMatchRequest),
  pagination: ZPagination,
});
export const ZInternalRequestWrite = z.object({ message: z.string(), request: ZInternalMatchRequest });
export const ZInternalRequestAnswer = z.object({ request: ZInternalMatchRequest });
export const ZInternalRequestCounts = z.object({ counts: z.record(z.string(), z.number()) });

/**
 * The free text of one match request event, for the services that write from the events (the
 * contact log, e-mails) and only with their service token: the event carries none
 * (`events/match-requests.ts`). Asked at `${matchRequestTextsPath}/:requestId/events/:eventId`.
 * `message` is the employer's; the notes are those the request had after that event (null for an
 * event that was no decision). All null once a party's account is erased.
 */
export const matchRequestTextsPath = '/internal/service/match-requests';
export const ZMatchRequestTexts = z.strictObject({
  message: z.string().nullable(),
  adminNotes: z.string().nullable(),
  contactNote: z.string().nullable(),
  /** The position a new request named (for the candidate's e-mail); absent from an older matching. */
  position: ZRequestPosition.nullable().optional(),
});
export type MatchRequestTexts = z.infer<typeof ZMatchRequestTexts>;

// ─── /api/admin answers (SPEC.md section 3) ─────────────────────────────────

export const ZStats = z.object({
  job_seekers: z.number().int(),
  employers: z.number().int(),
  pending_requests: z.number().int(),
  approved_requests: z.number().int(),
  connected_matches: z.number().int(),
});
export type Stats = z.infer<typeof ZStats>;
export const ZStatsAnswer = z.object({ stats: ZStats });

/** The name stays hidden (null) until a request is approved or connected. */
export const ZAdminMatchRequest = ZInternalMatchRequest.omit({
  candidate_code: true,
  candidate_location: true,
}).extend({
  employer_info: z.object({
    companyName: z.string().nullable(),
    industry: z.string().nullable(),
    email: z.string().nullable(),
  }),
  job_seeker_info: z.object({
    uniqueCode: z.string(),
    location: z.string(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type AdminMatchRequest = z.infer<typeof ZAdminMatchRequest>;
export const ZAdminRequestsAnswer = z.object({
  requests: z.array(ZAdminMatchRequest),
  pagination: ZPagination,
});
export type AdminRequestsAnswer = z.infer<typeof ZAdminRequestsAnswer>;
export const ZAdminRequestWriteAnswer = z.object({ message: z.string(), request: ZAdminMatchRequest });

export const nameHiddenText = 'Name hidden until approval';
export const adminViewOnlyLabel = '(Admin View Only)';
export const emptyRequestsText = (status: string) => `No ${status} requests found`;

/** The admin's view of a candidate: what employers see plus the personal details. */
export const ZAdminCandidate = z.object({
  id: ZId,
  user_id: ZId,
  unique_code: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string(),
  date_of_birth: z.string(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  account_status: z.enum(['active', 'suspended', 'deleted']),
  profile_completion: z.number().int(),
  availability: z.literal('Available'),
  // the sections employers see, with the same shapes
  ...ZCandidateDetail.pick({ skills: true, experiences: true, education: true, certifications: true }).shape,
  /** The candidate's private job preferences: admins see them, employers never. */
  preferences: ZJobPreferences,
});
export type AdminCandidate = z.infer<typeof ZAdminCandidate>;
/** Opened from a request, the candidate's details are read for that request (the owners record it). */
export const ZAdminCandidateQuery = z.strictObject({
  requestId: z.preprocess(blankToUndefined, z.uuid({ message: 'Match request not found' }).optional()),
});
export const ZAdminCandidateAnswer = z.object({ candidate: ZAdminCandidate });

// ─── Contact log ────────────────────────────────────────────────────────────

/** What an admin can write in the contact log by hand. */
export const manualContactLogActions = [
  'approved_match',
  'reverted_to_pending',
  'rejected_match',
  'connected',
  'unmatched',
  'contact_made',
  'note',
] as const;
/**
 * Every action in the log: the admin's, the candidate's own decisions, and a request closed by a
 * party's erasure (these written from events only).
 */
export const contactLogActions = [
  ...manualContactLogActions,
  'candidate_accepted',
  'candidate_declined',
  'consent_withdrawn',
  'closed_on_erasure',
] as const;
export type ContactLogAction = (typeof contactLogActions)[number];
export const contactLogActionLabels: Record<(typeof contactLogActions)[number], string> = {
  approved_match: 'Match approved',
  reverted_to_pending: 'Reverted to pending',
  rejected_match: 'Match rejected',
  connected: 'Connected',
  unmatched: 'Unmatched by employer',
  contact_made: 'Contact made',
  note: 'Note',
  candidate_accepted: 'Accepted by candidate',
  candidate_declined: 'Declined by candidate',
  consent_withdrawn: 'Consent withdrawn by candidate',
  closed_on_erasure: 'Closed: account deleted',
};

export const ZContactLogInput = z.strictObject({
  requestId: ZId,
  action: z.enum(manualContactLogActions, { message: 'Unknown contact log action' }),
  notes: z
    .string({ message: 'Notes must be text' })
    .trim()
    .min(1, { message: 'Notes are required' })
    .max(2000, {
      message: 'Notes must be at most 2000 characters',
    }),
});
export type ContactLogInput = z.input<typeof ZContactLogInput>;

export const ZContactLogEntry = z.object({
  id: z.string(),
  action: z.enum(contactLogActions),
  notes: z.string(),
  request_id: ZId,
  admin_email: z.string().nullable(),
  created_at: z.string(),
  /** The request's company and candidate code, when known (absent in answers from before they were told). */
  company_name: z.string().nullable().optional(),
  candidate_code: z.string().nullable().optional(),
});
export type ContactLogEntry = z.infer<typeof ZContactLogEntry>;

export const contactLogPageSize = 100;
export const contactLogMaxPageSize = 500;

/**
 * Where a page of the contact log starts: after this entry, in the log's order (newest first,
 * then by id, so entries written in the same millisecond keep one order).
 */
export const contactLogCursor = opaqueCursor(
  z.strictObject({
    createdAt: z.number().int().min(0).max(8.64e15), // milliseconds since 1970, a valid date
    id: z.string().min(1).max(200),
  }),
);

/**
 * The contact log's filters, each optional: one request, one employer (its user id, as User
 * Management lists it), one candidate code, one action, and a first and a last calendar day
 * (UTC, both included).
 */
const contactLogFilterShape = {
  request: optionalQuery(z.uuid({ message: 'Not a request id' })),
  employer: optionalQuery(z.uuid({ message: 'Not an employer id' })),
  code: optionalQuery(ZCandidateCodeFilter),
  action: optionalQuery(z.enum(contactLogActions, { message: 'Unknown contact log action' })),
  from: optionalQuery(ZIsoDate),
  to: optionalQuery(ZIsoDate),
};
export const contactLogFilterNames = Object.keys(
  contactLogFilterShape,
) as (keyof typeof contactLogFilterShape)[];
const firstDayFirst = {
  check: (query: { from?: string | undefined; to?: string | undefined }) =>
    !query.from || !query.to || query.from <= query.to,
  params: { message: 'The first day must not be after the last day', path: ['to'] },
};

/** GET /api/admin/contact-logs/export: the whole filtered log as CSV, newest first, streamed. */
export const ZContactLogFilter = z
  .strictObject(contactLogFilterShape)
  .refine(firstDayFirst.check, firstDayFirst.params);
export type ContactLogFilter = z.output<typeof ZContactLogFilter>;

/**
 * GET /api/admin/contact-logs?limit&cursor&<filters>: `cursor` is the `nextCursor` of the page
 * before, asked with the same filters.
 */
export const ZContactLogQuery = z
  .strictObject({
    ...contactLogFilterShape,
    limit: queryInteger('limit', { min: 1, max: contactLogMaxPageSize, fallback: contactLogPageSize }),
    cursor: contactLogCursor.query('cursor is not valid: send the nextCursor of the page before'),
  })
  .refine(firstDayFirst.check, firstDayFirst.params);
export type ContactLogQuery = z.output<typeof ZContactLogQuery>;
/** One page of the log, newest first; `logs` as the spec names it. */
export const ZContactLogsAnswer = z.object({
  logs: z.array(ZContactLogEntry),
  pagination: ZCursorPagination,
});
export type ContactLogsAnswer = z.infer<typeof ZContactLogsAnswer>;
export const ZContactLogWriteAnswer = z.object({ message: z.string(), log: ZContactLogEntry });
export const noContactLogsText = 'No contact logs yet';
export const contactLogMessages = { entryAdded: 'Contact log entry added successfully!' } as const;

// ─── Users ──────────────────────────────────────────────────────────────────

/** The user list's type filter (SPEC.md section 2: default all). */
export const userTypeFilters = ['all', ...userTypes] as const;
export type UserTypeFilter = (typeof userTypeFilters)[number];

export const ZUsersQuery = z.strictObject({
  userType: z.preprocess(
    blankToUndefined,
    z.enum(userTypeFilters, { message: 'Unknown user type' }).default('all'),
  ),
  includeDeleted: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { message: 'includeDeleted must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
});

/** Internal: the accounts the user management screen shows, and why their e-mails are read. */
export const ZInternalUsersQuery = z.strictObject({
  ...ZUsersQuery.shape,
  reason: ZAccessReasonParam.default(userManagementReason),
});

export const ZAdminUser = z.object({
  id: ZId,
  email: z.string(),
  user_type: z.enum(['job_seeker', 'employer', 'admin']),
  status: z.enum(['active', 'suspended', 'deleted']),
  created_at: z.string(),
  /** Whether the person confirmed the address through the link sent to it. */
  email_confirmed: z.boolean(),
  profile: z
    .object({
      company_name: z.string().nullable(),
      industry: z.string().nullable(),
      verified: z.boolean().nullable(),
      full_name: z.string().nullable(),
      location: z.string().nullable(),
      unique_code: z.string().nullable(),
      candidate_id: ZId.nullable(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersAnswer = z.object({ users: z.array(ZAdminUser) });
export const ZAdminUserAnswer = z.object({ user: ZAdminUser });
export const ZAdminUserWriteAnswer = z.object({ message: z.string(), user: ZAdminUser });

export const userStatusMessages = {
  active: 'User activated successfully',
  suspended: 'User suspended successfully',
  deleted: 'User marked as deleted successfully. Their data is kept and the account can be restored.',
  failed: 'Error updating user status',
} as const;
export const statusActionVerb = { active: 'activate', suspended: 'suspend', deleted: 'delete' } as const;
export const confirmUserAction = (action: string) => `Are you sure you want to ${action} this user?`;
export const noUsersText = 'No users found';
export const adminProtectedMessage = 'Admin accounts cannot be suspended or deleted for security reasons.';
/**
 * Why "verify employer" was refused (409, from the profile service): the admin's System Setting
 * "Only confirmed addresses are searchable and can be verified" is on and the employer's address
 * is not confirmed.
 */
export const employerAddressUnconfirmedMessage =
  'This employer has not confirmed their e-mail address yet. Only confirmed addresses can be verified (System Settings).';
