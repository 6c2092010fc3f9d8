import { noContactLogsText } from '@meritmatch/contracts';
import { Button, Card, EmptyState, LoadingState } from '@meritmatch/ui';
import { LoadError } from '@meritmatch/web-kit';
import { useState } from 'react';
import { ContactLogForm } from './ContactLogForm';
import { ContactLogList } from './ContactLogList';
import { useContactLogs } from './contact-log-query';

/** /admin/contact-log: every contact step taken, newest first, and a form for manual entries. */
export function ContactLogPage() {
  const query = useContactLogs();
  // busy only for a refresh asked for, not for the quiet one every few seconds
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await query.refetch();
    setRefreshing(false);
  };
  return (
    <div className="stack">
      <Card
        title="Contact Log"
        actions={
          <Button variant="secondary" size="sm" busy={refreshing} onClick={() => void refresh()}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      >
        {query.isPending ? (
          <LoadingState label="Loading the contact log…" />
        ) : query.isError ? (
          <LoadError title="The contact log could not be loaded." query={query} />
        ) : query.data.length === 0 ? (
          <EmptyState
            title={noContactLogsText}
            description="Entries appear here when requests are approved, reverted or connected, and when you add one."
          />
        ) : (
          <ContactLogList logs={query.data} />
        )}
      </Card>
      <Card title="Add Entry">
        <ContactLogForm />
      </Card>
    </div>
  );
}
