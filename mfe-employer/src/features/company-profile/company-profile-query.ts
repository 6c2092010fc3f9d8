import {
  type CompanyProfile,
  type CompanyProfileFields,
  ZCompanyProfileAnswer,
  ZCompanyProfileWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasStatus } from '../../shared/api-errors';
import { employerKeys } from '../../shared/employer-keys';

/**
 * The employer's company profile, or `null` when none exists yet: the server answers
 * 404, which is not an error here (the creation form is shown instead).
 */
export function useCompanyProfileQuery() {
  const api = useApi();
  return useQuery({
    queryKey: employerKeys.profile,
    queryFn: async ({ signal }): Promise<CompanyProfile | null> => {
      try {
        return (await api('/employer/profile', { schema: ZCompanyProfileAnswer, signal })).profile;
      } catch (error) {
        if (hasStatus(error, 404)) return null;
        throw error;
      }
    },
  });
}

/** The loaded profile; the dashboard pages render only once it is loaded and verified. */
export function useCompanyProfile(): CompanyProfile {
  const profile = useCompanyProfileQuery().data;
  if (!profile) throw new Error('useCompanyProfile() is for the verified dashboard only');
  return profile;
}

/**
 * Creates (POST) or updates (PUT) the company profile. `remember` puts the saved profile
 * into the cache (an edit); a creation is followed by a page reload instead, so the
 * message stays on screen until then.
 */
export function useCompanyProfileSave({ method, remember }: { method: 'POST' | 'PUT'; remember: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CompanyProfileFields) =>
      api('/employer/profile', { method, body: fields, schema: ZCompanyProfileWriteAnswer }),
    onSuccess: (answer) => {
      if (remember) queryClient.setQueryData(employerKeys.profile, answer.profile);
    },
  });
}
