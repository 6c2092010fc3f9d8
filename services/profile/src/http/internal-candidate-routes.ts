import { ZJobSeekerLookup } from '@meritmatch/contracts';
import { type AppEnv, notFound, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { JobSeekerProfileData } from '../data/job-seeker-profiles';
import { toProfileView } from './job-seeker-view';
import { type JobSeekerLookupSource, jobSeekerSummaries } from './lookups';

const ZCandidateId = z.object({ candidateId: z.uuid({ message: 'Candidate not found' }) });

/**
 * `/internal/candidates/{id}`, for the admin service only, with the admin's own token: the full
 * profile with the personal details (this service is their only holder).
 */
export function internalCandidateRoutes({
  profiles,
}: {
  profiles: Pick<JobSeekerProfileData, 'findByCandidateId'>;
}) {
  return new Hono<AppEnv>().get('/:candidateId', validate('param', ZCandidateId), async (c) => {
    const profile = await profiles.findByCandidateId(c.req.valid('param').candidateId);
    if (!profile) throw notFound('Candidate not found');
    return c.json({
      candidate: {
        ...toProfileView(profile),
        user_id: profile.userId,
        account_status: profile.accountStatus,
      },
    });
  });
}

/** `/internal/job-seekers/lookup`, for the admin service: summaries for admin lists. */
export const internalJobSeekerRoutes = ({ profiles }: { profiles: JobSeekerLookupSource }) =>
  new Hono<AppEnv>().post('/lookup', validate('json', ZJobSeekerLookup), async (c) =>
    c.json(await jobSeekerSummaries(profiles, c.req.valid('json'))),
  );
