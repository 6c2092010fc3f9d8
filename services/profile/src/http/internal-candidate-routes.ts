import { reasonsFor, ZAccessReasonQuery, ZJobSeekerLookup } from '@meritmatch/contracts';
import { type AppEnv, notFound, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { JobSeekerProfileData } from '../data/job-seeker-profiles';
import { type AccessLog, candidateDetails } from '../domain/access-log';
import { toProfileView } from './job-seeker-view';

const ZCandidateId = z.object({ candidateId: z.uuid({ message: 'Candidate not found' }) });

/**
 * For the admin service only, with the admin's own token: the full profile with the
 * personal details (this service is their only holder), and summaries for admin lists.
 * Every name and phone served is recorded first, with the reason the caller gives.
 */
export function internalCandidateRoutes({
  profiles,
  accessLog,
}: {
  profiles: Pick<JobSeekerProfileData, 'findByCandidateId' | 'findManyByUserIds' | 'findManyByCandidateIds'>;
  accessLog: Pick<AccessLog, 'recordRead'>;
}) {
  return new Hono<AppEnv>()
    .get(
      '/candidates/:candidateId',
      validate('param', ZCandidateId),
      validate('query', ZAccessReasonQuery),
      async (c) => {
        const profile = await profiles.findByCandidateId(c.req.valid('param').candidateId);
        if (!profile) throw notFound('Candidate not found');
        await accessLog.recordRead(c.get('identity').userId, candidateDetails(profile), [
          { userId: profile.userId, reason: c.req.valid('query').reason },
        ]);
        return c.json({
          candidate: {
            ...toProfileView(profile),
            user_id: profile.userId,
            account_status: profile.accountStatus,
          },
        });
      },
    )
    .post('/job-seekers/lookup', validate('json', ZJobSeekerLookup), async (c) => {
      const { userIds, candidateIds, names } = c.req.valid('json');
      const found = [
        ...(userIds.length ? await profiles.findManyByUserIds(userIds) : []),
        ...(candidateIds.length ? await profiles.findManyByCandidateIds(candidateIds) : []),
      ];
      const unique = [...new Map(found.map((profile) => [profile.userId, profile])).values()];
      // names asked for by candidate id or user id, as reads of the job seeker (by user id)
      const byUser = names.flatMap((entry) => {
        const profile = unique.find((p) => p.userId === entry.id || p.candidateId === entry.id);
        return profile ? [{ id: profile.userId, reason: entry.reason }] : [];
      });
      const reads = unique.flatMap((profile) =>
        reasonsFor(profile.userId, byUser).map((reason) => ({ userId: profile.userId, reason })),
      );
      await accessLog.recordRead(c.get('identity').userId, ['name'], reads);
      const named = new Set(reads.map((read) => read.userId));
      return c.json({
        job_seekers: unique.map((profile) => ({
          user_id: profile.userId,
          candidate_id: profile.candidateId,
          unique_code: profile.uniqueCode,
          full_name: named.has(profile.userId) ? profile.fullName : null,
          location: profile.location,
        })),
      });
    });
}
