import { type InterestDecision, type InterestRequest, interestDecisionLabels } from '@meritmatch/contracts';
import { Badge, type BadgeTone, Button } from '@meritmatch/ui';
import { formatDate } from '@meritmatch/web-kit';
import { RequestPosition } from './RequestPosition';

const tones: Record<InterestRequest['status'], BadgeTone> = {
  awaiting_candidate: 'warning',
  pending: 'info',
  approved: 'success',
  connected: 'success',
  declined: 'neutral',
  withdrawn: 'neutral',
  rejected: 'neutral',
  unmatched: 'neutral',
  closed: 'neutral',
};

const variants: Record<InterestDecision, 'primary' | 'secondary' | 'danger'> = {
  accept: 'primary',
  decline: 'secondary',
  withdraw: 'danger',
};

/**
 * One company that asked for the candidate: who, the position it named (if any), what they wrote,
 * where it stands, and the candidate's moves.
 */
export function InterestItem({
  request,
  busy,
  onDecide,
}: {
  request: InterestRequest;
  busy: boolean;
  onDecide: (request: InterestRequest, decision: InterestDecision) => void;
}) {
  const company = request.company_name ?? 'A company';
  const about = [request.industry, request.company_size ? `${request.company_size} employees` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="list-item interest-item" data-testid="interest-request" data-status={request.status}>
      <header className="interest-item__head split-row">
        <div>
          <h3 className="interest-item__company">{company}</h3>
          {about ? <p className="small muted">{about}</p> : null}
        </div>
        <Badge tone={tones[request.status]}>{request.status_label}</Badge>
      </header>
      <p className="small muted">
        Asked on <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
      </p>
      {request.position ? <RequestPosition position={request.position} /> : null}
      {request.message ? (
        <blockquote className="interest-item__message">{request.message}</blockquote>
      ) : (
        <p className="small muted">No message.</p>
      )}
      {request.decisions.length > 0 ? (
        <div className="interest-item__actions">
          {request.decisions.map((decision) => (
            <Button
              key={decision}
              size="sm"
              variant={variants[decision]}
              disabled={busy}
              aria-label={`${interestDecisionLabels[decision]}: request from ${company}`}
              onClick={() => onDecide(request, decision)}
            >
              {interestDecisionLabels[decision]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
