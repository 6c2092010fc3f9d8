import { defaultInactiveAccountMonths, systemSettingsTopic } from '@meritmatch/contracts';
import { aggregateSchemaFields, DomainError, type Platform } from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { StoredSettings } from '../use-cases/settings';

const settingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    askBeforeSharingByDefault: { type: Boolean, required: true },
    senderName: { type: String, required: true },
    senderAddress: { type: String, required: true },
    confirmedAddressesOnly: { type: Boolean, default: false },
    inactiveAccountMonths: { type: Number, default: defaultInactiveAccountMonths },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type SettingsDoc = Omit<StoredSettings, 'id'> & { _id: StoredSettings['id'] };

/** How the System Settings are stored, the same for the in-memory store of tests. */
export const settingsStorage = {
  toDoc: ({ id, ...settings }: StoredSettings) => ({ _id: id, ...settings }),
  fromDoc: ({ _id, ...doc }: SettingsDoc): StoredSettings => ({
    id: _id,
    askBeforeSharingByDefault: doc.askBeforeSharingByDefault,
    senderName: doc.senderName,
    senderAddress: doc.senderAddress,
    confirmedAddressesOnly: doc.confirmedAddressesOnly ?? false,
    inactiveAccountMonths: doc.inactiveAccountMonths ?? defaultInactiveAccountMonths,
    version: doc.version,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }),
  missing: () => new DomainError('settings.missing'),
};

/** The System Settings (one document); its changes go to the `system-settings` topic. */
export function createSettingsData(platform: Platform) {
  const Settings = platform.connection.model('SystemSettings', settingsSchema, 'system_settings');
  return platform.aggregateStore<StoredSettings>({
    model: Settings,
    topic: systemSettingsTopic,
    ...settingsStorage,
  });
}
