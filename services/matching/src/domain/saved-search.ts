import {
  type CandidateFit,
  type CandidateProjection,
  digestCandidateLimit,
  digestIntervalMs,
  type SavedSearchFilters,
} from '@meritmatch/contracts';

/**
 * An employer's saved search: its filters and, when the employer wants it, a
 * digest at most once a day of the new candidates who match. `sent` holds the candidates a digest
 * already counted, so that each appears in one digest at most once per search.
 */
export type SavedSearch = {
  id: string;
  employerId: string;
  name: string;
  filters: SavedSearchFilters;
  digest: boolean;
  /** Candidates a digest of this search already counted (ids only). */
  sent: string[];
  lastDigestAt: Date | null;
  /** When the next digest is due; null while the e-mail is off. */
  nextDigestAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** The next digest of a search whose e-mail is on: a day from `now`. */
export const nextDigestFrom = (digest: boolean, now: Date) =>
  digest ? new Date(now.getTime() + digestIntervalMs) : null;

export const isDue = (search: SavedSearch, now: Date) =>
  search.digest && search.nextDigestAt !== null && search.nextDigestAt.getTime() <= now.getTime();

/** A candidate a search finds now, best fit first, with the candidate's skills that matched. */
export type Match = { projection: CandidateProjection; fit: CandidateFit | null };

/**
 * The new candidates of a digest, in the search's order: those the search finds now whose
 * profile changed (or arrived) since the search last looked, and that no earlier digest of it
 * counted. The first `digestCandidateLimit` are listed; the others are counted.
 */
export function digestOf(search: SavedSearch, matches: readonly Match[]) {
  const since = (search.lastDigestAt ?? search.createdAt).getTime();
  const sent = new Set(search.sent);
  const fresh = matches.filter(
    ({ projection }) => !sent.has(projection.candidateId) && Date.parse(projection.updatedAt) >= since,
  );
  return {
    listed: fresh.slice(0, digestCandidateLimit).map(({ projection, fit }) => ({
      code: projection.uniqueCode,
      // a search with no skill matches on other grounds: the candidate's skills are listed instead
      matchedSkills: fit ? fit.matched : projection.skills.slice(0, 5).map((skill) => skill.name),
    })),
    more: Math.max(0, fresh.length - digestCandidateLimit),
    counted: fresh.map(({ projection }) => projection.candidateId),
  };
}

/** The search once a digest was made at `now`: due again a day later, the new ones counted. */
export const afterDigest = (search: SavedSearch, counted: readonly string[], now: Date): SavedSearch => ({
  ...search,
  sent: [...search.sent, ...counted],
  lastDigestAt: now,
  nextDigestAt: nextDigestFrom(search.digest, now),
});
