import { type AccessRecord, accessViewerLabel, type JobSeekerAccessLogEntry } from '@meritmatch/contracts';
import type { ShownAccessRow, ShownSeekerEntry } from '../use-cases/access-log';

/** A read as admins see it: who, when, which details, and whose (by code) for what. */
export const toAccessRecord = (row: ShownAccessRow): AccessRecord => ({
  id: row.id,
  read_at: row.readAt.toISOString(),
  admin_user_id: row.adminUserId,
  details: row.details,
  job_seekers: row.jobSeekers.map((jobSeeker) => ({
    user_id: jobSeeker.userId,
    candidate_id: jobSeeker.candidate?.candidateId ?? null,
    unique_code: jobSeeker.candidate?.uniqueCode ?? null,
    purpose: jobSeeker.reason.purpose,
    request_id: jobSeeker.reason.purpose === 'match-request' ? jobSeeker.reason.requestId : null,
    company_name: jobSeeker.companyName,
  })),
  job_seeker_count: row.jobSeekerCount,
});

/** A read as the job seeker sees it: the MeritMatch team, never which admin or any id. */
export const toJobSeekerAccessEntry = (entry: ShownSeekerEntry): JobSeekerAccessLogEntry => ({
  id: entry.id,
  read_at: entry.readAt.toISOString(),
  viewer: accessViewerLabel,
  details: entry.details,
  purpose: entry.reason.purpose,
  company_name: entry.companyName,
});
