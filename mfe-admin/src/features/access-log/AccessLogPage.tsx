import { noAccessRecordsText } from '@meritmatch/contracts';
import { Card, EmptyState, LoadingState, Pager } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RefreshButton } from '../../shared/RefreshButton';
import { AccessLogList } from './AccessLogList';
import { useAccessLogPage } from './access-log-query';

/** The page lives in the address (?page=2), so it survives a reload. */
function usePageParam() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const go = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { replace: true },
    );
  return { page, go };
}

/**
 * /admin/access-log: every read of a job seeker's name, e-mail or phone by an admin, as the
 * owners of those details recorded it. The job seeker sees the same reads on their dashboard.
 */
export function AccessLogPage() {
  const { page, go } = usePageParam();
  const query = useAccessLogPage(page);
  const top = useRef<HTMLDivElement>(null);
  const turnPage = (next: number) => {
    go(next);
    top.current?.scrollIntoView({ block: 'start' });
  };
  const answer = query.data;
  return (
    <div className="stack" ref={top}>
      <Card title="Data Access Log" actions={<RefreshButton query={query} />}>
        <p className="small muted">
          Every time an admin screen shows a job seeker&apos;s name, e-mail or phone, the service holding it
          records who read it, when and why. The record holds no detail itself, and the job seeker sees the
          same reads as &ldquo;MeritMatch team&rdquo;.
        </p>
        {query.isError ? (
          <LoadError title="The data access log could not be loaded." query={query} />
        ) : !answer ? (
          <LoadingState label="Loading the data access log…" />
        ) : answer.entries.length === 0 ? (
          <EmptyState
            title={noAccessRecordsText}
            description="Reads appear here when an admin opens the request queue, a candidate or user management."
          />
        ) : (
          <>
            <p className="small muted admin-count" aria-live="polite">
              {answer.pagination.totalCount} {answer.pagination.totalCount === 1 ? 'read' : 'reads'} recorded
            </p>
            <AccessLogList entries={answer.entries} />
            <Pager pagination={answer.pagination} onPage={turnPage} label="Data access log pages" />
          </>
        )}
      </Card>
    </div>
  );
}
