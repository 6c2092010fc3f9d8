import type { JobSeekerProfile as ProfileView } from '@meritmatch/contracts';
import { currentEmployers, type JobSeekerProfile } from '../domain/job-seeker-profile';

/** The profile as the job seeker reads it (SPEC.md section 3, snake_case). */
export function toProfileView(profile: JobSeekerProfile): ProfileView {
  return {
    id: profile.candidateId,
    full_name: profile.fullName,
    phone: profile.phone,
    location: profile.location,
    date_of_birth: profile.dateOfBirth,
    gender: profile.gender ?? null,
    unique_code: profile.uniqueCode,
    skills: profile.skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      proficiency_level: skill.proficiencyLevel,
    })),
    experiences: profile.experiences.map((entry) => ({
      id: entry.id,
      company_name: entry.companyName,
      position: entry.position,
      start_date: entry.startDate,
      end_date: entry.endDate,
      description: entry.description ?? null,
      is_current: entry.isCurrent,
      experience_type: entry.experienceType,
      skills: entry.skills,
    })),
    education: profile.education.map((entry) => ({
      id: entry.id,
      institution: entry.institution,
      degree: entry.degree,
      field_of_study: entry.fieldOfStudy ?? null,
      graduation_year: entry.graduationYear ?? null,
      gpa: entry.gpa ?? null,
    })),
    certifications: profile.certifications.map((entry) => ({
      id: entry.id,
      name: entry.name,
      issuer: entry.issuer,
      issue_date: entry.issueDate,
      expiry_date: entry.expiryDate ?? null,
      credential_id: entry.credentialId ?? null,
      credential_url: entry.credentialUrl ?? null,
      skills: entry.skills,
    })),
    settings: {
      ask_before_sharing: profile.settings.askBeforeSharing,
      paused: profile.settings.paused,
      blocked_companies: profile.settings.blockedCompanies.map((blocked) => ({
        name: blocked.name,
        website: blocked.website,
      })),
      current_employers: currentEmployers(profile).map((employer) => ({
        company_name: employer.companyName,
        blocked: employer.blocked,
      })),
    },
    preferences: profile.preferences,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}
