import {
  type AdminMatchRequest,
  type AdminQueueTab,
  adminViewOnlyLabel,
  nameHiddenText,
} from '@meritmatch/contracts';
import { Badge, Button } from '@meritmatch/ui';
import { formatDateTime } from '@meritmatch/web-kit';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Decision, decisionsFor } from './decisions';
import { revealsIdentity, statusLabel, statusTones } from './status';

function Item({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

const orNone = (text: string | null | undefined, none = 'None') =>
  text?.trim() ? <span className="admin-text">{text}</span> : <span className="muted">{none}</span>;

/** The accessible name of a decision button, starting with its visible text. */
function actionName(decision: Decision, company: string, code: string) {
  const what = `request from ${company} for ${code}`;
  return decision.kind === 'approve' || decision.kind === 'reject'
    ? `${decision.label} ${what}`
    : `${decision.label}: ${what}`;
}

/**
 * One request in the queue: the request itself, the employer, the job seeker, and the moves.
 * Memoised: a decision shown on one row leaves the others' rendering alone.
 */
export const RequestRow = memo(function RequestRow({
  request,
  tab,
  saving = false,
  onDecide,
  onViewCandidate,
}: {
  request: AdminMatchRequest;
  tab: AdminQueueTab;
  /** A decision on it is with the server: shown already, not answered yet. */
  saving?: boolean;
  onDecide: (request: AdminMatchRequest, decision: Decision) => void;
  onViewCandidate: (request: AdminMatchRequest) => void;
}) {
  const company = request.employer_info.companyName ?? 'Unknown company';
  const code = request.job_seeker_info.uniqueCode;
  const revealed = revealsIdentity(tab);
  const decisions = request.status === tab ? decisionsFor[tab] : [];
  return (
    <li
      className="list-item admin-request"
      data-testid="request-row"
      data-request-id={request.id}
      aria-busy={saving || undefined}
    >
      <header className="admin-request__head split-row">
        <div className="admin-request__heading-group">
          <h3 className="admin-request__title">
            {company} <span aria-hidden="true">→</span>
            <span className="visually-hidden"> requests </span> <span className="mono">{code}</span>
          </h3>
          <p className="admin-request__meta">
            <span>
              Request ID <span className="mono admin-id">{request.id}</span>
            </span>
          </p>
        </div>
        <p className="admin-request__status">
          <Badge tone={statusTones[request.status]}>{statusLabel(request.status)}</Badge>
          {saving ? <span className="small muted">Saving…</span> : null}
        </p>
      </header>
      <div className="admin-request__grid">
        <section className="admin-request__section" aria-label={`Employer ${company}`}>
          <h4 className="admin-request__heading">Employer</h4>
          <dl className="details admin-details">
            <Item term="Company">{orNone(request.employer_info.companyName, 'Unknown')}</Item>
            <Item term="Industry">{orNone(request.employer_info.industry, 'Unknown')}</Item>
            <Item term="E-mail">{orNone(request.employer_info.email, 'Unknown')}</Item>
          </dl>
        </section>
        <section className="admin-request__section" aria-label={`Job seeker ${code}`}>
          <h4 className="admin-request__heading">
            Job seeker
            {revealed ? null : <span className="admin-only"> {adminViewOnlyLabel}</span>}
          </h4>
          <dl className="details admin-details">
            <Item term="Code">
              <span className="mono">{code}</span>
            </Item>
            <Item term="Location">{request.job_seeker_info.location}</Item>
            <Item term="Full name">
              {revealed ? (
                orNone(request.job_seeker_info.fullName, 'Not available')
              ) : (
                <span className="admin-hidden" data-testid="name-hidden">
                  {nameHiddenText}
                </span>
              )}
            </Item>
            <Item term="E-mail">{orNone(request.job_seeker_info.email, 'Unknown')}</Item>
          </dl>
        </section>
        <section className="admin-request__section admin-request__section--wide" aria-label="Request notes">
          <h4 className="admin-request__heading">Request</h4>
          <dl className="details admin-details">
            <Item term="Created">
              <time dateTime={request.created_at}>{formatDateTime(request.created_at)}</time>
            </Item>
            <Item term="Message">{orNone(request.message, 'No message')}</Item>
            <Item term="Admin notes">{orNone(request.admin_notes)}</Item>
            <Item term="Contact note">{orNone(request.contact_note)}</Item>
          </dl>
        </section>
      </div>
      <div className="admin-request__actions">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`View candidate ${code}`}
          onClick={() => onViewCandidate(request)}
        >
          View candidate
        </Button>
        <Link
          className="btn btn--ghost btn--sm"
          to={`/admin/contact-log?requestId=${request.id}`}
          aria-label={`Log contact for the request from ${company} for ${code}`}
        >
          Log contact
        </Link>
        {decisions.map((decision) => (
          <Button
            key={decision.kind}
            size="sm"
            variant={decision.variant}
            aria-label={actionName(decision, company, code)}
            onClick={() => onDecide(request, decision)}
          >
            {decision.label}
          </Button>
        ))}
      </div>
    </li>
  );
});
