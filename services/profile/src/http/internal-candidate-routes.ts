import { ZJobSeekerLookup } from '@meritmatch/contracts';
import { type AppEnv, notFound, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { JobSeekerProfileData } from '../data/job-seeker-profiles';
import { toProfileView } from './job-seeker-view';

const ZCandidateId = z.object({ candidateId: z.uuid({ message: 'Candidate not found' }) });

/**
 * For the admin service only, with the admin's own token: the full profile with the
 * personal details (this service is their only holder), and summaries for admin lists.
 */
export function internalCandidateRoutes({
  profiles,
}: {
  profiles: Pick<JobSeekerProfileData, 'findByCandidateId' | 'findManyByUserIds' | 'findManyByCandidateIds'>;
}) {
  return new Hono<AppEnv>()
    .get('/candidates/:candidateId', validate('param', ZCandidateId), async (c) => {
      const profile = await profiles.findByCandidateId(c.req.valid('param').candidateId);
      if (!profile) throw notFound('Candidate not found');
      return c.json({
        candidate: {
          ...toProfileView(profile),
          user_id: profile.userId,
          account_status: profile.accountStatus,
        },
      });
    })
    .post('/job-seekers/lookup', validate('json', ZJobSeekerLookup), async (c) => {
      const { userIds, candidateIds } = c.req.valid('json');
      const found = [
        ...(userIds.length ? await profiles.findManyByUserIds(userIds) : []),
        ...(candidateIds.length ? await profiles.findManyByCandidateIds(candidateIds) : []),
      ];
      const unique = [...new Map(found.map((profile) => [profile.userId, profile])).values()];
      return c.json({
        job_seekers: unique.map((profile) => ({
          user_id: profile.userId,
          candidate_id: profile.candidateId,
          unique_code: profile.uniqueCode,
          full_name: profile.fullName,
          location: profile.location,
        })),
      });
    });
}
