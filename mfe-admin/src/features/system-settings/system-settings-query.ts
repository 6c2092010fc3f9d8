import {
  type SystemSettingsInput,
  ZSystemSettingsAnswer,
  ZSystemSettingsWriteAnswer,
} from '@meritmatch/contracts';
import { defineResource } from '@meritmatch/web-kit/resource';
import { adminKeys } from '../../shared/admin-keys';

const systemSettings = defineResource(adminKeys.systemSettings, ZSystemSettingsAnswer, 'settings');

/** GET /admin/system-settings. */
export const useSystemSettings = systemSettings.useRead;

/** PUT /admin/system-settings: the answer is what is now stored. */
export const useSaveSystemSettings = () =>
  systemSettings.useWrite({
    write: (api, settings: SystemSettingsInput) =>
      api('/admin/system-settings', { method: 'PUT', body: settings, schema: ZSystemSettingsWriteAnswer }),
    update: (answer) => answer.settings,
  });
