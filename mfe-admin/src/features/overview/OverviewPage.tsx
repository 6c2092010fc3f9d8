import { Card } from '@meritmatch/ui';
import { RequestQueue } from '../requests/RequestQueue';
import { QuickActions } from './QuickActions';
import { StatsCards } from './StatsCards';

/** /admin: the counters, quick actions and the match request queue. */
export function OverviewPage() {
  return (
    <div className="stack">
      <h2 className="visually-hidden">Overview</h2>
      <StatsCards />
      <Card title="Quick Actions">
        <QuickActions />
      </Card>
      <Card title="Match Request Queue">
        <RequestQueue />
      </Card>
    </div>
  );
}
