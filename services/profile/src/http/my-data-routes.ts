import {
  accessLogMaxPageSize,
  type JobSeekerAccessLogEntry,
  ZEmployerProfileMyData,
  ZJobSeekerProfileMyData,
} from '@meritmatch/contracts';
import { type AppEnv, DomainError } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { AccessLog } from '../use-cases/access-log';
import type { Employers } from '../use-cases/employers';
import type { JobSeekers } from '../use-cases/job-seekers';
import { toJobSeekerAccessEntry } from './access-log-view';
import { toCompanyProfileView } from './employer-view';
import { toProfileView } from './job-seeker-view';

/** Null for a profile not made yet; any other failure stays a failure (the export must not be partial). */
async function orNone<T>(load: Promise<T>, notFound: string): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof DomainError && error.reason === notFound) return null;
    throw error;
  }
}

/** Every read of the job seeker's details, newest first, page after page. */
async function wholeAccessLog(accessLog: AccessLog, userId: string): Promise<JobSeekerAccessLogEntry[]> {
  const entries: JobSeekerAccessLogEntry[] = [];
  for (let page = 1; ; page++) {
    const found = await accessLog.forJobSeeker(userId, { page, limit: accessLogMaxPageSize });
    entries.push(...found.entries.map(toJobSeekerAccessEntry));
    if (!found.pagination.hasNext) return entries;
  }
}

/**
 * `GET /my-data`: the profile service's part of "Download my data" (the gateway composes it; the
 * roles are checked before). A job seeker's profile with every list and the visibility
 * settings, and who read their details (the MeritMatch team, as their access log says); an
 * employer's company profile.
 */
export function myDataRoutes({
  jobSeekers,
  employers,
  accessLog,
}: {
  jobSeekers: Pick<JobSeekers, 'get'>;
  employers: Pick<Employers, 'get'>;
  accessLog: AccessLog;
}) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { userId, role } = c.get('identity');
    c.header('Cache-Control', 'no-store');
    if (role === 'employer') {
      const company = await orNone(employers.get(userId), 'company.not-found');
      return c.json(
        ZEmployerProfileMyData.parse({
          role,
          companyProfile: company ? toCompanyProfileView(company) : null,
        }),
      );
    }
    const [profile, reads] = await Promise.all([
      orNone(jobSeekers.get(userId), 'profile.not-found'),
      wholeAccessLog(accessLog, userId),
    ]);
    return c.json(
      ZJobSeekerProfileMyData.parse({
        role: 'job_seeker',
        profile: profile ? toProfileView(profile) : null,
        accessLog: reads,
      }),
    );
  });
}
