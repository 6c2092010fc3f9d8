import { aggregateSchemaFields, DomainError, type Platform } from '@meritmatch/service-kit';
import { Schema } from 'mongoose';
import type { EmailPreferences } from '../domain/preferences';

const preferencesSchema = new Schema(
  {
    // keyed by user id: reading a recipient's settings is one `_id` lookup
    _id: { type: String, required: true },
    disabled: { type: [String], default: [] },
    ...aggregateSchemaFields,
  },
  { versionKey: false, minimize: false },
);

type PreferencesDoc = Omit<EmailPreferences, 'userId'> & { _id: string };

/** How a person's settings are stored, the same for the in-memory store of tests. */
export const preferenceStorage = {
  toDoc: ({ userId, ...preferences }: EmailPreferences) => ({ _id: userId, ...preferences }),
  fromDoc: ({ _id, ...doc }: PreferencesDoc): EmailPreferences => ({
    userId: _id,
    disabled: doc.disabled ?? [],
    version: doc.version,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }),
  missing: () => new DomainError('preferences.missing'),
};

/** Each user's e-mail settings (the kinds they turned off); no document means everything is on. */
export function createPreferenceData(platform: Platform) {
  const Preferences = platform.connection.model('EmailPreferences', preferencesSchema, 'email_preferences');
  return platform.aggregateStore<EmailPreferences>({ model: Preferences, ...preferenceStorage });
}

export type PreferenceStore = ReturnType<typeof createPreferenceData>;
