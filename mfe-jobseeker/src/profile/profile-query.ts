import { type JobSeekerProfile, ZProfileAnswer, ZProfileWriteAnswer } from '@meritmatch/contracts';
import { ApiRequestError, useApi } from '@meritmatch/web-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobSeekerKeys } from '../shared/job-seeker-keys';

/**
 * The job seeker's own profile, or `null` when none exists yet (the server answers 404,
 * which is not an error here: the creation form is shown instead).
 */
export function useProfileQuery() {
  const api = useApi();
  return useQuery({
    queryKey: jobSeekerKeys.profile,
    queryFn: async ({ signal }): Promise<JobSeekerProfile | null> => {
      try {
        const answer = await api('/job-seeker/profile', { schema: ZProfileAnswer, signal });
        return answer.profile;
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    // read by the frame and then by the page it shows: the page takes the frame's read instead
    // of asking again at once (every write of the profile puts its answer here)
    staleTime: 10000,
  });
}

/** The loaded profile; the area layout renders its pages only once it is loaded. */
export function useProfile(): JobSeekerProfile | null {
  return useProfileQuery().data ?? null;
}

export type ProfileWrite = { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown };

/**
 * One write to the profile or one of its sections. Every answer carries the whole profile,
 * which goes into the cache as it is (no refetch).
 */
export function useProfileWrite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body }: ProfileWrite) =>
      api(path, { method, ...(body === undefined ? {} : { body }), schema: ZProfileWriteAnswer }),
    onSuccess: (answer) => queryClient.setQueryData(jobSeekerKeys.profile, answer.profile),
  });
}
