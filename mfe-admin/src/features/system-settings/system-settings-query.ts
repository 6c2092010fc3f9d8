import {
  type SystemSettingsInput,
  ZSystemSettingsAnswer,
  ZSystemSettingsWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../shared/admin-keys';

/** GET /admin/system-settings. */
export function useSystemSettings() {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.systemSettings,
    queryFn: async ({ signal }) =>
      (await api('/admin/system-settings', { schema: ZSystemSettingsAnswer, signal })).settings,
  });
}

/** PUT /admin/system-settings: the answer is what is now stored. */
export function useSaveSystemSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SystemSettingsInput) =>
      api('/admin/system-settings', { method: 'PUT', body: settings, schema: ZSystemSettingsWriteAnswer }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.systemSettings, answer.settings),
  });
}
