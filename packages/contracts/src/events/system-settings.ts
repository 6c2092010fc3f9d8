import { z } from 'zod';
import { ZSystemSettings } from '../notifications';
import { eventSchema } from './envelope';

/**
 * Topic `system-settings` (compacted), keyed `system`: the admin's System Settings, owned by the
 * notifications service. The profile service keeps the last one to give a new profile its
 * default for "Ask me before sharing my details". Nothing personal: a sender name and address.
 */
export const systemSettingsTopic = 'system-settings';
export const systemSettingsKey = 'system';

export const ZSystemSettingsChanged = eventSchema(
  'system.settings-changed',
  1,
  ZSystemSettings.extend({
    /** Increases with every change; a reader ignores anything not newer. */
    version: z.number().int().positive(),
    updatedAt: z.iso.datetime(),
  }),
);
export type SystemSettingsChanged = z.infer<typeof ZSystemSettingsChanged>;

export const ZSystemSettingsEvent = z.discriminatedUnion('type', [ZSystemSettingsChanged]);
export type SystemSettingsEvent = z.infer<typeof ZSystemSettingsEvent>;
