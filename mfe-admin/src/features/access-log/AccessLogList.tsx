import {
  type AccessRecordJobSeeker,
  type AdminAccessLogEntry,
  detailsText,
  purposeText,
} from '@meritmatch/contracts';
import { Badge } from '@meritmatch/ui';
import { formatDateTime } from '@meritmatch/web-kit';

/** How many of a read's job seekers a row names before "and N more". */
const named = 5;

function Whose({ jobSeeker }: { jobSeeker: AccessRecordJobSeeker }) {
  return (
    <li>
      <span className="mono">{jobSeeker.unique_code ?? 'No profile yet'}</span>
      {jobSeeker.unique_code ? null : <span className="mono admin-id"> {jobSeeker.user_id}</span>}
      <span className="muted"> · {purposeText(jobSeeker.purpose, jobSeeker.company_name)}</span>
      {jobSeeker.request_id ? (
        <span className="muted">
          {' '}
          · Request <span className="mono admin-id">{jobSeeker.request_id}</span>
        </span>
      ) : null}
    </li>
  );
}

/** Who read whose personal details, when and why; one row per read, newest first (the server's order). */
export function AccessLogList({ entries }: { entries: readonly AdminAccessLogEntry[] }) {
  return (
    <ul className="list admin-log" aria-label="Reads of personal details">
      {entries.map((entry) => {
        const more = entry.job_seeker_count - Math.min(named, entry.job_seekers.length);
        return (
          <li
            key={entry.id}
            className="list-item admin-log__item"
            data-testid="access-log-entry"
            data-purpose={entry.job_seekers[0]?.purpose}
          >
            <div className="admin-log__head">
              <Badge tone={entry.job_seekers[0]?.purpose === 'match-request' ? 'info' : 'neutral'}>
                {detailsText(entry.details)}
              </Badge>
              <time className="small muted" dateTime={entry.read_at}>
                {formatDateTime(entry.read_at)}
              </time>
            </div>
            <p className="admin-text admin-log__notes">
              {entry.admin_email ?? entry.admin_user_id} read the {detailsText(entry.details).toLowerCase()}{' '}
              of {entry.job_seeker_count === 1 ? 'one job seeker' : `${entry.job_seeker_count} job seekers`}.
            </p>
            <ul className="admin-log__whose small" aria-label="Whose details, and why">
              {entry.job_seekers.slice(0, named).map((jobSeeker) => (
                // one read names a job seeker once per reason
                <Whose
                  key={`${jobSeeker.user_id}-${jobSeeker.request_id ?? jobSeeker.purpose}`}
                  jobSeeker={jobSeeker}
                />
              ))}
              {more > 0 ? <li className="muted">and {more} more</li> : null}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
