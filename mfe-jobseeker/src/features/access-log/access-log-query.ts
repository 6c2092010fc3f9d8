import { ZJobSeekerAccessLogAnswer } from '@meritmatch/contracts';
import { useApi } from '@meritmatch/web-session';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** Reads of the job seeker's details shown per page: a short list on the profile page. */
export const accessLogShown = 5;

/** GET /job-seeker/access-log: who viewed the job seeker's personal details, newest first. */
export function useAccessLog(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['job-seeker', 'access-log', page],
    queryFn: ({ signal }) =>
      api('/job-seeker/access-log', {
        query: { page, limit: accessLogShown },
        schema: ZJobSeekerAccessLogAnswer,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
