import {
  type JobPreferences,
  type JobSeekerProfile,
  ZJobPreferencesAnswer,
  ZJobPreferencesWriteAnswer,
} from '@meritmatch/contracts';
import { defineResource } from '@meritmatch/web-kit/resource';
import { useQueryClient } from '@tanstack/react-query';
import { jobSeekerKeys } from '../../shared/job-seeker-keys';

const preferences = defineResource(jobSeekerKeys.preferences, ZJobPreferencesAnswer, 'preferences');

/** GET /job-seeker/preferences: the job seeker's own, private. */
export const usePreferences = preferences.useRead;

/** PUT /job-seeker/preferences: the whole of them; the answer is what is now stored, in the profile too. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return preferences.useWrite({
    write: async (api, body: JobPreferences) => {
      const answer = await api('/job-seeker/preferences', {
        method: 'PUT',
        body,
        schema: ZJobPreferencesWriteAnswer,
      });
      queryClient.setQueryData<JobSeekerProfile | null>(jobSeekerKeys.profile, (profile) =>
        profile ? { ...profile, preferences: answer.preferences } : profile,
      );
      return answer;
    },
    update: (answer) => answer.preferences,
  });
}
