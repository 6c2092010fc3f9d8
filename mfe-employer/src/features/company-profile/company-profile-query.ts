import {
  type CompanyProfile,
  type CompanyProfileFields,
  ZCompanyProfileAnswer,
  ZCompanyProfileWriteAnswer,
} from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hasStatus } from '../../shared/api-errors';

export const companyProfileQueryKey = ['employer', 'profile'] as const;

/**
 * The employer's company profile, or `null` when none exists yet: the server answers
 * 404, which is not an error here (the creation form is shown instead).
 */
export function useCompanyProfileQuery() {
  const api = useApi();
  return useQuery({
    queryKey: companyProfileQueryKey,
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
 * Creates (POST) or updates (PUT) the company profile. Resolves to the server's answer;
 * rejects with the ApiRequestError. `remember` puts the saved profile into the cache.
 */
export function useCompanyProfileSave() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (method: 'POST' | 'PUT', fields: CompanyProfileFields, { remember }: { remember: boolean }) => {
      const answer = await api('/employer/profile', {
        method,
        body: fields,
        schema: ZCompanyProfileWriteAnswer,
      });
      if (remember) queryClient.setQueryData(companyProfileQueryKey, answer.profile);
      return answer;
    },
    [api, queryClient],
  );
}
