import { detailsText, noJobSeekerAccessText, purposeText } from '@meritmatch/contracts';
import { Card, EmptyState, LoadingState, Pager } from '@meritmatch/ui';
import { formatDateTime, LoadError } from '@meritmatch/web-kit';
import { useState } from 'react';
import { useAccessLog } from './access-log-query';

/**
 * "Who viewed your details": every time the MeritMatch team read the job seeker's name,
 * e-mail or phone, when, and for which company's request. The team is named, not the
 * person in it (see `accessViewerLabel` in the contracts).
 */
export function AccessLogSection() {
  const [page, setPage] = useState(1);
  const query = useAccessLog(page);
  const answer = query.data;
  return (
    <Card title="Who viewed your details">
      <div className="stack" data-testid="access-log">
        <p className="small muted">
          Only the MeritMatch team can see your name, e-mail and phone, for example to introduce you to an
          employer whose match request was approved. Every time they do, it is listed here.
        </p>
        {query.isError ? (
          <LoadError title="This list could not be loaded." query={query} />
        ) : !answer ? (
          <LoadingState label="Loading who viewed your details…" />
        ) : answer.entries.length === 0 ? (
          <EmptyState title={noJobSeekerAccessText} />
        ) : (
          <>
            <ul className="list" aria-label="Views of your personal details">
              {answer.entries.map((entry) => (
                <li key={entry.id} className="list-item entry" data-testid="access-view">
                  <div className="entry__head">
                    <div className="entry__main">
                      <p className="entry__sub">
                        <strong>{entry.viewer}</strong> viewed your {detailsText(entry.details).toLowerCase()}
                      </p>
                      <p className="entry__meta">
                        <time dateTime={entry.read_at}>{formatDateTime(entry.read_at)}</time>
                      </p>
                    </div>
                  </div>
                  <p className="entry__text">{purposeText(entry.purpose, entry.company_name)}</p>
                </li>
              ))}
            </ul>
            <Pager pagination={answer.pagination} onPage={setPage} label="Pages of views of your details" />
          </>
        )}
      </div>
    </Card>
  );
}
