import { randomUUID } from 'node:crypto';
import {
  type Certification,
  type Education,
  type Experience,
  jobSeekerMessages as messages,
  type Proficiency,
  type ProfileInput,
  type UserStatus,
} from '@meritmatch/contracts';
import { ApiError, type Clock, conflict, notFound, systemClock } from '@meritmatch/service-kit';
import { DuplicateProfileKeyError, type JobSeekerProfileRepository } from '../data/job-seeker-profiles';
import { candidateProfileChanged } from '../messaging/candidate-events';
import {
  addEntry,
  addSkills,
  type JobSeekerProfile,
  newProfile,
  removeEntry,
  replaceEntry,
  updateBasics,
} from './job-seeker-profile';
import { newUniqueCode } from './unique-code';

export type JobSeekersDeps = {
  profiles: JobSeekerProfileRepository;
  /** Tells the outbox relay that this profile's document holds a new event. */
  published: (userId: string) => void;
  clock?: Clock;
};

export type ChangeResult = { message: string; profile: JobSeekerProfile };

const noProfile = () => notFound('Profile not found. Create your profile first.');

/**
 * The job seeker's use cases. Every change is one atomic write of the new state together
 * with the candidate's anonymous projection (outbox), retried if a parallel change won.
 */
export function createJobSeekers({ profiles, published, clock = systemClock }: JobSeekersDeps) {
  async function change(
    userId: string,
    message: string,
    mutate: (profile: JobSeekerProfile) => JobSeekerProfile,
  ): Promise<ChangeResult> {
    const profile = await profiles.modify(userId, (current) => {
      const next = { ...mutate(current), version: current.version + 1, updatedAt: clock() };
      return { next, events: [candidateProfileChanged(next, clock)] };
    });
    if (!profile) throw noProfile();
    published(userId);
    return { message, profile };
  }

  const skillsLimit =
    (mutate: (profile: JobSeekerProfile) => JobSeekerProfile) => (profile: JobSeekerProfile) => {
      try {
        return mutate(profile);
      } catch (error) {
        if (error instanceof RangeError) throw new ApiError('VALIDATION_FAILED', error.message);
        throw error;
      }
    };

  return {
    async get(userId: string) {
      const profile = await profiles.find(userId);
      if (!profile) throw noProfile();
      return profile;
    },

    async create(userId: string, input: ProfileInput): Promise<ChangeResult> {
      if (await profiles.find(userId)) throw conflict('You already have a profile');
      for (let attempt = 0; attempt < 8; attempt++) {
        const profile = newProfile(
          input,
          { userId, candidateId: randomUUID(), uniqueCode: newUniqueCode() },
          clock(),
        );
        try {
          await profiles.insert(profile, [candidateProfileChanged(profile, clock)]);
          published(userId);
          return { message: messages.profileCreated, profile };
        } catch (error) {
          if (!(error instanceof DuplicateProfileKeyError)) throw error;
          // another request created it meanwhile, or the random code was taken: draw again
          if (await profiles.find(userId)) throw conflict('You already have a profile');
        }
      }
      throw new ApiError('SERVICE_UNAVAILABLE', messages.profileFailed);
    },

    updateBasics: (userId: string, input: ProfileInput) =>
      change(userId, messages.profileUpdated, (profile) => updateBasics(profile, input)),

    addExperience: (userId: string, entry: Experience) =>
      change(userId, messages.experienceAdded, (p) => addEntry(p, 'experiences', entry).profile),
    updateExperience: (userId: string, id: string, entry: Experience) =>
      change(userId, messages.experienceUpdated, (p) => replaceEntry(p, 'experiences', id, entry)),
    deleteExperience: (userId: string, id: string) =>
      change(userId, messages.experienceDeleted, (p) => removeEntry(p, 'experiences', id)),

    addEducation: (userId: string, entry: Education) =>
      change(userId, messages.educationAdded, (p) => addEntry(p, 'education', entry).profile),
    updateEducation: (userId: string, id: string, entry: Education) =>
      change(userId, messages.educationUpdated, (p) => replaceEntry(p, 'education', id, entry)),
    deleteEducation: (userId: string, id: string) =>
      change(userId, messages.educationDeleted, (p) => removeEntry(p, 'education', id)),

    addSkills: (userId: string, rows: { name: string; proficiencyLevel: Proficiency }[]) =>
      change(
        userId,
        messages.skillsAdded,
        skillsLimit((p) => addSkills(p, rows)),
      ),
    deleteSkill: (userId: string, id: string) =>
      change(userId, messages.skillDeleted, (p) => removeEntry(p, 'skills', id)),

    addCertification: (userId: string, entry: Certification) =>
      change(userId, messages.certificationAdded, (p) => addEntry(p, 'certifications', entry).profile),
    updateCertification: (userId: string, id: string, entry: Certification) =>
      change(userId, messages.certificationUpdated, (p) => replaceEntry(p, 'certifications', id, entry)),
    deleteCertification: (userId: string, id: string) =>
      change(userId, messages.certificationDeleted, (p) => removeEntry(p, 'certifications', id)),

    /** A suspension or deletion takes the candidate out of search (and a restore brings it back). */
    async applyAccountStatus(userId: string, status: UserStatus) {
      const profile = await profiles.find(userId);
      if (!profile || profile.accountStatus === status) return;
      await change(userId, 'status', (current) => ({ ...current, accountStatus: status }));
    },
  };
}

export type JobSeekers = ReturnType<typeof createJobSeekers>;
