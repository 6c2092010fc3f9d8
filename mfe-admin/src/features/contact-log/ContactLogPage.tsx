import { contactLogFilterNames, noContactLogsText } from '@meritmatch/contracts';
import { Button, Card, EmptyState, LoadingState } from '@meritmatch/ui';
import { countOf, LoadError, Notice } from '@meritmatch/web-kit';
import { useMemo, useState } from 'react';
import { useAddressFilter } from '../../shared/address-filter';
import { RefreshButton } from '../../shared/RefreshButton';
import { ContactLogFilters } from './ContactLogFilters';
import { ContactLogForm } from './ContactLogForm';
import { ContactLogList } from './ContactLogList';
import { contactLogExportFailed, useContactLogExport } from './contact-log-export';
import { type ContactLogFilterParams, useContactLogs } from './contact-log-query';

export const olderEntriesFailed = 'Older entries could not be loaded. Please try again.';
export const noMatchingEntriesText = 'No entries match these filters.';

/**
 * /admin/contact-log: every contact step taken, newest first, narrowed by the filters in the
 * address (?code=EM123456&action=note), an export of what they select, and a form for manual
 * entries.
 */
export function ContactLogPage() {
  const { filter, change } = useAddressFilter(contactLogFilterNames);
  const query = useContactLogs(filter);
  const exporter = useContactLogExport();
  const logs = useMemo(() => query.data?.pages.flatMap((page) => page.logs) ?? [], [query.data]);
  // the first entry of the page loaded last, which takes the focus (in the list of that filter only)
  const [firstLoaded, setFirstLoaded] = useState<{ filter: ContactLogFilterParams; id: string } | null>(null);
  const loadOlder = async () => {
    const pagesBefore = query.data?.pages.length ?? 0;
    const { data } = await query.fetchNextPage();
    const loaded = data && data.pages.length > pagesBefore ? data.pages.at(-1)?.logs[0] : undefined;
    if (loaded) setFirstLoaded({ filter, id: loaded.id });
  };
  const paged = query.hasNextPage || (query.data?.pages.length ?? 0) > 1;
  const filtered = Object.keys(filter).length > 0;
  const clearFilters = () => change({});
  return (
    <div className="stack">
      <Card
        title="Contact Log"
        actions={
          <>
            <RefreshButton query={query} />
            <Button
              variant="secondary"
              size="sm"
              busy={exporter.isPending}
              onClick={() => exporter.mutate(filter)}
            >
              {exporter.isPending ? 'Exporting…' : 'Export CSV'}
            </Button>
          </>
        }
      >
        <Notice
          message={exporter.isError ? contactLogExportFailed : ''}
          tone="error"
          onDismiss={exporter.reset}
        />
        <ContactLogFilters filter={filter} onApply={change} />
        {query.isPending ? (
          <LoadingState label="Loading the contact log…" />
        ) : query.isError && !query.isFetchNextPageError ? (
          <LoadError title="The contact log could not be loaded." query={query} />
        ) : logs.length === 0 ? (
          filtered ? (
            <EmptyState
              title={noMatchingEntriesText}
              action={
                <Button variant="secondary" size="sm" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={noContactLogsText}
              description="Entries appear here when requests are approved, reverted or connected, and when you add one."
            />
          )
        ) : (
          <>
            <ContactLogList
              logs={logs}
              focusEntryId={firstLoaded?.filter === filter ? firstLoaded.id : null}
            />
            {paged ? (
              <div className="admin-log__more">
                <p className="small muted admin-count" role="status">
                  {query.hasNextPage
                    ? `Showing the newest ${countOf(logs.length, 'entry', 'entries')}.`
                    : `Showing all ${countOf(logs.length, 'entry', 'entries')}.`}
                </p>
                <Notice message={query.isFetchNextPageError ? olderEntriesFailed : ''} list={logs.length} />
                {query.hasNextPage ? (
                  <Button
                    variant="secondary"
                    busy={query.isFetchingNextPage}
                    onClick={() => void loadOlder()}
                  >
                    {query.isFetchingNextPage ? 'Loading older entries…' : 'Load older entries'}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </Card>
      <Card title="Add Entry">
        <ContactLogForm />
      </Card>
    </div>
  );
}
