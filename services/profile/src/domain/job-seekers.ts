import { randomUUID } from 'node:crypto';
import type { Proficiency, ProfileInput, UserStatus, VisibilitySettings } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
import { candidateProfileChanged } from '../messaging/candidate-events';
import {
  addEntry,
  addSkills,
  type EntryInput,
  type EntryList,
  type JobSeekerProfile,
  newProfile,
  type ProfileList,
  removeEntry,
  replaceEntry,
  updateBasics,
  updateSettings,
} from './job-seeker-profile';
import { newUniqueCode } from './unique-code';

export type JobSeekersDeps = {
  store: AggregateStore<JobSeekerProfile>;
  /** What a new profile starts with, from the admin's System Settings (off until they say otherwise). */
  /** The admin's defaults for a new profile; they may have to be waited for (a start while Kafka is down). */
  profileDefaults?: () => Promise<{ askBeforeSharing: boolean }> | { askBeforeSharing: boolean };
  clock?: Clock;
};

const noProfile = () => new DomainError('profile.not-found');

/** A unique key of a new profile was taken. */
class KeyClash extends Error {}

/**
 * The job seeker's use cases. Every change is one atomic write of the new state together
 * with the candidate's anonymous projection (the store's outbox); a change that raced
 * another one is decided again on the newer state.
 */
export function createJobSeekers({
  store,
  profileDefaults = () => ({ askBeforeSharing: false }),
  clock = systemClock,
}: JobSeekersDeps) {
  const change = (userId: string, mutate: (profile: JobSeekerProfile) => JobSeekerProfile) =>
    store.update(userId, mutate, (stamped) => [candidateProfileChanged(stamped, clock)]);

  return {
    async get(userId: string) {
      const profile = await store.load(userId);
      if (!profile) throw noProfile();
      return profile;
    },

    async create(userId: string, input: ProfileInput): Promise<JobSeekerProfile> {
      const defaults = await profileDefaults();
      for (let attempt = 0; attempt < 8; attempt++) {
        const profile = newProfile(
          input,
          { userId, candidateId: randomUUID(), uniqueCode: newUniqueCode() },
          clock(),
          defaults,
        );
        try {
          const created = await store.create(
            profile,
            [candidateProfileChanged(profile, clock)],
            () => new KeyClash(),
          );
          return created.state;
        } catch (error) {
          if (!(error instanceof KeyClash)) throw error;
          // the user already has a profile, or the random code was taken: then draw again
          if (await store.load(userId)) throw new DomainError('profile.exists');
        }
      }
      throw new DomainError('profile.no-free-code');
    },

    updateBasics: (userId: string, input: ProfileInput) => change(userId, (p) => updateBasics(p, input)),

    /** Adds an experience, an education entry or a certification. */
    addEntry: <L extends EntryList>(userId: string, list: L, entry: EntryInput<L>) =>
      change(userId, (p) => addEntry(p, list, entry).profile),
    /** Replaces one of them; an id that is not one of this profile's entries is `entry.not-found`. */
    updateEntry: <L extends EntryList>(userId: string, list: L, id: string, entry: EntryInput<L>) =>
      change(userId, (p) => replaceEntry(p, list, id, entry)),
    /** Removes an entry of any list, skills included. */
    deleteEntry: (userId: string, list: ProfileList, id: string) =>
      change(userId, (p) => removeEntry(p, list, id)),

    addSkills: (userId: string, rows: { name: string; proficiencyLevel: Proficiency }[]) =>
      change(userId, (p) => addSkills(p, rows)),

    /** Consent before contact, pause and the block list: one change, so matching follows at once. */
    updateSettings: (userId: string, settings: VisibilitySettings) =>
      change(userId, (p) => updateSettings(p, settings)),

    /** A suspension or deletion takes the candidate out of search (and a restore brings it back). */
    async applyAccountStatus(userId: string, status: UserStatus) {
      const profile = await store.load(userId);
      if (!profile || profile.accountStatus === status) return;
      await change(userId, (current) => ({ ...current, accountStatus: status }));
    },
  };
}

export type JobSeekers = ReturnType<typeof createJobSeekers>;
