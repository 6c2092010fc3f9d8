import { ZEmployerMatchingMyData, ZJobSeekerMatchingMyData } from '@meritmatch/contracts';
import type { AppEnv } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { MatchRequests } from '../use-cases/match-requests';
import type { SearchLog } from '../use-cases/search-log';
import type { EmployerViewDeps } from './employer-routes';
import { toAppearanceWeeks, toEmployerRequest, toInterestRequest } from './views';

/**
 * `GET /my-data`: the matching service's part of "Download my data" (the gateway composes it; the
 * roles are checked before): the person's match requests exactly as their own screens show them,
 * a job seeker's with the companies' names, an employer's with the candidates' codes only (the
 * strict employer view, so no more of a candidate can slip in). The team's notes to an employer
 * (`admin_notes`, `contact_note`) stay on the employer's screens and out of the download: once a
 * candidate is introduced they carry the candidate's contact details, another person's data.
 * A job seeker's part has their weeks in searches too, as the Interest page shows them; the
 * search log's entries themselves are the employers' searches and stay out.
 */
export function myDataRoutes({
  candidates,
  directory,
  matchRequests,
  searchLog,
  clock,
}: Omit<EmployerViewDeps, 'matchRequests' | 'positions' | 'savedSearches'> & {
  matchRequests: Pick<MatchRequests, 'listForCandidate' | 'listForEmployer'>;
  searchLog: Pick<SearchLog, 'appearances'>;
}) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { userId, role } = c.get('identity');
    c.header('Cache-Control', 'no-store');
    if (role === 'employer') {
      const requests = await matchRequests.listForEmployer(userId);
      const now = clock();
      const viewer = directory.viewer(userId);
      return c.json(
        ZEmployerMatchingMyData.parse({
          role,
          matchRequests: requests.map((request) => ({
            ...toEmployerRequest(request, candidates, now, viewer),
            admin_notes: null,
            contact_note: null,
          })),
        }),
      );
    }
    const [requests, weeks] = await Promise.all([
      matchRequests.listForCandidate(userId),
      searchLog.appearances(userId),
    ]);
    return c.json(
      ZJobSeekerMatchingMyData.parse({
        role: 'job_seeker',
        matchRequests: requests.map((request) => toInterestRequest(request, directory, candidates)),
        searchAppearances: toAppearanceWeeks(weeks),
      }),
    );
  });
}
