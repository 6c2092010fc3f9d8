import { type ContactLogEntry, contactLogActionLabels } from '@meritmatch/contracts';
import { Badge, type BadgeTone } from '@meritmatch/ui';
import { formatDateTime } from '@meritmatch/web-kit';
import { useEffect, useRef } from 'react';

const actionTones: Record<ContactLogEntry['action'], BadgeTone> = {
  approved_match: 'success',
  reverted_to_pending: 'warning',
  rejected_match: 'danger',
  connected: 'info',
  unmatched: 'neutral',
  contact_made: 'accent',
  note: 'neutral',
  candidate_accepted: 'success',
  candidate_declined: 'danger',
  consent_withdrawn: 'warning',
  closed_on_erasure: 'neutral',
};

/**
 * The contact log, newest first (the server's order), each entry with its request and, when
 * known, the request's company and candidate code. `focusEntryId` takes the keyboard focus to
 * that entry, the first of a page just loaded, so keyboard and screen reader users go on reading
 * where the new entries start.
 */
export function ContactLogList({
  logs,
  focusEntryId = null,
}: {
  logs: readonly ContactLogEntry[];
  focusEntryId?: string | null;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!focusEntryId) return;
    const item = Array.from(list.current?.children ?? []).find(
      (node): node is HTMLElement => node instanceof HTMLElement && node.dataset.entryId === focusEntryId,
    );
    item?.focus();
  }, [focusEntryId]);
  return (
    <ul className="list admin-log" aria-label="Contact log entries" ref={list}>
      {logs.map((log) => (
        <li
          key={log.id}
          className="list-item admin-log__item"
          data-testid="contact-log-entry"
          data-action={log.action}
          data-entry-id={log.id}
          tabIndex={-1}
        >
          <div className="admin-log__head">
            <Badge tone={actionTones[log.action]}>{contactLogActionLabels[log.action]}</Badge>
            <time className="small muted" dateTime={log.created_at}>
              {formatDateTime(log.created_at)}
            </time>
          </div>
          <p className="admin-text admin-log__notes">{log.notes}</p>
          <dl className="admin-log__meta small">
            <div>
              <dt>Request</dt>
              <dd className="mono admin-id">{log.request_id}</dd>
            </div>
            {log.company_name ? (
              <div>
                <dt>Company</dt>
                <dd className="break">{log.company_name}</dd>
              </div>
            ) : null}
            {log.candidate_code ? (
              <div>
                <dt>Candidate</dt>
                <dd className="mono">{log.candidate_code}</dd>
              </div>
            ) : null}
            <div>
              <dt>Admin</dt>
              <dd className="break">{log.admin_email ?? 'System'}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
