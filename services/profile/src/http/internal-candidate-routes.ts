import { reasonsFor, ZAccessReasonQuery, ZJobSeekerLookup } from '@meritmatch/contracts';
import { type AppEnv, notFound, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import type { JobSeekerProfileData } from '../data/job-seeker-profiles';
import { type AccessLog, candidateDetails } from '../use-cases/access-log';
import { toProfileView } from './job-seeker-view';
import { type JobSeekerLookupSource, jobSeekerSummaries } from './lookups';

const ZCandidateId = z.object({ candidateId: z.uuid({ message: 'Candidate not found' }) });

/**
 * `/internal/candidates/{id}`, for the admin service only, with the admin's own token: the full
 * profile with the personal details (this service is their only holder). Every name and phone
 * served is recorded first, with the reason the caller gives.
 */
export function internalCandidateRoutes({
  profiles,
  accessLog,
}: {
  profiles: Pick<JobSeekerProfileData, 'findByCandidateId'>;
  accessLog: Pick<AccessLog, 'recordRead'>;
}) {
  return new Hono<AppEnv>().get(
    '/:candidateId',
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
  );
}

/**
 * `/internal/job-seekers/lookup`, for the admin service: summaries for admin lists, with the
 * names asked for in `names` (each recorded first, with its reason) and no other name.
 */
export const internalJobSeekerRoutes = ({
  profiles,
  accessLog,
}: {
  profiles: JobSeekerLookupSource;
  accessLog: Pick<AccessLog, 'recordRead'>;
}) =>
  new Hono<AppEnv>().post('/lookup', validate('json', ZJobSeekerLookup), async (c) => {
    const lookup = c.req.valid('json');
    const { job_seekers: found } = await jobSeekerSummaries(profiles, lookup);
    // names asked for by candidate id or user id, as reads of the job seeker (by user id)
    const byUser = lookup.names.flatMap((entry) => {
      const summary = found.find((s) => s.user_id === entry.id || s.candidate_id === entry.id);
      return summary ? [{ id: summary.user_id, reason: entry.reason }] : [];
    });
    const reads = found.flatMap((summary) =>
      reasonsFor(summary.user_id, byUser).map((reason) => ({ userId: summary.user_id, reason })),
    );
    await accessLog.recordRead(c.get('identity').userId, ['name'], reads);
    const named = new Set(reads.map((read) => read.userId));
    return c.json({
      job_seekers: found.map((summary) => ({
        ...summary,
        full_name: named.has(summary.user_id) ? summary.full_name : null,
      })),
    });
  });
