import type { CandidateProjection } from '@meritmatch/contracts';
import type { JobSeekerProfile } from './job-seeker-profile';
import { createTextMasker } from './masking';

/**
 * What the matching service may know about a candidate. Built field by field (never by
 * spreading the profile), so a personal detail cannot slip in; every text is masked.
 */
export function anonymousProjection(profile: JobSeekerProfile): CandidateProjection {
  const { narrative } = createTextMasker(profile.fullName);
  return {
    candidateId: profile.candidateId,
    uniqueCode: profile.uniqueCode,
    version: profile.version,
    searchable: profile.accountStatus === 'active',
    location: narrative(profile.location),
    dateOfBirth: profile.dateOfBirth,
    gender: profile.gender ?? null,
    skills: profile.skills.map((skill) => ({
      name: narrative(skill.name),
      proficiencyLevel: skill.proficiencyLevel,
    })),
    experiences: profile.experiences.map((entry) => ({
      position: narrative(entry.position),
      companyName: narrative(entry.companyName),
      startDate: entry.startDate,
      endDate: entry.endDate,
      isCurrent: entry.isCurrent,
      description: entry.description ? narrative(entry.description) : null,
      experienceType: entry.experienceType,
    })),
    education: profile.education.map((entry) => ({
      degree: entry.degree,
      fieldOfStudy: entry.fieldOfStudy ? narrative(entry.fieldOfStudy) : null,
      institution: narrative(entry.institution),
      graduationYear: entry.graduationYear ?? null,
      gpa: entry.gpa ?? null,
    })),
    certifications: profile.certifications.map((entry) => ({
      name: narrative(entry.name),
      issuer: narrative(entry.issuer),
      issueDate: entry.issueDate,
    })),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
