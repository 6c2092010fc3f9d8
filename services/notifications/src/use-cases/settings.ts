import { type SystemSettings, type SystemSettingsInput, systemSettingsKey } from '@meritmatch/contracts';
import {
  type AggregateStore,
  type Clock,
  type PendingEvent,
  systemClock,
  type Versioned,
} from '@meritmatch/service-kit';

/** The admin's System Settings: one record, its changes published for the profile service. */
export type StoredSettings = Versioned & SystemSettings & { id: typeof systemSettingsKey };

class AlreadyThere extends Error {}

export function createSettings({
  store,
  defaults,
  changed,
  clock = systemClock,
}: {
  store: AggregateStore<StoredSettings>;
  /** What holds until an admin saves (the sender from the environment; consent asked: off). */
  defaults: SystemSettings;
  /** The event that tells the other services. */
  changed: (settings: StoredSettings) => PendingEvent;
  clock?: Clock;
}) {
  const initial = (): StoredSettings => {
    const now = clock();
    return { id: systemSettingsKey, ...defaults, version: 1, createdAt: now, updatedAt: now };
  };
  return {
    /** Stores (and publishes) the defaults on the first start, so every service reads the same. */
    async ensure() {
      const settings = initial();
      await store
        .create(settings, [changed(settings)], () => new AlreadyThere())
        .catch((error) => {
          if (!(error instanceof AlreadyThere)) throw error;
        });
    },
    get: async (): Promise<StoredSettings> => (await store.load(systemSettingsKey)) ?? initial(),
    save: (input: SystemSettingsInput) =>
      store.update(
        systemSettingsKey,
        (current) => ({ ...current, ...input }),
        (stamped) => [changed(stamped)],
      ),
  };
}

export type Settings = ReturnType<typeof createSettings>;
