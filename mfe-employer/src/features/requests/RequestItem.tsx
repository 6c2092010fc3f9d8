import type { EmployerMatchRequest } from '@meritmatch/contracts';
import { Badge, Button } from '@meritmatch/ui';
import { formatDate } from '@meritmatch/web-kit';
import { LocationLabel } from '../../shared/LocationLabel';
import { statusTones } from './status-tones';

/** A note on a request, from the employer or the admin team; nothing when there is none. */
function Note({ label, text, tone }: { label: string; text: string | null; tone?: 'admin' | 'contact' }) {
  if (!text) return null;
  return (
    <div className={`employer-note${tone ? ` employer-note--${tone}` : ''}`}>
      <p className="employer-note__label">{label}</p>
      <p className="employer-note__text">{text}</p>
    </div>
  );
}

/** One match request: who, its status, when, the position it named, and the notes on both sides. */
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
      <div className="employer-request__head split-row">
        <div className="employer-request__who">
          <h3 className="employer-request__code mono">{code}</h3>
          <p className="small muted employer-location">
            <LocationLabel location={request.candidate_location} />
          </p>
        </div>
        <Badge tone={statusTones[request.status]}>{request.status_label}</Badge>
      </div>
      <p className="small muted employer-request__date">
        Requested on <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
      </p>
      {request.position_title ? (
        <p className="small employer-request__position break">Position: {request.position_title}</p>
      ) : null}
      <Note label="Your message" text={request.message} />
      <Note label="Note from the MeritMatch team" text={request.admin_notes} tone="admin" />
      <Note label="Contact note" text={request.contact_note} tone="contact" />
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
