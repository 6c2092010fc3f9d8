import { Card } from '@meritmatch/ui';
import { RequestQueue } from './RequestQueue';

/** /admin/requests: the match request queue on its own. */
export function RequestsPage() {
  return (
    <Card title="Match Requests">
      <p className="small muted">
        Review each employer's request. Names stay hidden until you approve; approving shares nothing with the
        employer except your notes, and the introduction is made by the admin team.
      </p>
      <RequestQueue />
    </Card>
  );
}
