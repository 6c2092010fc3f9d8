import type { EmailPreferenceChange } from '@meritmatch/contracts';
import { type AggregateStore, type Clock, systemClock } from '@meritmatch/service-kit';
import {
  type EmailPreferences,
  noPreferences,
  type PreferenceHolder,
  preferenceList,
  setPreference,
} from '../domain/preferences';

class AlreadyThere extends Error {}

/** A person's own e-mail settings: read and change one switch. */
export function createPreferenceSettings({
  store,
  clock = systemClock,
}: {
  store: AggregateStore<EmailPreferences>;
  clock?: Clock;
}) {
  async function change(userId: string, holder: PreferenceHolder, wanted: EmailPreferenceChange) {
    const changed = await store.change(userId, (current) => ({
      next: setPreference(current, holder, wanted),
      events: [],
    }));
    if (changed) return changed.state;
    const first = setPreference(noPreferences(userId, clock()), holder, wanted);
    try {
      return (await store.create(first, [], () => new AlreadyThere())).state;
    } catch (error) {
      // a first change of the same user at the same moment: change what it stored
      if (!(error instanceof AlreadyThere)) throw error;
      return change(userId, holder, wanted);
    }
  }

  return {
    get: async (userId: string, holder: PreferenceHolder) => preferenceList(await store.load(userId), holder),
    set: async (userId: string, holder: PreferenceHolder, wanted: EmailPreferenceChange) =>
      preferenceList(await change(userId, holder, wanted), holder),
  };
}

export type PreferenceSettings = ReturnType<typeof createPreferenceSettings>;
