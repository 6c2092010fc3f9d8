import { z } from 'zod';
import { educationFilters, experienceFilters, ZPagination } from './matching';
import { optionalQuery as optional, queryInteger, ZId, ZIsoDate } from './primitives';

// ─── The search log (docs/decisions/0025-search-log.md) ─────────────────────
//
// Every answer that shows an employer candidates is logged by the matching service before it
// leaves: a search (its filters, the ranking's version, the codes and scores of the page shown)
// or an opened candidate detail. Admins read the log; a job seeker reads only their own weekly
// counts, never who searched.

/** How long an entry is kept, in days: at least six months, then swept. */
export const searchLogRetentionDays = 190;

/** What an entry records: a page of search results shown, or one candidate's detail opened. */
export const searchLogKinds = ['search', 'opened'] as const;
export type SearchLogKind = (typeof searchLogKinds)[number];

/** A search's filters as the service read them: skills split at commas, defaults filled in. */
export const ZSearchLogFilters = z.object({
  skills: z.array(z.string()),
  preferred: z.array(z.string()),
  location: z.string().nullable(),
  experience: z.enum(experienceFilters),
  education: z.enum(educationFilters),
  /** The employer's position the search started from (its terms filtered, its levels ranked); null for none. */
  position: z.uuid().nullable().default(null),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SearchLogFilters = z.infer<typeof ZSearchLogFilters>;

/** One candidate shown, in the order shown; the score is null when the search ranked nothing. */
export const ZSearchLogResult = z.object({
  candidate_id: ZId,
  unique_code: z.string(),
  score: z.number().int().min(0).max(100).nullable(),
});
export type SearchLogResult = z.infer<typeof ZSearchLogResult>;

/**
 * One entry as the matching service tells the admin service. A search has its filters and the
 * ranking's version (null when it named no skill and nothing was ranked); an opened detail has
 * neither, and its one candidate as its result. An erased candidate is gone from every result.
 */
export const ZInternalSearchLogEntry = z.object({
  id: ZId,
  kind: z.enum(searchLogKinds),
  at: z.iso.datetime(),
  employer_id: ZId,
  /** The employer's account was erased: its id stays, its company is gone. */
  employer_erased: z.boolean(),
  filters: ZSearchLogFilters.nullable(),
  ranking_version: z.string().nullable(),
  results: z.array(ZSearchLogResult),
});
export type InternalSearchLogEntry = z.infer<typeof ZInternalSearchLogEntry>;
export const ZInternalSearchLogPage = z.object({
  entries: z.array(ZInternalSearchLogEntry),
  pagination: ZPagination,
});

export const searchLogPageSize = 20;
export const searchLogMaxPageSize = 100;

/** An anonymous candidate code as the admin types it ("em123456" is EM123456). */
export const ZCandidateCodeFilter = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^EM\d{6,}$/, { message: 'A candidate code looks like EM123456' });

/**
 * GET /api/admin/search-log (and matching's /internal/search-log): a page, newest first, of the
 * entries of one employer (its user id, as User Management lists it), naming one candidate code,
 * between two calendar days (UTC, both included).
 */
export const ZSearchLogQuery = z
  .strictObject({
    page: queryInteger('page', { min: 1, max: 100000, fallback: 1 }),
    limit: queryInteger('limit', { min: 1, max: searchLogMaxPageSize, fallback: searchLogPageSize }),
    employer: optional(z.uuid({ message: 'Not an employer id' })),
    code: optional(ZCandidateCodeFilter),
    from: optional(ZIsoDate),
    to: optional(ZIsoDate),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first day must not be after the last day',
    path: ['to'],
  });
export type SearchLogQuery = z.output<typeof ZSearchLogQuery>;

/** What an admin reads: the entry with the employer's company (null when unknown or erased). */
export const ZAdminSearchLogEntry = ZInternalSearchLogEntry.extend({ company_name: z.string().nullable() });
export type AdminSearchLogEntry = z.infer<typeof ZAdminSearchLogEntry>;
export const ZAdminSearchLogAnswer = z.object({
  entries: z.array(ZAdminSearchLogEntry),
  pagination: ZPagination,
});
export type AdminSearchLogAnswer = z.infer<typeof ZAdminSearchLogAnswer>;

export const noSearchLogEntriesText = 'No searches logged';

// ─── The job seeker's appearances ───────────────────────────────────────────

/** The weeks a job seeker's "Your profile in searches" covers, this week included. */
export const appearanceWeeks = 26;

/**
 * One ISO week (from its Monday, UTC): how many searches showed the candidate and how many times
 * their profile was opened. Never who searched, nor how often each employer did.
 */
export const ZSearchAppearanceWeek = z.strictObject({
  week_start: ZIsoDate,
  searches: z.number().int().min(0),
  opened: z.number().int().min(0),
});
export type SearchAppearanceWeek = z.infer<typeof ZSearchAppearanceWeek>;

/** GET /api/job-seeker/interest/appearances: every one of the last 26 weeks, newest first. */
export const ZSearchAppearancesAnswer = z.strictObject({
  weeks: z.array(ZSearchAppearanceWeek).max(appearanceWeeks),
});
export type SearchAppearancesAnswer = z.infer<typeof ZSearchAppearancesAnswer>;

export const searchAppearanceTexts = {
  title: 'Your profile in searches',
  intro:
    'How often your anonymous profile appeared in employers’ search results and was opened, week by week, over the last 26 weeks. Employers are never named here.',
  empty: 'Your profile has not appeared in a search in the last 26 weeks.',
  emptyHint: 'A complete profile with your skills is easier for employers to find.',
} as const;

/** What an employer reads when a search or a detail could not be logged: nothing is shown unlogged. */
export const searchLogUnavailableMessage = 'Search is unavailable for a moment; please try again shortly.';
