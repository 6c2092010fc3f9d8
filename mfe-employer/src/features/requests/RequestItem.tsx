import type { EmployerMatchRequest } from '@meritmatch/contracts';
import { Badge, Button } from '@meritmatch/ui';
import { formatDate } from '@meritmatch/web-kit';
import { PinIcon } from '../../shared/icons';
import { statusTones } from './status-tones';

/** One match request: who, its status, when, and the notes on both sides. */
export function RequestItem({
  request,
  unmatching,
  onUnmatch,
}: {
  request: EmployerMatchRequest;
  unmatching: boolean;
  onUnmatch: () => void;
}) {
  const code = request.candidate_code;
  return (
    <li className="list-item employer-request" data-testid="match-request" data-status={request.status}>
      <div className="employer-request__head">
        <div className="employer-request__who">
          <h3 className="employer-request__code mono">{code}</h3>
          <p className="small muted employer-location">
            <PinIcon />
            <span className="visually-hidden">Location: </span>
            {request.candidate_location}
          </p>
        </div>
        <Badge tone={statusTones[request.status]}>{request.status_label}</Badge>
      </div>
      <p className="small muted employer-request__date">
        Requested on <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
      </p>
      {request.message ? (
        <div className="employer-note">
          <p className="employer-note__label">Your message</p>
          <p className="employer-note__text">{request.message}</p>
        </div>
      ) : null}
      {request.admin_notes ? (
        <div className="employer-note employer-note--admin">
          <p className="employer-note__label">Note from the MeritMatch team</p>
          <p className="employer-note__text">{request.admin_notes}</p>
        </div>
      ) : null}
      {request.contact_note ? (
        <div className="employer-note employer-note--contact">
          <p className="employer-note__label">Contact note</p>
          <p className="employer-note__text">{request.contact_note}</p>
        </div>
      ) : null}
      {request.status === 'approved' ? (
        <div className="employer-request__actions">
          <Button
            variant="ghost"
            size="sm"
            className="btn--danger-text"
            aria-label={`Unmatch from ${code}`}
            busy={unmatching}
            onClick={onUnmatch}
          >
            {unmatching ? 'Unmatching...' : 'Unmatch'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
