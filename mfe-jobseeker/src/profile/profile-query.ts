import { type JobSeekerProfile, ZProfileAnswer, ZProfileWriteAnswer } from '@meritmatch/contracts';
import { ApiRequestError, useApi } from '@meritmatch/web-session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export const profileQueryKey = ['job-seeker', 'profile'] as const;

/**
 * The job seeker's own profile, or `null` when none exists yet (the server answers 404,
 * which is not an error here: the creation form is shown instead).
 */
export function useProfileQuery() {
  const api = useApi();
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }): Promise<JobSeekerProfile | null> => {
      try {
        const answer = await api('/job-seeker/profile', { schema: ZProfileAnswer, signal });
        return answer.profile;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The loaded profile; the area layout renders its pages only once it is loaded. */
export function useProfile(): JobSeekerProfile | null {
  return useProfileQuery().data ?? null;
}

type WriteMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * Sends one write and puts the profile it answers into the cache (no refetch).
 * Resolves to the server's answer; rejects with the ApiRequestError.
 */
export function useProfileWrite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (method: WriteMethod, path: string, body?: unknown) => {
      const answer = await api(path, {
        method,
        ...(body === undefined ? {} : { body }),
        schema: ZProfileWriteAnswer,
      });
      queryClient.setQueryData(profileQueryKey, answer.profile);
      return answer;
    },
    [api, queryClient],
  );
}
