import { noSearchLogEntriesText, searchLogRetentionDays } from '@meritmatch/contracts';
import { Card, EmptyState, LoadingState, Pager } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { useRef } from 'react';
import { useAddressFilter } from '../../shared/address-filter';
import { RefreshButton } from '../../shared/RefreshButton';
import { SearchLogFilters } from './SearchLogFilters';
import { SearchLogTable } from './SearchLogTable';
import { type SearchLogFilter, useSearchLogPage } from './search-log-query';

const filterNames = ['employer', 'code', 'from', 'to'] as const;

/** The filters and the page live in the address (?code=EM123456&page=2), so they survive a reload. */
function useSearchLogParams() {
  const { filter, params, change } = useAddressFilter(filterNames, { replace: true });
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const go = (next: { filter: SearchLogFilter; page?: number }) =>
    change(next.filter, (updated) => {
      const nextPage = next.page ?? 1;
      if (nextPage === 1) updated.delete('page');
      else updated.set('page', String(nextPage));
    });
  return { filter, page, go };
}

/**
 * /admin/search-log: every page of search results and every profile an employer was shown,
 * as the matching service logged it before showing it: when, which company, the filters, the
 * ranking's version and the candidates' codes with their scores. Only admins read it.
 */
export function SearchLogPage() {
  const { filter, page, go } = useSearchLogParams();
  const query = useSearchLogPage(filter, page);
  const top = useRef<HTMLDivElement>(null);
  const turnPage = (next: number) => {
    go({ filter, page: next });
    top.current?.scrollIntoView({ block: 'start' });
  };
  const answer = query.data;
  const filtered = Object.keys(filter).length > 0;
  return (
    <div className="stack" ref={top}>
      <Card title="Search log" actions={<RefreshButton query={query} />}>
        <p className="small muted">
          Every page of search results and every candidate profile shown to an employer is recorded before it
          is shown: the filters, the ranking&apos;s version and the candidates&apos; codes with their scores.
          Entries are kept {searchLogRetentionDays} days. Employers and job seekers never see this log.
        </p>
        <SearchLogFilters filter={filter} onApply={(next) => go({ filter: next })} />
        {query.isError ? (
          <LoadError title="The search log could not be loaded." query={query} />
        ) : !answer ? (
          <LoadingState label="Loading the search log…" />
        ) : answer.entries.length === 0 ? (
          <EmptyState
            title={noSearchLogEntriesText}
            description={
              filtered
                ? 'Nothing matches these filters. Clear them to see every entry.'
                : 'Entries appear here when an employer searches or opens a candidate profile.'
            }
          />
        ) : (
          <>
            <p className="small muted admin-count" aria-live="polite">
              {answer.pagination.totalCount} {answer.pagination.totalCount === 1 ? 'entry' : 'entries'}
              {filtered ? ' match these filters' : ' logged'}
            </p>
            <SearchLogTable entries={answer.entries} />
            <Pager pagination={answer.pagination} onPage={turnPage} label="Search log pages" />
          </>
        )}
      </Card>
    </div>
  );
}
