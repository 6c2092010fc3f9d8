import {
  appearanceWeeks,
  type CandidateFit,
  type CandidateSearchQuery,
  rankingVersion,
  type SearchLogFilters,
  type SearchLogKind,
} from '@meritmatch/contracts';

/** One candidate an answer showed, in its order: the score of a ranked search, else null. */
export type LoggedCandidate = { candidateId: string; uniqueCode: string; score: number | null };

/**
 * One entry of the search log: a page of search results shown to an employer, or one candidate's
 * detail opened (its candidate the one result, with no filters and no ranking).
 */
export type SearchLogEntry = {
  id: string;
  kind: SearchLogKind;
  employerId: string;
  at: Date;
  filters: SearchLogFilters | null;
  rankingVersion: string | null;
  results: LoggedCandidate[];
};

/** Which entries an admin reads: one employer's, those naming one code, from a moment and before another. */
export type SearchLogSelection = { employerId?: string; uniqueCode?: string; from?: Date; before?: Date };

/** A comma-separated list of skills as the search reads it: trimmed, blanks dropped. */
export const skillList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);

/** The filters of a search as logged: the query as the service read it. */
export function loggedFilters(query: CandidateSearchQuery): SearchLogFilters {
  return {
    skills: skillList(query.skills),
    preferred: skillList(query.preferred),
    location: query.location ?? null,
    experience: query.experience,
    education: query.education,
    position: query.position ?? null,
    page: query.page,
    limit: query.limit,
  };
}

/** The entry of one page of search results, as shown (ranked when the search named a skill). */
export function searchEntry(
  id: string,
  employerId: string,
  at: Date,
  query: CandidateSearchQuery,
  shown: ReadonlyArray<{ candidateId: string; uniqueCode: string }>,
  fits: ReadonlyMap<string, CandidateFit | null>,
): SearchLogEntry {
  const filters = loggedFilters(query);
  const ranked = filters.skills.length + filters.preferred.length > 0;
  return {
    id,
    kind: 'search',
    employerId,
    at,
    filters,
    rankingVersion: ranked ? rankingVersion : null,
    results: shown.map(({ candidateId, uniqueCode }) => ({
      candidateId,
      uniqueCode,
      score: fits.get(candidateId)?.score ?? null,
    })),
  };
}

/** The entry of one candidate's detail opened by an employer. */
export const openedEntry = (
  id: string,
  employerId: string,
  at: Date,
  candidate: { candidateId: string; uniqueCode: string },
): SearchLogEntry => ({
  id,
  kind: 'opened',
  employerId,
  at,
  filters: null,
  rankingVersion: null,
  results: [{ candidateId: candidate.candidateId, uniqueCode: candidate.uniqueCode, score: null }],
});

const dayMs = 24 * 3600 * 1000;

/** The Monday 00:00 UTC that starts the ISO week of `at`. */
export function weekStartOf(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; an ISO week starts on Monday
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * dayMs);
}

export type WeekOfAppearances = { weekStart: string; searches: number; opened: number };

/** The ISO week (its Monday, `YYYY-MM-DD`) an entry counts in. */
export const weekOf = (at: Date) => weekStartOf(at).toISOString().slice(0, 10);

/** The `weeks` weeks up to the one of `now`, newest first, as `weekOf` names them. */
export function weeksUpTo(now: Date, weeks = appearanceWeeks): string[] {
  const newest = weekStartOf(now).getTime();
  return Array.from({ length: weeks }, (_, back) =>
    new Date(newest - back * 7 * dayMs).toISOString().slice(0, 10),
  );
}

/**
 * A candidate's counts per ISO week: every one of the `weeks` weeks up to the one of `now`,
 * newest first, with the searches that showed them and the times they were opened (a week the
 * store has no count for is zero). Counts of other weeks are left out.
 */
export function weeklyAppearances(
  counts: readonly WeekOfAppearances[],
  now: Date,
  weeks = appearanceWeeks,
): WeekOfAppearances[] {
  const byWeek = new Map(counts.map((count) => [count.weekStart, count]));
  return weeksUpTo(now, weeks).map((weekStart) => ({
    weekStart,
    searches: byWeek.get(weekStart)?.searches ?? 0,
    opened: byWeek.get(weekStart)?.opened ?? 0,
  }));
}

/** What one entry adds to its candidates' weekly counts: one search or one opening each, once per entry. */
export const weekCountsOf = (entry: SearchLogEntry) => ({
  weekStart: weekOf(entry.at),
  field: entry.kind === 'search' ? ('searches' as const) : ('opened' as const),
  candidateIds: [...new Set(entry.results.map((result) => result.candidateId))],
});

/** An entry without one candidate (an erasure): a search loses it from its results, an opened detail goes. */
export function withoutCandidate(entry: SearchLogEntry, candidateId: string): SearchLogEntry | null {
  if (entry.kind === 'opened') return entry.results.some((r) => r.candidateId === candidateId) ? null : entry;
  return { ...entry, results: entry.results.filter((result) => result.candidateId !== candidateId) };
}
