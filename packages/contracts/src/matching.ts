import { z } from 'zod';
import { genders, ZProficiency } from './job-seeker';
import { blankToUndefined, queryInteger, ZId } from './primitives';
import { fitLabels, levelFit, rankingVersion } from './ranking';

// ─── Search (SPEC.md sections 2 and 5) ──────────────────────────────────────

export const experienceFilters = ['all', 'entry', 'mid', 'senior'] as const;
export const experienceFilterLabels: Record<(typeof experienceFilters)[number], string> = {
  all: 'All experience levels',
  entry: 'Entry level (0-2 years)',
  mid: 'Mid level (3-5 years)',
  senior: 'Senior (6+ years)',
};
export type ExperienceFilter = (typeof experienceFilters)[number];
export const educationFilters = ['all', 'high_school', 'bachelor', 'master', 'phd'] as const;
export type EducationFilter = (typeof educationFilters)[number];
export const educationFilterLabels: Record<(typeof educationFilters)[number], string> = {
  all: 'All education levels',
  high_school: 'High School',
  bachelor: "Bachelor's",
  master: "Master's",
  phd: 'PhD',
};

export const searchPageSize = 12;

/**
 * Query string of GET /api/employer/search. Skills: comma-separated, all must match. Preferred:
 * comma-separated nice-to-have skills, which only rank (`rankingVersion`).
 */
export const ZCandidateSearchQuery = z.strictObject({
  skills: z.preprocess(
    blankToUndefined,
    z.string().max(300, { message: 'Skills filter is too long' }).optional(),
  ),
  preferred: z.preprocess(
    blankToUndefined,
    z.string().max(300, { message: 'Nice-to-have skills are too long' }).optional(),
  ),
  location: z.preprocess(
    blankToUndefined,
    z.string().max(120, { message: 'Location filter is too long' }).optional(),
  ),
  experience: z.preprocess(
    blankToUndefined,
    z.enum(experienceFilters, { message: 'Unknown experience filter' }).default('all'),
  ),
  education: z.preprocess(
    blankToUndefined,
    z.enum(educationFilters, { message: 'Unknown education filter' }).default('all'),
  ),
  /** One of the employer's open positions: its terms filter by the candidates' preferences, and its levels rank. */
  position: z.preprocess(blankToUndefined, z.uuid({ message: 'Not a position id' }).optional()),
  page: queryInteger('page', { min: 1, max: 100000, fallback: 1 }),
  limit: queryInteger('limit', { min: 1, max: 50, fallback: searchPageSize }),
});
export type CandidateSearchQuery = z.output<typeof ZCandidateSearchQuery>;

export const ZPagination = z.strictObject({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  totalCount: z.number().int(),
});
export type Pagination = z.infer<typeof ZPagination>;

export function paginate(totalCount: number, page: number, limit: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  return { currentPage: page, totalPages, hasNext: page < totalPages, hasPrev: page > 1, totalCount };
}

/**
 * Employer-facing answers are strict: an extra field (a personal detail slipping in) fails
 * the parse before the answer leaves the matching service.
 */
// ─── Ranking (docs/decisions/0024-ranking.md) ───────────────────────────────

/**
 * How a candidate fits a search that names skills: the score (0–100), its label, the candidate's
 * skills that matched a searched one, and the nice-to-have skills it lacks. Without searched
 * skills there is nothing to rank by, and a card has no fit.
 */
export const ZCandidateFit = z.strictObject({
  score: z.number().int().min(0).max(100),
  label: z.enum(fitLabels),
  ranking: z.literal(rankingVersion),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
  /**
   * The parts of the score: the skills' share (0–100), and how experience and education meet the
   * position's levels, null when the search asked for none (`factorWeights`).
   */
  factors: z.strictObject({
    skills: z.number().int().min(0).max(100),
    experience: z.enum(Object.keys(levelFit) as [keyof typeof levelFit]).nullable(),
    education: z.enum(Object.keys(levelFit) as [keyof typeof levelFit]).nullable(),
  }),
});
export type CandidateFit = z.infer<typeof ZCandidateFit>;

export const ZCandidateSummary = z.strictObject({
  id: ZId,
  unique_code: z.string(),
  location: z.string(),
  skills: z.array(z.strictObject({ name: z.string() })),
  experience_count: z.number().int(),
  education_count: z.number().int(),
  fit: ZCandidateFit.nullable(),
});
export type CandidateSummary = z.infer<typeof ZCandidateSummary>;

export const ZSearchAnswer = z.strictObject({
  candidates: z.array(ZCandidateSummary),
  pagination: ZPagination,
});
export type SearchAnswer = z.infer<typeof ZSearchAnswer>;

// ─── What an employer may see of a person (nobody can be singled out) ─

/**
 * An employer sees an age band, never an age (SPEC.md's "age" in the candidate detail). The
 * narrowest bands are five years wide, and every wider band is a union of narrower ones (16–19
 * and 20–24 make 16–24, which with 25–34 makes 16–34), so widening a band never contradicts
 * a narrower one. Profiles start at 16 (the minimum age).
 */
export const ageBandWidths = [5, 10, 20] as const;
export type AgeBandWidth = (typeof ageBandWidths)[number];
const ageBandStarts: Record<AgeBandWidth, readonly number[]> = {
  5: [16, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65],
  10: [16, 25, 35, 45, 55, 65],
  20: [16, 35, 55],
};
const bandLabel = (starts: readonly number[], index: number) =>
  index === starts.length - 1 ? `${starts[index]}+` : `${starts[index]}–${starts[index + 1]! - 1}`;

/** Every band an answer may carry, narrowest first. */
export const ageBands = [
  ...new Set(
    ageBandWidths.flatMap((width) => ageBandStarts[width].map((_, i) => bandLabel(ageBandStarts[width], i))),
  ),
];
export const ZAgeBand = z.enum(ageBands);

/** The band of `width` years holding `age` (an age under 16 counts as the first band). */
export function ageBandOf(age: number, width: AgeBandWidth): string {
  const starts = ageBandStarts[width];
  let index = 0;
  while (index + 1 < starts.length && age >= starts[index + 1]!) index += 1;
  return bandLabel(starts, index);
}

/** The location shown when even a country would single the candidate out. */
export const locationNotShown = 'Location not shown';

/**
 * The employer's view of one candidate. Location, age band and gender are shown only as wide as
 * keeps at least five searchable candidates alike (a wider band, then no gender, then a wider
 * place); `age_band` and `gender` are null when not shown or not given.
 */
export const ZCandidateDetail = z.strictObject({
  id: ZId,
  unique_code: z.string(),
  location: z.string(),
  age_band: ZAgeBand.nullable(),
  gender: z.enum(genders).nullable(),
  skills: z.array(z.strictObject({ name: z.string(), proficiency_level: ZProficiency })),
  experiences: z.array(
    z.strictObject({
      position: z.string(),
      company_name: z.string(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
  education: z.array(
    z.strictObject({
      degree: z.string(),
      field_of_study: z.string().nullable(),
      institution: z.string(),
      graduation_year: z.number().int().nullable(),
      gpa: z.number().nullable(),
    }),
  ),
  certifications: z.array(z.strictObject({ name: z.string(), issuer: z.string(), issue_date: z.string() })),
});
export type CandidateDetail = z.infer<typeof ZCandidateDetail>;
export const ZCandidateDetailAnswer = z.strictObject({ candidate: ZCandidateDetail });

// ─── Match requests ─────────────────────────────────────────────────────────

/** What the admin can set a request to (SPEC.md section 4): the spec's four statuses. */
export const adminDecisionStatuses = ['pending', 'approved', 'rejected', 'connected'] as const;
export type AdminDecisionStatus = (typeof adminDecisionStatuses)[number];
/**
 * The candidate's own steps: a request that waits for the candidate's consent, one
 * the candidate declined, and one whose consent the candidate withdrew while it was pending.
 */
export const candidateDecisionStatuses = ['awaiting_candidate', 'declined', 'withdrawn'] as const;
export type CandidateDecisionStatus = (typeof candidateDecisionStatuses)[number];
/** Every status a request can be in. */
export const matchStatuses = [...adminDecisionStatuses, ...candidateDecisionStatuses] as const;
export const ZMatchStatus = z.enum(matchStatuses);
export type MatchStatus = z.infer<typeof ZMatchStatus>;
/**
 * Every status of a request: the admin's and the candidate's, the employer's own 'unmatched', and
 * 'closed' (a party's account was erased while the request was open). What each means to each
 * party is in request-lifecycle.ts.
 */
export const employerRequestStatuses = [...matchStatuses, 'unmatched', 'closed'] as const;
export type EmployerRequestStatus = (typeof employerRequestStatuses)[number];
/** Every status a match request event (topic `match-requests`) can name: all of a request's. */
export const requestEventStatuses = employerRequestStatuses;
export type RequestEventStatus = EmployerRequestStatus;
/**
 * The statuses an employer's answers carry. The candidate's own steps are shown as the spec's
 * statuses they look like to the employer (waiting for the candidate is 'pending', a decline or
 * a withdrawn consent is 'rejected'), so an employer cannot tell a candidate's "no" from the
 * admin's.
 */
export const employerVisibleStatuses = ['pending', 'approved', 'rejected', 'connected', 'unmatched'] as const;
export type EmployerVisibleStatus = (typeof employerVisibleStatuses)[number];

export const ZMatchRequestInput = z.strictObject({
  jobSeekerId: z.uuid({ message: 'Please choose a candidate' }),
  message: z.preprocess(
    blankToUndefined,
    z
      .string({ message: 'Message must be text' })
      .trim()
      .max(1000, { message: 'Message must be at most 1000 characters' })
      .optional(),
  ),
  /** One of the employer's open positions, which the candidate is then shown. */
  positionId: z.preprocess(blankToUndefined, z.uuid({ message: 'Not a position id' }).optional()),
});
export type MatchRequestInput = z.input<typeof ZMatchRequestInput>;

export const ZEmployerMatchRequest = z.strictObject({
  id: ZId,
  candidate_id: ZId,
  candidate_code: z.string(),
  candidate_location: z.string(),
  status: z.enum(employerVisibleStatuses),
  status_label: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message: z.string().nullable(),
  admin_notes: z.string().nullable(),
  contact_note: z.string().nullable(),
  /** The title of the position the request named, as it was when sent. */
  position_title: z.string().nullable(),
});
export type EmployerMatchRequest = z.infer<typeof ZEmployerMatchRequest>;
export const ZEmployerRequestsAnswer = z.strictObject({ requests: z.array(ZEmployerMatchRequest) });
export const ZEmployerRequestWriteAnswer = z.strictObject({
  message: z.string(),
  request: ZEmployerMatchRequest,
});

export const duplicateRequestMessage = 'You already have an open match request for this candidate.';
