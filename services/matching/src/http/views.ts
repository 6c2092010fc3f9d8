import {
  type CandidateDetail,
  type CandidateProjection,
  type CandidateSummary,
  type EmployerMatchRequest,
  employerStatusLabels,
  ZCandidateDetail,
  ZCandidateSummary,
  ZEmployerMatchRequest,
} from '@meritmatch/contracts';
import type { ShownTraits } from '../domain/anonymity';
import type { CandidateIndex } from '../domain/candidate-index';
import type { MatchRequest } from '../domain/match-request';

/**
 * Every answer to an employer is built field by field and parsed with a strict contract
 * before it leaves: an extra field would fail here, in tests, instead of reaching a browser.
 * Location, age and gender are always the candidate's shown traits (`CandidateIndex.shown`),
 * never the projection's own.
 */
export const toCandidateSummary = (candidate: CandidateProjection, shown: ShownTraits): CandidateSummary =>
  ZCandidateSummary.parse({
    id: candidate.candidateId,
    unique_code: candidate.uniqueCode,
    location: shown.location,
    skills: candidate.skills.map((skill) => ({ name: skill.name })),
    experience_count: candidate.experiences.length,
    education_count: candidate.education.length,
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

/** The candidate's code and shown location as they are now; a candidate who left search keeps the code of the request. */
export function toEmployerRequest(
  request: MatchRequest,
  candidates: CandidateIndex,
  now: Date,
): EmployerMatchRequest {
  const candidate = candidates.get(request.candidateId);
  return ZEmployerMatchRequest.parse({
    id: request.id,
    candidate_id: request.candidateId,
    candidate_code: candidate?.uniqueCode ?? request.candidateCode,
    candidate_location: candidates.shown(request.candidateId, now)?.location ?? 'No longer listed',
    status: request.status,
    status_label: employerStatusLabels[request.status],
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    message: request.message,
    admin_notes: request.adminNotes,
    contact_note: request.contactNote,
  });
}
