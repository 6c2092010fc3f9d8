import type { CandidateProjection } from '@meritmatch/contracts';
import type { JobSeekerProfile } from './job-seeker-profile';
import { maskFreeText, maskNullable } from './masking';

/**
 * What the matching service may know about a candidate. Built field by field (never by
 * spreading the profile), so a personal detail cannot slip in; every text is masked.
 */
export function anonymousProjection(profile: JobSeekerProfile): CandidateProjection {
  const context = { fullName: profile.fullName };
  const text = (value: string) => maskFreeText(value, context);
  return {
    candidateId: profile.candidateId,
    uniqueCode: profile.uniqueCode,
    version: profile.version,
    searchable: profile.accountStatus === 'active',
    location: text(profile.location),
    dateOfBirth: profile.dateOfBirth,
    gender: profile.gender ?? null,
    skills: profile.skills.map((skill) => ({
      name: text(skill.name),
      proficiencyLevel: skill.proficiencyLevel,
    })),
    experiences: profile.experiences.map((entry) => ({
      position: text(entry.position),
      companyName: text(entry.companyName),
      startDate: entry.startDate,
      endDate: entry.endDate,
      isCurrent: entry.isCurrent,
      description: maskNullable(entry.description, context),
      experienceType: entry.experienceType,
    })),
    education: profile.education.map((entry) => ({
      degree: entry.degree,
      fieldOfStudy: maskNullable(entry.fieldOfStudy, context),
      institution: text(entry.institution),
      graduationYear: entry.graduationYear ?? null,
      gpa: entry.gpa ?? null,
    })),
    certifications: profile.certifications.map((entry) => ({
      name: text(entry.name),
      issuer: text(entry.issuer),
      issueDate: entry.issueDate,
    })),
    updatedAt: profile.updatedAt.toISOString(),
  };
}
