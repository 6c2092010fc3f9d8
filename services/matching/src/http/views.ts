import {
  type CandidateDetail,
  type CandidateFit,
  type CandidateProjection,
  type CandidateSummary,
  type EmployerMatchRequest,
  employerStatusLabel,
  employerStatusOf,
  erasedCandidateLabel,
  erasedCompanyLabel,
  type InterestRequest,
  type InternalSearchLogEntry,
  interestStatusLabel,
  type Position as PositionAnswer,
  requestStatusRules,
  type SavedSearch as SavedSearchAnswer,
  type SearchAppearanceWeek,
  ZCandidateDetail,
  ZCandidateSummary,
  ZEmployerMatchRequest,
  ZInterestRequest,
  ZPosition,
  ZSavedSearch,
} from '@meritmatch/contracts';
import type { ShownTraits } from '../domain/anonymity';
import type { CandidateIndex } from '../domain/candidate-index';
import type { EmployerDirectory, Viewer } from '../domain/employer-directory';
import { candidateDecisionsFor, type MatchRequest } from '../domain/match-request';
import { type Position, requestPositionOf } from '../domain/position';
import type { SavedSearch } from '../domain/saved-search';
import type { SearchLogEntry, WeekOfAppearances } from '../domain/search-log';

/**
 * Every answer to an employer is built field by field and parsed with a strict contract
 * before it leaves: an extra field would fail here, in tests, instead of reaching a browser.
 * Location, age and gender are always the candidate's shown traits (`CandidateIndex.shown`),
 * never the projection's own.
 */
export const toCandidateSummary = (
  candidate: CandidateProjection,
  shown: ShownTraits,
  fit: CandidateFit | null,
): CandidateSummary =>
  ZCandidateSummary.parse({
    id: candidate.candidateId,
    unique_code: candidate.uniqueCode,
    location: shown.location,
    skills: candidate.skills.map((skill) => ({ name: skill.name })),
    experience_count: candidate.experiences.length,
    education_count: candidate.education.length,
    fit,
  });

export const toCandidateDetail = (candidate: CandidateProjection, shown: ShownTraits): CandidateDetail =>
  ZCandidateDetail.parse({
    id: candidate.candidateId,
    unique_code: candidate.uniqueCode,
    location: shown.location,
    age_band: shown.ageBand,
    gender: shown.gender,
    skills: candidate.skills.map((skill) => ({
      name: skill.name,
      proficiency_level: skill.proficiencyLevel,
    })),
    experiences: candidate.experiences.map((entry) => ({
      position: entry.position,
      company_name: entry.companyName,
      start_date: entry.startDate,
      end_date: entry.endDate,
      description: entry.description,
    })),
    education: candidate.education.map((entry) => ({
      degree: entry.degree,
      field_of_study: entry.fieldOfStudy,
      institution: entry.institution,
      graduation_year: entry.graduationYear,
      gpa: entry.gpa,
    })),
    certifications: candidate.certifications.map((entry) => ({
      name: entry.name,
      issuer: entry.issuer,
      issue_date: entry.issueDate,
    })),
  });

/**
 * The candidate's code and shown location as they are now, as this employer is shown them; a
 * candidate who left search (or paused, or blocked this employer) keeps the code of the request.
 * The candidate's own steps carry the spec's status they look like (`employerStatusOf`). An
 * erased candidate is "a deleted candidate" in place of the code.
 */
export function toEmployerRequest(
  request: MatchRequest,
  candidates: CandidateIndex,
  now: Date,
  viewer: Viewer,
): EmployerMatchRequest {
  const status = employerStatusOf(request.status);
  // the candidate's "no" comes with no reason: not even a note the admin wrote earlier
  const notesShown = requestStatusRules[request.status].employerReadsNotes;
  return ZEmployerMatchRequest.parse({
    id: request.id,
    candidate_id: request.candidateId,
    candidate_code: candidateErased(request, candidates) ? erasedCandidateLabel : request.candidateCode,
    candidate_location: candidates.shown(request.candidateId, now, viewer)?.location ?? 'No longer listed',
    status,
    status_label: employerStatusLabel(request.status),
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    message: request.message,
    admin_notes: notesShown ? request.adminNotes : null,
    contact_note: notesShown ? request.contactNote : null,
    position_title: request.position?.title ?? null,
  });
}

/** Whether the request's candidate was erased: by the request (matching's part done) or by the index (its marker read). */
export const candidateErased = (request: MatchRequest, candidates: Pick<CandidateIndex, 'isErased'>) =>
  request.candidateErased === true || candidates.isErased(request.candidateId);

/** Whether the request's employer was erased, by the request or by the directory. */
export const employerErased = (request: MatchRequest, directory: Pick<EmployerDirectory, 'isErased'>) =>
  request.employerErased === true || directory.isErased(request.employerId);

/**
 * A request as its candidate sees it: the company (from the employers topic), the message, the
 * position it names with the candidate's skills that answer it, the status in their words; an
 * erased employer is "a deleted company".
 */
export function toInterestRequest(
  request: MatchRequest,
  directory: EmployerDirectory,
  candidates: Pick<CandidateIndex, 'skillsOf' | 'skillTerm'>,
): InterestRequest {
  const erased = employerErased(request, directory);
  const company = erased ? undefined : directory.company(request.employerId);
  return ZInterestRequest.parse({
    id: request.id,
    company_name: erased ? erasedCompanyLabel : (company?.companyName ?? null),
    industry: company?.industry ?? null,
    company_size: company?.companySize ?? null,
    message: request.message,
    position: request.position
      ? requestPositionOf(request.position, candidates.skillsOf(request.candidateId), (typed) =>
          candidates.skillTerm(typed),
        )
      : null,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    status: request.status,
    status_label: interestStatusLabel(request.status),
    decisions: candidateDecisionsFor(request.status),
  });
}

/** A position as its own employer reads it (no other employer is ever given one). */
export const toPosition = (position: Position): PositionAnswer =>
  ZPosition.parse({
    id: position.id,
    title: position.title,
    description: position.description,
    work_mode: position.workMode,
    location: position.location ?? null,
    country: position.country,
    salary: position.salary,
    must_have: position.mustHave,
    nice_to_have: position.niceToHave,
    experience: position.experience,
    education: position.education,
    start_within_weeks: position.startWithinWeeks,
    status: position.status,
    created_at: position.createdAt.toISOString(),
    updated_at: position.updatedAt.toISOString(),
  });

/** A saved search as its employer reads it, with its position's title as it is now. */
export const toSavedSearch = (search: SavedSearch, titles: ReadonlyMap<string, string>): SavedSearchAnswer =>
  ZSavedSearch.parse({
    id: search.id,
    name: search.name,
    filters: {
      skills: search.filters.skills ?? null,
      preferred: search.filters.preferred ?? null,
      location: search.filters.location ?? null,
      experience: search.filters.experience,
      education: search.filters.education,
      position_id: search.filters.position ?? null,
    },
    position_title: search.filters.position ? (titles.get(search.filters.position) ?? null) : null,
    digest: search.digest,
    created_at: search.createdAt.toISOString(),
    last_digest_at: search.lastDigestAt?.toISOString() ?? null,
  });
/** A job seeker's weeks as their answers carry them: counts only, never who searched. */
export const toAppearanceWeeks = (weeks: readonly WeekOfAppearances[]): SearchAppearanceWeek[] =>
  weeks.map((week) => ({ week_start: week.weekStart, searches: week.searches, opened: week.opened }));

/** A search log entry as the admin service reads it, saying whether its employer was erased. */
export const toInternalSearchLogEntry = (
  entry: SearchLogEntry,
  directory: Pick<EmployerDirectory, 'isErased'>,
): InternalSearchLogEntry => ({
  id: entry.id,
  kind: entry.kind,
  at: entry.at.toISOString(),
  employer_id: entry.employerId,
  employer_erased: directory.isErased(entry.employerId),
  filters: entry.filters,
  ranking_version: entry.rankingVersion,
  results: entry.results.map((result) => ({
    candidate_id: result.candidateId,
    unique_code: result.uniqueCode,
    score: result.score,
  })),
});
