import { Button } from '@meritmatch/ui';
import { useState } from 'react';

/**
 * A log's Refresh: reads it again now. Busy only for a refresh asked for, not for a quiet one a
 * page runs every few seconds.
 */
export function RefreshButton({ query }: { query: { refetch: () => Promise<unknown> } }) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await query.refetch();
    setRefreshing(false);
  };
  return (
    <Button variant="secondary" size="sm" busy={refreshing} onClick={() => void refresh()}>
      {refreshing ? 'Refreshing…' : 'Refresh'}
    </Button>
  );
}
