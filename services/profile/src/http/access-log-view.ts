import { type AccessRecord, accessViewerLabel, type JobSeekerAccessLogEntry } from '@meritmatch/contracts';
import type { ShownAccessEntry } from '../domain/access-log';

/** An entry as admins read it: who, whose (by code), when, which details and why. */
export const toAccessRecord = (entry: ShownAccessEntry): AccessRecord => ({
  id: entry.id,
  read_at: entry.readAt.toISOString(),
  admin_user_id: entry.adminUserId,
  job_seeker_user_id: entry.jobSeekerUserId,
  candidate_id: entry.candidate?.candidateId ?? null,
  unique_code: entry.candidate?.uniqueCode ?? null,
  details: entry.details,
  purpose: entry.reason.purpose,
  request_id: entry.reason.purpose === 'match-request' ? entry.reason.requestId : null,
  company_name: entry.companyName,
});

/** An entry as the job seeker reads it: the MeritMatch team, never which admin or any id. */
export const toJobSeekerAccessEntry = (entry: ShownAccessEntry): JobSeekerAccessLogEntry => ({
  id: entry.id,
  read_at: entry.readAt.toISOString(),
  viewer: accessViewerLabel,
  details: entry.details,
  purpose: entry.reason.purpose,
  company_name: entry.companyName,
});
