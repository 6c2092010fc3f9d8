import { type AdminAccessLogEntry, detailsText, purposeText } from '@meritmatch/contracts';
import { Badge } from '@meritmatch/ui';
import { formatDateTime } from '../../shared/format';

/** Who read whose personal details, when and why; newest first (the server's order). */
export function AccessLogList({ entries }: { entries: readonly AdminAccessLogEntry[] }) {
  return (
    <ul className="list admin-log" aria-label="Reads of personal details">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="list-item admin-log__item"
          data-testid="access-log-entry"
          data-purpose={entry.purpose}
        >
          <div className="admin-log__head">
            <Badge tone={entry.purpose === 'match-request' ? 'info' : 'neutral'}>
              {detailsText(entry.details)}
            </Badge>
            <time className="small muted" dateTime={entry.read_at}>
              {formatDateTime(entry.read_at)}
            </time>
          </div>
          <p className="admin-text admin-log__notes">{purposeText(entry.purpose, entry.company_name)}</p>
          <dl className="admin-log__meta small">
            <div>
              <dt>Candidate</dt>
              <dd className="mono">{entry.unique_code ?? 'No profile yet'}</dd>
            </div>
            {entry.unique_code ? null : (
              <div>
                <dt>Job seeker ID</dt>
                <dd className="mono admin-id">{entry.job_seeker_user_id}</dd>
              </div>
            )}
            {entry.request_id ? (
              <div>
                <dt>Request</dt>
                <dd className="mono admin-id">{entry.request_id}</dd>
              </div>
            ) : null}
            <div>
              <dt>Admin</dt>
              <dd className="break">{entry.admin_email ?? entry.admin_user_id}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
