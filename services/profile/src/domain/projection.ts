import { type CandidateProjection, companyKey, domainKey } from '@meritmatch/contracts';
import { currentEmployers, isSearchable, type JobSeekerProfile } from './job-seeker-profile';
import { createTextMasker } from './masking';

/**
 * What the matching service may know about a candidate. Built field by field (never by
 * spreading the profile), so a personal detail cannot slip in; every text is masked, and the
 * date of birth travels only as its year. Names
 * of things (location, company, school, certification, skill, job title) hide the full name
 * and contact details; descriptions also hide every word of the name.
 */
export function anonymousProjection(profile: JobSeekerProfile): CandidateProjection {
  const { structured, narrative } = createTextMasker(profile.fullName);
  return {
    candidateId: profile.candidateId,
    uniqueCode: profile.uniqueCode,
    version: profile.version,
    searchable: isSearchable(profile),
    location: structured(profile.location),
    // the year and nothing finer: with a gender and a place, a birth date identifies most people
    birthYear: Number(profile.dateOfBirth.slice(0, 4)),
    gender: profile.gender ?? null,
    skills: profile.skills.map((skill) => ({
      name: structured(skill.name),
      proficiencyLevel: skill.proficiencyLevel,
    })),
    experiences: profile.experiences.map((entry) => ({
      position: structured(entry.position),
      companyName: structured(entry.companyName),
      startDate: entry.startDate,
      endDate: entry.endDate,
      isCurrent: entry.isCurrent,
      description: entry.description ? narrative(entry.description) : null,
      experienceType: entry.experienceType,
    })),
    education: profile.education.map((entry) => ({
      degree: entry.degree,
      fieldOfStudy: entry.fieldOfStudy ? structured(entry.fieldOfStudy) : null,
      institution: structured(entry.institution),
      graduationYear: entry.graduationYear ?? null,
      gpa: entry.gpa ?? null,
    })),
    certifications: profile.certifications.map((entry) => ({
      name: structured(entry.name),
      issuer: structured(entry.issuer),
      issueDate: entry.issueDate,
    })),
    updatedAt: profile.updatedAt.toISOString(),
    // the account id is opaque (no name, e-mail or phone): only the job seeker's own calls are matched to it
    ownerUserId: profile.userId,
    askBeforeSharing: profile.settings.askBeforeSharing,
    paused: profile.settings.paused,
    ...blockList(profile, structured),
    // for matching's filter of a position's search only: no answer to an employer carries them
    preferences: profile.preferences,
  };
}

/**
 * The block list as keys only (`companyKey`, `domainKey`): what was typed never leaves this
 * service. Names are masked first, like every name of a thing in the projection, so a block list
 * cannot carry the candidate's name or contact details either.
 */
function blockList(profile: JobSeekerProfile, mask: (text: string) => string) {
  const companies = new Set<string>();
  const domains = new Set<string>();
  for (const blocked of profile.settings.blockedCompanies) {
    const key = companyKey(mask(blocked.name));
    if (key) companies.add(key);
    const domain = blocked.website === null ? null : domainKey(blocked.website);
    if (domain) domains.add(domain);
  }
  for (const employer of currentEmployers(profile)) {
    if (!employer.blocked) continue;
    const key = companyKey(mask(employer.companyName));
    if (key) companies.add(key);
  }
  return { blockedCompanies: [...companies].sort(), blockedDomains: [...domains].sort() };
}
