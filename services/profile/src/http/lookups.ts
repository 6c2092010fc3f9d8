import {
  type EmployerLookupAnswer,
  type JobSeekerLookupAnswer,
  ZEmployerLookup,
  ZEmployerLookupAnswer,
  ZJobSeekerLookup,
  ZJobSeekerLookupAnswer,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { EmployerProfileData } from '../data/employer-profiles';
import type { JobSeekerProfileData } from '../data/job-seeker-profiles';
import { toEmployerSummary } from './employer-view';

export type JobSeekerLookupSource = Pick<
  JobSeekerProfileData,
  'findManyByUserIds' | 'findManyByCandidateIds'
>;
export type EmployerLookupSource = Pick<EmployerProfileData, 'findMany'>;

/** Job seekers by user id or candidate id: code, name and location (the owner's answer, parsed). */
export async function jobSeekerSummaries(
  profiles: JobSeekerLookupSource,
  { userIds, candidateIds }: z.output<typeof ZJobSeekerLookup>,
): Promise<JobSeekerLookupAnswer> {
  const found = [
    ...(userIds.length ? await profiles.findManyByUserIds(userIds) : []),
    ...(candidateIds.length ? await profiles.findManyByCandidateIds(candidateIds) : []),
  ];
  const unique = [...new Map(found.map((profile) => [profile.userId, profile])).values()];
  return ZJobSeekerLookupAnswer.parse({
    job_seekers: unique.map((profile) => ({
      user_id: profile.userId,
      candidate_id: profile.candidateId,
      unique_code: profile.uniqueCode,
      full_name: profile.fullName,
      location: profile.location,
    })),
  });
}

export async function employerSummaries(
  repository: EmployerLookupSource,
  { userIds }: z.output<typeof ZEmployerLookup>,
): Promise<EmployerLookupAnswer> {
  return ZEmployerLookupAnswer.parse({
    employers: (await repository.findMany(userIds)).map(toEmployerSummary),
  });
}

/**
 * `/internal/service/*`, for service tokens only (the notifications service): who a candidate
 * is (user id and name, to greet them) and a company's name. Nothing else is open to a service.
 */
export const serviceLookupRoutes = ({
  profiles,
  employers,
}: {
  profiles: JobSeekerLookupSource;
  employers: EmployerLookupSource;
}) =>
  new Hono<AppEnv>()
    .post('/job-seekers/lookup', validate('json', ZJobSeekerLookup), async (c) =>
      c.json(await jobSeekerSummaries(profiles, c.req.valid('json'))),
    )
    .post('/employers/lookup', validate('json', ZEmployerLookup), async (c) =>
      c.json(await employerSummaries(employers, c.req.valid('json'))),
    );
