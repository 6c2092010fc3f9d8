import { randomUUID } from 'node:crypto';
import type {
  JobPreferences,
  Proficiency,
  ProfileInput,
  UserStatus,
  VisibilitySettings,
} from '@meritmatch/contracts';
import { type AggregateStore, type Clock, DomainError, systemClock } from '@meritmatch/service-kit';
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
  updatePreferences,
  updateSettings,
  withAddressState,
} from '../domain/job-seeker-profile';
import { newUniqueCode } from '../domain/unique-code';
import { candidateProfileChanged } from '../messaging/candidate-events';

export type JobSeekersDeps = {
  store: AggregateStore<JobSeekerProfile>;
  /** What a new profile starts with, from the admin's System Settings (off until they say otherwise). */
  /** The admin's defaults for a new profile; they may have to be waited for (a start while Kafka is down). */
  profileDefaults?: () => Promise<{ askBeforeSharing: boolean }> | { askBeforeSharing: boolean };
  /** Whether the account's address is confirmed, as recorded from the `users` topic. */
  emailConfirmed?: (userId: string) => Promise<boolean>;
  /** The admin's "Only confirmed addresses…" as this process knows it now (read after `profileDefaults`). */
  confirmedAddressesOnly?: () => boolean;
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
  emailConfirmed = async () => false,
  confirmedAddressesOnly = () => false,
  clock = systemClock,
}: JobSeekersDeps) {
  const change = (userId: string, mutate: (profile: JobSeekerProfile) => JobSeekerProfile) =>
    store.update(userId, mutate, (stamped) => [candidateProfileChanged(stamped, clock)]);

  /**
   * A change made by an event rather than by the job seeker: written (with its projection) only
   * when `mutate` gives another state. A read first spares a lease for the many events that
   * change nothing; the decision is taken again on the state under the write's guard. Answers
   * the profile as it now is, or null when there is none.
   */
  const changeIfDifferent = async (
    userId: string,
    mutate: (profile: JobSeekerProfile) => JobSeekerProfile,
  ): Promise<JobSeekerProfile | null> => {
    const profile = await store.load(userId);
    if (!profile || mutate(profile) === profile) return profile;
    const changed = await store.change(userId, (current) => {
      const next = mutate(current);
      return next === current
        ? { next: current, events: [] }
        : { next, events: (stamped) => [candidateProfileChanged(stamped, clock)] };
    });
    return changed?.state ?? null;
  };

  /** The address as last recorded, under the rule as this process knows it now. */
  const addressNow = async (userId: string) => ({
    emailConfirmed: await emailConfirmed(userId),
    confirmedAddressesOnly: confirmedAddressesOnly(),
  });

  return {
    async get(userId: string) {
      const profile = await store.load(userId);
      if (!profile) throw noProfile();
      return profile;
    },

    async create(userId: string, input: ProfileInput): Promise<JobSeekerProfile> {
      const defaults = await profileDefaults();
      const address = await addressNow(userId);
      for (let attempt = 0; attempt < 8; attempt++) {
        const profile = newProfile(
          input,
          { userId, candidateId: randomUUID(), uniqueCode: newUniqueCode() },
          clock(),
          defaults,
          address,
        );
        let created: JobSeekerProfile;
        try {
          created = (
            await store.create(profile, [candidateProfileChanged(profile, clock)], () => new KeyClash())
          ).state;
        } catch (error) {
          if (!(error instanceof KeyClash)) throw error;
          // the user already has a profile, or the random code was taken: then draw again
          if (await store.load(userId)) throw new DomainError('profile.exists');
          continue;
        }
        // A confirmation (or a change of the rule) that came between the read above and the create
        // found no profile to change: read again now that the profile exists.
        const now = await addressNow(userId);
        return (await changeIfDifferent(userId, (p) => withAddressState(p, now))) ?? created;
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

    /** The private job preferences: one change, whose projection carries them to matching's filter. */
    updatePreferences: (userId: string, preferences: JobPreferences) =>
      change(userId, (p) => updatePreferences(p, preferences)),

    /** A suspension or deletion takes the candidate out of search (and a restore brings it back). */
    async applyAccountStatus(userId: string, status: UserStatus) {
      // no profile (none made, or erased meanwhile: the erasure follows a 'deleted'): nothing to do
      await changeIfDifferent(userId, (current) =>
        current.accountStatus === status ? current : { ...current, accountStatus: status },
      );
    },

    /** The retention limit took the job seeker out of search, or a sign-in brought them back. */
    applyActivity: (userId: string, inactive: boolean) =>
      changeIfDifferent(userId, (current) =>
        current.inactive === inactive ? current : { ...current, inactive },
      ),

    /**
     * The address was confirmed, or is no longer (a `users` event): a candidate whom the admin's
     * rule kept out of search comes back, or leaves. The rule is taken as it now stands, since
     * the profile may have been written while its address did not depend on it.
     */
    applyEmailConfirmation: (userId: string, confirmed: boolean) =>
      changeIfDifferent(userId, (profile) =>
        withAddressState(profile, {
          emailConfirmed: confirmed,
          confirmedAddressesOnly: confirmedAddressesOnly(),
        }),
      ),

    /** The admin turned "Only confirmed addresses…" on or off: an unconfirmed candidate leaves or comes back. */
    applyAddressRule: (userId: string, rule: boolean) =>
      changeIfDifferent(userId, (profile) => withAddressState(profile, { confirmedAddressesOnly: rule })),
  };
}

export type JobSeekers = ReturnType<typeof createJobSeekers>;
