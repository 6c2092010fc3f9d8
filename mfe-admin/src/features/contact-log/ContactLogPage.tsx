import { noContactLogsText } from '@meritmatch/contracts';
import { Button, Card, EmptyState, LoadingState } from '@meritmatch/ui';
import { countOf, LoadError, Notice } from '@meritmatch/web-kit';
import { useMemo, useState } from 'react';
import { RefreshButton } from '../../shared/RefreshButton';
import { ContactLogForm } from './ContactLogForm';
import { ContactLogList } from './ContactLogList';
import { useContactLogs } from './contact-log-query';

export const olderEntriesFailed = 'Older entries could not be loaded. Please try again.';

/** /admin/contact-log: every contact step taken, newest first, and a form for manual entries. */
export function ContactLogPage() {
  const query = useContactLogs();
  const logs = useMemo(() => query.data?.pages.flatMap((page) => page.logs) ?? [], [query.data]);
  // the first entry of the page loaded last, which takes the focus
  const [firstLoaded, setFirstLoaded] = useState<string | null>(null);
  const loadOlder = async () => {
    const pagesBefore = query.data?.pages.length ?? 0;
    const { data } = await query.fetchNextPage();
    const loaded = data && data.pages.length > pagesBefore ? data.pages.at(-1)?.logs[0] : undefined;
    if (loaded) setFirstLoaded(loaded.id);
  };
  const paged = query.hasNextPage || (query.data?.pages.length ?? 0) > 1;
  return (
    <div className="stack">
      <Card title="Contact Log" actions={<RefreshButton query={query} />}>
        {query.isPending ? (
          <LoadingState label="Loading the contact log…" />
        ) : query.isError && !query.isFetchNextPageError ? (
          <LoadError title="The contact log could not be loaded." query={query} />
        ) : logs.length === 0 ? (
          <EmptyState
            title={noContactLogsText}
            description="Entries appear here when requests are approved, reverted or connected, and when you add one."
          />
        ) : (
          <>
            <ContactLogList logs={logs} focusEntryId={firstLoaded} />
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
